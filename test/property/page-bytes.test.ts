// The spill writes a page message straight as bytes (report/page-bytes.ts) only when the earlier way would have
// written it unredacted, and then byte for byte as that way did: escapeScriptFileJson(JSON.stringify(pageMessage(m))),
// redacted first (redactDeep of the message) when that JSON holds a secret pattern's literal. For any message
// (secrets, "</script>", U+2028/2029, lone surrogates, control characters, escapes that spell a literal with what
// follows) the bytes are those, or nothing is written and the caller takes the earlier way.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { spillSession } from "../../src/app/audit/spill.js";
import type { Msg } from "../../src/formats/types.js";
import { escapeScriptFileJson } from "../../src/report/escape.js";
import { pageExtras, pageMessage, pageShell } from "../../src/report/html.js";
import { DATA_PREFIX, DATA_SUFFIX } from "../../src/report/html-session.js";
import { splitJson } from "../../src/report/json.js";
import { writePageMessage } from "../../src/report/page-bytes.js";
import { mayHoldSecret, redactDeep } from "../../src/report/redact.js";
import type { ByteRoom } from "../../src/shared/json-escape.js";
import type { AuditSession } from "../../src/audit/model.js";
import { session } from "../unit/report/builders.js";

const tmp = mkdtempSync(join(tmpdir(), "sightline-page-bytes-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const pieces = fc.constantFrom(
  "AKIAIOSFODNN7EXAMPLE",
  "AWS_SECRET_ACCESS_KEY=abcd1234",
  `ghp_${"a1B2".repeat(9)}`,
  "Authorization: Bearer abcdefghijklmnopqrstuvwxyz",
  "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.sig",
  "sk-proj-abcdefghijklmnopqrstuvwx",
  "KEY",
  "eyJ",
  "\u001eyJhbGciOiJIUzI1NiJ9",
  "\u001authorization: x",
  "\u000euthorization",
  // Each case of "authorization", near misses, units whose low byte spells a literal (secret-scan.ts reads bytes).
  "AUTHORIZATION: Basic abcdefgh12345678",
  "aUtHoRiZaTiOn=abcdefgh12345678",
  "authorizatio",
  "Beare",
  "github_pa",
  "ghx_",
  "\u0141KIA",
  "sk\u012d",
  "PASS",
  "</script>",
  "<!--",
  "\u2028",
  "\u2029",
  "\u2027",
  "─",
  "\ud800",
  "\udc00",
  "\ufffd",
  "😀",
  "\u0000",
  "\u001b[31m",
  "\u000e",
  "\u001a",
  "\u001e",
  "\n",
  "\t",
  '"',
  "\\",
  "é",
  " ",
  "a",
);
const str = fc.oneof(
  fc.array(fc.oneof(pieces, fc.string({ maxLength: 12 })), { maxLength: 12 }).map((a) => a.join("")),
  fc.string({ unit: "binary", maxLength: 60 }),
  fc.constantFrom("", "user", "assistant", "toolResult"),
);

const roles: Msg["role"][] = ["system", "user", "assistant", "tool_result", "developer"];
const message: fc.Arbitrary<Msg> = fc
  .record({
    role: fc.constantFrom(...roles),
    native: fc.oneof(fc.constant<string | undefined>(undefined), fc.constant("same"), str),
    text: str,
    blockTexts: fc.array(str, { maxLength: 3 }),
    call: fc.option(fc.tuple(str, str), { nil: undefined }),
    sourceIds: fc.array(str, { maxLength: 3 }),
    reminders: fc.array(fc.record({ kind: str, sourceId: str }), { maxLength: 2 }),
    held: fc.boolean(),
  })
  .map(({ role, native, text, blockTexts, call, sourceIds, reminders, held }) => {
    const blocks: unknown[] = blockTexts.map((t) => ({ type: "text", text: t }));
    if (call) blocks.push({ type: "toolCall", id: "c1", name: call[0], arguments: { cmd: call[1] } });
    // The message text holding its blocks' texts (as most formats build it), or not.
    const full = held ? [text, ...blockTexts].join("\n") : text;
    return { role, nativeRole: (native === "same" ? role : native) as string, text: full, blocks, sourceIds, reminders };
  });

/** A message as the spill wrote it before page-bytes.ts (app/audit/spill.ts writeDetailFile's `message`). */
function earlier(m: Msg): string {
  const text = JSON.stringify(pageMessage(m));
  return escapeScriptFileJson(mayHoldSecret(text) ? JSON.stringify(pageMessage(redactDeep(m))) : text);
}

/** A ByteRoom over one buffer of `size` bytes (nothing is flushed: the test reads what was kept). */
class Room implements ByteRoom {
  readonly buf: Buffer;
  readonly scratch: Buffer;
  at = 0;
  constructor(size: number) {
    this.buf = Buffer.alloc(size, 0xaa);
    this.scratch = Buffer.alloc(size / 2);
  }
  reserve(room: number): Buffer | null {
    return this.at + room > this.buf.length ? null : this.buf;
  }
}

describe("report/page-bytes: a page message's bytes, or nothing", () => {
  it("any message: the bytes the earlier way wrote, or none (and then the earlier way redacts or hands back)", () => {
    let written = 0;
    fc.assert(
      fc.property(message, fc.boolean(), (m, first) => {
        const room = new Room(1 << 16);
        room.at = 3;
        const ok = writePageMessage(m, pageExtras(m), first, room);
        if (!ok) {
          expect(room.at).toBe(3);
          return;
        }
        written++;
        const bytes = room.buf.subarray(3, room.at).toString("utf8");
        expect(bytes).toBe(`${first ? "" : ","}${earlier(m)}`);
        // Written here only when the earlier way did not redact it: no literal, or nothing that redaction changes.
        if (mayHoldSecret(JSON.stringify(pageMessage(m)))) expect(redactDeep(m)).toBe(m);
      }),
      { numRuns: 1500 },
    );
    // The property is not vacuous: most generated messages have no literal in them.
    expect(written).toBeGreaterThan(150);
  }, 30_000);

  it("hands back a message larger than the room, writing nothing", () => {
    const m: Msg = { role: "user", nativeRole: "user", text: "x".repeat(1000), blocks: [], sourceIds: ["a"], reminders: [] };
    const room = new Room(4096);
    expect(writePageMessage(m, undefined, true, room)).toBe(false);
    expect(room.at).toBe(0);
    const big = new Room(1 << 14);
    expect(writePageMessage(m, undefined, true, big)).toBe(true);
    expect(big.buf.subarray(0, big.at).toString()).toBe(earlier(m));
  });

  it("hands back a secret to redact; writes a literal that is no secret, a literal spelt through an escape, and the rest", () => {
    const write = (text: string, over: Partial<Msg> = {}) => {
      const m: Msg = { role: "user", nativeRole: "user", text, blocks: [], sourceIds: ["a"], reminders: [], ...over };
      const room = new Room(1 << 12);
      const ok = writePageMessage(m, undefined, true, room);
      if (ok) expect(room.buf.subarray(0, room.at).toString()).toBe(earlier(m));
      return ok;
    };
    expect(write("plain </script> \u2028 \u2029 \u001b[0m")).toBe(true);
    expect(write("AWS_KEY=AKIAIOSFODNN7EXAMPLE")).toBe(false);
    expect(write("Authorization: Bearer abcdefghijklmnopqrstuvwxyz")).toBe(false);
    expect(write("the KEY variable and the eyJ prefix")).toBe(true);
    expect(write("\u001eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.sig")).toBe(true);
    expect(write("lone \ud800")).toBe(false);
    expect(write("U+FFFD \ufffd")).toBe(false);
    expect(write("ok", { sourceIds: [`ghp_${"a1B2".repeat(9)}`] })).toBe(false);
    expect(write("ok", { nativeRole: "TOKEN=abcdef" })).toBe(false);
    expect(write("ok", { reminders: [{ kind: "KEY", sourceId: "SECRET=abc" }] })).toBe(false);
    expect(write("ok", { sourceIds: [7 as unknown as string] })).toBe(false);
  });
});

/** The detail file as the spill wrote it before page-bytes.ts (writeDetailFile, each value redacted where its JSON may hold a secret). */
function earlierFile(s: AuditSession): Buffer {
  const value = (v: unknown) => {
    const text = JSON.stringify(v) as string | undefined;
    return text === undefined || !mayHoldSecret(text) ? text : JSON.stringify(redactDeep(v));
  };
  const shell = pageShell(s);
  const [before, after] = splitJson(shell, "messages", value);
  const body = `${before}${shell.messages.map(earlier).join(",")}${after}`;
  return Buffer.from(DATA_PREFIX + escapeScriptFileJson(body) + DATA_SUFFIX);
}

describe("app/audit/spill: the detail file of any session is the earlier way's, byte for byte", () => {
  it("sessions of arbitrary messages (through the spill's file writer)", () => {
    let n = 0;
    fc.assert(
      fc.property(fc.array(message, { minLength: 1, maxLength: 12 }), (messages) => {
        const s = session("p.jsonl", [messages]);
        const key = String(n++).padStart(6, "0");
        spillSession(tmp, key, s, false);
        expect(readFileSync(join(tmp, `${key}.js`)).equals(earlierFile(s))).toBe(true);
      }),
      { numRuns: 150 },
    );
  }, 30_000);
});
