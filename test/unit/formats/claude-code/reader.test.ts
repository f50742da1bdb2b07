// Detection, validation and the digest check of the Claude Code reader (docs/claude-code.md §1, §3, §5), on
// files the real CLI wrote, edited line by line where a finding needs a damaged file.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { isSession, moduleOf, parseSession } from "../../../../src/formats/index.js";

const ROOT = join(import.meta.dirname, "../../../../fixtures/claude-code");
const project = (release: string, scenario: string) => join(ROOT, release, scenario, "projects", "-tmp-cc-project");
const mainFile = (release: string, scenario: string) => {
  const dir = project(release, scenario);
  return join(dir, readdirSync(dir).find((n) => n.endsWith(".jsonl")) as string);
};
const subagentFile = (release: string) => {
  const dir = project(release, "subagent");
  const sid = readdirSync(dir).find((n) => !n.endsWith(".jsonl")) as string;
  const sub = join(dir, sid, "subagents");
  return join(sub, readdirSync(sub).find((n) => n.endsWith(".jsonl")) as string);
};
const lines = (f: string) => readFileSync(f, "utf8").trimEnd().split("\n");
const parse = (text: string) => {
  const s = parseSession(text, { file: "t.jsonl" });
  if (!isSession(s)) throw new Error(s.diagnostics.map((d) => d.message).join("; "));
  return s;
};
const codes = (text: string) => parse(text).diagnostics.map((d) => d.code);

describe("detection", () => {
  it("a subagent transcript (first line a sidechain user entry) is a Claude Code session, not Scorel", () => {
    for (const release of ["2.1.328", "2.1.220"]) {
      const s = parse(readFileSync(subagentFile(release), "utf8"));
      expect(s.format).toBe("claude-code");
      expect(moduleOf(s).turns(s)).toHaveLength(1);
    }
  });
  it("the profile follows the request records, and --profile overrides", () => {
    expect(parse(readFileSync(mainFile("2.1.328", "tools"), "utf8")).profile).toBe("cc-2.1");
    expect(parse(readFileSync(mainFile("2.1.220", "tools"), "utf8")).profile).toBe("cc-2.1-early");
    const forced = parseSession(readFileSync(mainFile("2.1.328", "tools"), "utf8"), { file: "t", profile: "cc-2.1-early" });
    expect(isSession(forced) && forced.profile).toBe("cc-2.1-early");
  });
  it("does not claim a line that only looks like one (no uuid, unknown type)", () => {
    expect(parseSession('{"type":"user","version":"1","sessionId":"s","message":{}}\n', { file: "x" }).format).not.toBe("claude-code");
    expect(parseSession('{"type":"hello","sessionId":"s"}\n', { file: "x" }).format).toBeNull();
  });
});

