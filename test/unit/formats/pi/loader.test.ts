// Loader verdict (design §5, pi-session-format §1, §2.1, §10): skipped lines, the header rule, the title slot.
import { describe, expect, it } from "vitest";
import { buildPiContext } from "../../../../src/formats/pi/context.js";
import { createPiParser, sniffPi } from "../../../../src/formats/pi/parse.js";
import { ByteLineSplitter } from "../../../../src/io/lines.js";
import { splitText } from "../../../../src/shared/lines.js";
import { codes, parseFixture, parseText, readFixture } from "./helpers.js";

const at = (s: ReturnType<typeof parseText>, code: string) => s.diagnostics.filter((d) => d.code === code).map((d) => d.line);

describe("pi-session-format §1 loader verdict: skipped lines", () => {
  it("§1 blank, unparseable and torn lines are each one skipped_line (loader: true); the rest is read", () => {
    const s = parseFixture("hand/blank-and-bad-lines.jsonl");
    const skipped = s.diagnostics.filter((d) => d.code === "skipped_line");
    expect(skipped.map((d) => [d.line, d.loader, d.severity])).toEqual([
      [2, true, "warning"],
      [4, true, "warning"],
      [5, true, "warning"],
      [7, true, "warning"],
    ]);
    expect(skipped[3].args!.reason).toMatch(/^torn last line/);
    expect(s.entries.map((e) => e.id)).toEqual(["a1", "a2"]);
    expect(s.empty).toBe(false);
    expect(codes(s, "error")).toEqual([]);
  });

  it("bad input on a copy of the real fixture: a bad JSON line and a torn last line give exactly those two skipped_line", () => {
    const lines = readFixture("before-compaction.jsonl").split("\n");
    lines.pop(); // the trailing newline's empty piece
    const last = lines.pop()!;
    lines.splice(99, 0, '{"type":"message", oops');
    const text = lines.join("\n") + "\n" + last.slice(0, 40);
    const s = parseText(text);
    expect(s.diagnostics.filter((d) => d.loader).map((d) => [d.code, d.line])).toEqual([
      ["skipped_line", 100],
      ["skipped_line", 1004],
    ]);
    expect(s.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    expect(s.entries.length).toBe(1001);
    // The loader counts parsed records, not physical lines: the kept entry is still the same user message.
    const c = s.entries.filter((e) => e.type === "compaction");
    expect(c.map((e) => e.raw.firstKeptEntryId)).toEqual(["294", "552"]);
    expect((s.byId.get("294")!.raw.message as { role: string }).role).toBe("user");
    expect(buildPiContext(s, undefined, { profile: "pi" }).messages.length).toBe(446);
  });

  it("§1 a first record that is not a session header: the file is read as empty (empty_session, loader, error)", () => {
    const s = parseFixture("hand/not-a-header.jsonl");
    expect(s.diagnostics.filter((d) => d.loader).map((d) => [d.code, d.line, d.severity])).toEqual([["empty_session", 1, "error"]]);
    expect([s.empty, s.entries.length, s.header, s.tree.activeLeafId]).toEqual([true, 0, null, null]);
    expect(buildPiContext(s, undefined).messages).toEqual([]);
  });

  it("§1 a session header without a string id: empty_session", () => {
    const s = parseFixture("hand/header-without-id.jsonl");
    expect(codes(s, "error")).toEqual(["empty_session"]);
    expect(s.entries).toEqual([]);
  });

  it("§1 an empty text and a text of blank lines are empty sessions", () => {
    expect(codes(parseText(""), "error")).toEqual(["empty_session"]);
    const s = parseText("\n\n");
    expect(codes(s)).toContain("empty_session");
    expect(at(s, "skipped_line")).toEqual([1, 2]);
  });

  it("§1 an unparseable first line is skipped and the next record is the header", () => {
    const s = parseText('{"type":"sess\n{"type":"session","version":3,"id":"x","timestamp":"t","cwd":"/"}\n');
    expect([s.empty, s.id, at(s, "skipped_line")]).toEqual([false, "x", [1]]);
  });

  it("invalid UTF-8 lines are errors but still read; CRLF is noted once", () => {
    const p = createPiParser({ file: "f" });
    const lines = splitText(
      '{"type":"session","version":3,"id":"x","timestamp":"t","cwd":"/"}\r\n{"type":"custom","id":"a","parentId":null,"timestamp":"t","customType":"\uFFFD"}\r\n',
    );
    lines[1].invalidUtf8 = true;
    for (const l of lines) p.push(l);
    const s = p.finish();
    expect(s.diagnostics.filter((d) => d.severity !== "info").map((d) => [d.code, d.line])).toEqual([["INVALID_UTF8", 2]]);
    expect(s.diagnostics.filter((d) => d.code === "CRLF_LINE").map((d) => d.line)).toEqual([1]);
    expect(s.entries.map((e) => e.id)).toEqual(["a"]);
  });

  it("a valid JSON last line without a newline is read, with TORN_LAST_LINE", () => {
    const s = parseText(
      '{"type":"session","version":3,"id":"x","timestamp":"t","cwd":"/"}\n{"type":"custom","id":"a","parentId":null,"timestamp":"t","customType":"c"}',
    );
    expect(at(s, "TORN_LAST_LINE")).toEqual([2]);
    expect(s.entries.length).toBe(1);
  });

  it("JSON that is not an entry object is reported and not an entry; __proto__ keys stay data", () => {
    const s = parseText(
      '{"type":"session","version":3,"id":"x","timestamp":"t","cwd":"/"}\n[1]\nnull\n{"type":"custom","id":"a","parentId":null,"timestamp":"t","customType":"c","__proto__":{"polluted":1}}\n',
    );
    expect(at(s, "PI_NOT_AN_ENTRY")).toEqual([2, 3]);
    expect(s.entries.length).toBe(1);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("lone surrogates are reported with a pointer", () => {
    const s = parseText(
      '{"type":"session","version":3,"id":"x","timestamp":"t","cwd":"/"}\n{"type":"custom","id":"a","parentId":null,"timestamp":"t","customType":"\\ud800"}\n',
    );
    expect(s.diagnostics.filter((d) => d.code === "LONE_SURROGATE").map((d) => [d.line, d.pointer])).toEqual([[2, "/customType"]]);
  });

  it("200 000-deep nesting is TOO_DEEP, not a crash", () => {
    const deep = "[".repeat(200_000) + "]".repeat(200_000);
    const s = parseText(`{"type":"session","version":3,"id":"x","timestamp":"t","cwd":"/"}\n${deep}\n`);
    expect(at(s, "TOO_DEEP")).toEqual([2]);
  });
});

describe("pi-session-format §2.1 title slot (v17)", () => {
  it("§2.1 [oracle] a first line of type title is the slot; the next line is the header; title and source are folded in", () => {
    const s = parseFixture("hand/title-slot-folded.jsonl");
    expect(readFixture("hand/title-slot-folded.jsonl").indexOf("\n")).toBe(255); // 256 bytes with the newline
    expect(s.titleSlot).toMatchObject({ line: 1, title: "Fix the build", source: "user" });
    expect(s.header).toMatchObject({ title: "Fix the build", titleSource: "user", id: "s1" });
    expect(s.headerLine).toBe(2);
    expect(s.entries.map((e) => e.id)).toEqual(["a1", "a2"]);
    expect(s.diagnostics.filter((d) => d.severity !== "info")).toEqual([]);
  });

  it("§2.1 an empty slot title removes the header's title", () => {
    const s = parseFixture("omp17-branch-after-gap/session.jsonl");
    expect(s.header!.title).toBeUndefined();
    expect(s.titleSlot!.title).toBe("");
  });

  it("§2.1 a title line the v17 loader does not accept as a slot (no pad) is the first record: empty session", () => {
    const s = parseFixture("hand/title-slot-without-pad.jsonl");
    expect(s.titleSlot).toBeNull();
    expect(codes(s, "error")).toEqual(["empty_session"]);
  });

  it("design §2 sniffing: a session header or a title slot first", () => {
    expect([sniffPi({ type: "session" }), sniffPi({ type: "title" }), sniffPi({ kind: "segment_start" }), sniffPi(null)]).toEqual([true, true, false, false]);
  });
});

describe("pi-session-format §4 real v17 lines [oracle]", () => {
  it("§4 ttsr_injection and a custom_message with its base fields last are read as entries of the tree", () => {
    const s = parseFixture("omp17-written-tool-reminder.jsonl");
    const cm = s.byId.get("34044101")!;
    expect([cm.type, cm.parentId, cm.line, Object.keys(cm.raw).slice(-3)]).toEqual(["custom_message", "aca8be7e", 7, ["id", "parentId", "timestamp"]]);
    expect(s.byId.get("577858e8")!.raw.injectedRules).toEqual(["no-any"]);
    expect(buildPiContext(s, undefined).injectedTtsrRules).toEqual(["no-any", "r1"]);
  });
});

describe("lone surrogates: looked for only in lines that hold an escape", () => {
  const text = [
    '{"type":"session","version":3,"id":"s","timestamp":"2025-01-01T00:00:00.000Z","cwd":"/w"}',
    '{"type":"message","id":"a","parentId":null,"timestamp":"2025-01-01T00:00:01.000Z","message":{"role":"user","content":"plain","timestamp":1}}',
    '{"type":"message","id":"b","parentId":"a","timestamp":"2025-01-01T00:00:02.000Z","message":{"role":"user","content":"bad \\ud800 here","timestamp":2}}',
    "",
  ].join("\n");

  it("reports the escaped lone surrogate whether the text is split as text or as bytes in any chunks", () => {
    expect(at(parseText(text), "LONE_SURROGATE")).toEqual([3]);
    const bytes = Buffer.from(text, "utf8");
    for (const size of [1, 7, 64, bytes.length]) {
      const p = createPiParser({ file: "t.jsonl" });
      const splitter = new ByteLineSplitter((l) => p.push(l));
      for (let i = 0; i < bytes.length; i += size) splitter.push(bytes.subarray(i, i + size));
      splitter.end();
      expect(at(p.finish(), "LONE_SURROGATE")).toEqual([3]);
    }
  });
});
