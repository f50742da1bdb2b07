// The spill writer encodes a session's pieces through one reused buffer: whatever the text (a message
// larger than the buffer, multi-byte characters across its boundaries, lone surrogates, script-breaking
// characters, secrets), each piece is byte for byte what the whole-document projections produce.
import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { makeSpillDir } from "../../../../src/io/spill.js";
import { spillSession } from "../../../../src/app/audit/spill.js";
import { jsonForScriptFile } from "../../../../src/report/escape.js";
import { pageSession } from "../../../../src/report/html.js";
import { DATA_PREFIX, DATA_SUFFIX } from "../../../../src/report/html-session.js";
import type { AuditSession } from "../../../../src/audit/model.js";
import { redactDeep } from "../../../../src/report/redact.js";
import { diagnostic, msg, session } from "../../report/builders.js";

const AWS = "AKIAIOSFODNN7EXAMPLE";
const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function spilled(s: AuditSession) {
  const dir = makeSpillDir();
  dirs.push(dir);
  const digest = spillSession(dir, "000000", s);
  const read = (ext: string) => readFileSync(join(dir, `000000${ext}`));
  return { digest, read };
}

/** Messages of every awkward kind, together well over the writer's 1 MiB buffer. */
function awkward(secret: string): AuditSession {
  const texts = [
    "x".repeat(1_500_000), // one piece larger than the buffer
    "é😀中".repeat(150_000), // 4- and 3-byte characters straddling buffer ends
    "lone \ud800 high and \udc00 low surrogates",
    "</script><!-- & \u2028 \u2029 >",
    `export ${secret}`,
  ];
  const messages = [];
  for (let i = 0; i < 40; i++) messages.push(msg(i % 2 ? "assistant" : "user", `${texts[i % texts.length].slice(0, 40_000 + i)} #${i}`));
  messages.push(...texts.map((t) => msg("user", t)));
  return session("awkward.jsonl", [messages]);
}

/** The whole detail file (sessions/<n>.js) of a session: what the spill writes, for the report to move into place. */
const page = (s: AuditSession) => Buffer.from(DATA_PREFIX + jsonForScriptFile(pageSession(s)) + DATA_SUFFIX);

describe("app/audit/spill: pieces equal the whole-document projections", () => {
  it("a session with a secret: raw JSON and the redacted session of its detail file", () => {
    const s = awkward(`AWS_KEY=${AWS}`);
    const red = redactDeep(s);
    expect(red).not.toBe(s);
    const { digest, read } = spilled(s);
    expect(digest.clean).toBe(false);
    expect(read(".json").equals(Buffer.from(JSON.stringify(s)))).toBe(true);
    expect(read(".js").equals(page(red))).toBe(true);
    expect(read(".js").toString()).not.toContain(AWS);
  });
  it("a clean session: its detail file's session is the session as it is", () => {
    const s = awkward("nothing to hide");
    const { digest, read } = spilled(s);
    expect(digest.clean).toBe(true);
    expect(read(".json").equals(Buffer.from(JSON.stringify(s)))).toBe(true);
    expect(read(".js").equals(page(s))).toBe(true);
  });
  // The detail file is redacted value by value, only where its JSON holds a secret pattern's literal.
  const TOKEN = `ghp_${"a1B2".repeat(9)}`;
  it("a secret in a tool call the page shows: redacted as the whole session would be", () => {
    const call = msg("assistant", "calling", {
      blocks: [
        { type: "text", text: "calling" },
        { type: "toolCall", name: "sh", arguments: { cmd: `curl -H 'Authorization: Bearer ${TOKEN}'` } },
      ],
    });
    const s = session("call.jsonl", [[msg("user", "go"), call]]);
    const { digest, read } = spilled(s);
    expect(digest.clean).toBe(false);
    expect(read(".js").equals(page(redactDeep(s)))).toBe(true);
    expect(read(".js").toString()).not.toContain(TOKEN);
  });
  it("a secret only in a finding: the page and the digest say so", () => {
    const s = session("diag.jsonl", [[msg("user", "go")]], { diagnostics: [diagnostic({ message: `bad line: AWS_KEY=${AWS}` })] });
    const { digest, read } = spilled(s);
    expect(digest.clean).toBe(false);
    expect(read(".js").equals(page(redactDeep(s)))).toBe(true);
    expect(read(".js").toString()).not.toContain(AWS);
  });
  it("a secret only in the finding's details, which the page leaves out: the run's copy is still not clean", () => {
    const s = session("args.jsonl", [[msg("user", "go")]], { diagnostics: [diagnostic({ args: { value: `AWS_KEY=${AWS}` } })] });
    const { digest, read } = spilled(s);
    expect(read(".js").equals(page(s))).toBe(true);
    expect(digest.clean).toBe(false);
  });
  it("a secret only in what the page does not show (an image's payload, shown as its size): clean, the page as it is", () => {
    const s = session("blocks.jsonl", [
      [
        msg("user", "see attached", {
          blocks: [
            { type: "text", text: "see attached" },
            { type: "image", mimeType: "image/png", data: AWS },
          ],
        }),
      ],
    ]);
    expect(redactDeep(s)).not.toBe(s);
    const { digest, read } = spilled(s);
    expect(read(".js").equals(page(s))).toBe(true);
    expect(read(".js").toString()).toContain("[image image/png · 15 bytes]");
    expect(digest.clean).toBe(true);
  });
  // A block's text that the message text does not hold is on the page (page-extras.ts), so it is redacted there.
  it("a secret in a text block beside a clean text: shown, so redacted", () => {
    const s = session("blocks.jsonl", [[msg("user", "see attached", { blocks: [{ type: "text", text: `AWS_KEY=${AWS}` }] })]]);
    const { digest, read } = spilled(s);
    expect(read(".js").equals(page(redactDeep(s)))).toBe(true);
    expect(read(".js").toString()).not.toContain(AWS);
    expect(digest.clean).toBe(false);
  });
  it("an anchor literal that is no secret (a variable named KEY): the page as it is, clean", () => {
    const s = session("anchor.jsonl", [[msg("user", "the KEY variable and the eyJ prefix")]]);
    const { digest, read } = spilled(s);
    expect(read(".js").equals(page(s))).toBe(true);
    expect(digest.clean).toBe(true);
  });
});