describe("validation", () => {
  const text = lines(mainFile("2.1.328", "tools"));
  it("a file the CLI wrote has no finding", () => {
    expect(codes(`${text.join("\n")}\n`)).toEqual([]);
  });
  it("a request record whose digest does not match is an error, and the turn says so", () => {
    const i = text.findIndex((l) => l.includes('"type":"api-request"'));
    const bad = [...text];
    bad[i] = (bad[i] as string).replace(/"requestDigest":"[0-9a-f]{4}/, '"requestDigest":"0000');
    const s = parse(`${bad.join("\n")}\n`);
    expect(s.diagnostics.map((d) => [d.code, d.line])).toEqual([["CC_DIGEST_MISMATCH", i + 1]]);
    expect([...moduleOf(s).turnContexts(s)].map((t) => t.requestCheck)).toEqual(["digest-mismatch", "verified", "verified"]);
  });
  it("a shape changed under the same shapeHash is checked against its own bytes, also after a session that had the original", () => {
    const i = text.findIndex((l) => l.includes('"type":"api-request-shape"'));
    const changed = [...text];
    // One character of the system prompt, the recorded shapeHash kept: every request of that shape no longer matches.
    changed[i] = (changed[i] as string).replace(/("text":"[^"]*?)e/, "$1E");
    expect(changed[i]).not.toBe(text[i]);
    expect(codes(`${text.join("\n")}\n`)).toEqual([]);
    const s = parse(`${changed.join("\n")}\n`);
    expect(s.diagnostics.map((d) => d.code)).toEqual(["CC_DIGEST_MISMATCH", "CC_DIGEST_MISMATCH", "CC_DIGEST_MISMATCH"]);
    expect(codes(`${text.join("\n")}\n`)).toEqual([]);
  });
  it("a tail hash the file cannot resolve leaves the request unbuilt, with a finding", () => {
    const blob = text.findIndex((l) => l.includes('"type":"api-request-blob"'));
    const s = parse(`${text.filter((_, j) => j !== blob).join("\n")}\n`);
    expect(s.diagnostics.map((d) => d.code)).toContain("CC_REQUEST_PART_MISSING");
    const first = [...moduleOf(s).turnContexts(s)][0];
    expect(first?.requestCheck).toBe("incomplete");
    expect(first?.request).toBeUndefined();
  });
  it("an unknown record type is PROFILE_NEWER; duplicate and dangling uuids are errors", () => {
    expect(codes(`${[...text, '{"type":"brand-new-record","sessionId":"s"}'].join("\n")}\n`)).toEqual(["PROFILE_NEWER"]);
    const user = text.find((l) => l.includes('"type":"user"')) as string;
    const other = user.replace(/"timestamp":"[^"]+"/, '"timestamp":"2000-01-01T00:00:00.000Z"');
    expect(other).not.toBe(user);
    expect(codes(`${[...text, other].join("\n")}\n`)).toEqual(["CC_DUPLICATE_UUID"]);
    const dangling = user.replace(/"uuid":"[^"]+"/, '"uuid":"u-new"').replace(/"parentUuid":(null|"[^"]+")/, '"parentUuid":"nowhere"');
    expect(codes(`${[...text, dangling].join("\n")}\n`)).toEqual(["CC_DANGLING_PARENT"]);
  });
  it("an entry written again under its uuid (the same fields, more beside them) is a note, not an error; the first line is read", () => {
    // 2.1.220 writes the prompt that triggered an automatic compaction twice, the second line with a slug added.
    const user = text.find((l) => l.includes('"type":"user"')) as string;
    const again = user.replace(/\}$/, ',"slug":"cached-hatching-meerkat"}');
    for (const extra of [user, again]) {
      const s = parse(`${[...text, extra].join("\n")}\n`);
      const d = s.diagnostics.map((x) => [x.code, x.severity, x.message]);
      expect(d).toEqual([
        ["CC_ENTRY_REWRITTEN", "info", expect.stringMatching(extra === user ? /written again; the first line is read$/ : /written again with slug added;/)],
      ]);
      expect(s.diagnostics[0]?.line).toBe(text.length + 1);
    }
    // One field of the first line changed or missing: another entry under the same uuid.
    const dropped = user.replace(/"cwd":"[^"]+",/, "");
    expect(dropped).not.toBe(user);
    expect(codes(`${[...text, dropped].join("\n")}\n`)).toEqual(["CC_DUPLICATE_UUID"]);
  });
  it("the lines of one streamed message disagreeing on requestId are an error", () => {
    const t = lines(mainFile("2.1.220", "tools"));
    const a = t.findIndex((l) => l.includes('"type":"assistant"'));
    const bad = [...t];
    bad[a] = (bad[a] as string).replace(/"requestId":"[^"]+"/, '"requestId":"req_other"');
    expect(codes(`${bad.join("\n")}\n`)).toEqual(["CC_SPLIT_INCONSISTENT"]);
  });
});

describe("turns and compactions", () => {
  it("one turn per API request; the compaction shows its summary and token counts", () => {
    for (const release of ["2.1.328", "2.1.220"]) {
      const s = parse(readFileSync(mainFile(release, "compact"), "utf8"));
      const m = moduleOf(s);
      expect(m.turns(s)).toHaveLength(3);
      const [c] = m.compactions(s);
      expect(c?.summary).toContain("The user asked to remember tangerine and 42.");
      expect(c?.tokensBefore).toBe(120);
      // After the compaction the context starts with the summary and keeps the preserved reply.
      const after = m.toMsgs(s, m.buildContext(s, c?.afterLeafId ?? null));
      expect(after[0]?.text).toContain("This session is being continued");
      expect(after.map((x) => x.text)).toContain("Noted: 42.");
    }
  });
});
