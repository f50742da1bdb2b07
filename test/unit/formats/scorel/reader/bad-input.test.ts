// design §8 bad input: clear diagnostics, no throw, inputs never modified.
import { describe, expect, it } from "vitest";
import { createScorelParser, parseScorel } from "../../../../../src/formats/scorel/parse.js";
import { CUT_MARKER } from "../../../../../src/formats/scorel/records.js";
import { splitText } from "../../../../../src/shared/lines.js";
import { byCode, codes, header, IS, jsonl, parse, parseFixture, U } from "./helpers.js";

describe("bad input (design §8)", () => {
  it("empty file: EMPTY_FILE and the missing_header verdict", () => {
    const s = parse("");
    expect(codes(s)).toEqual(["EMPTY_FILE", "PROFILE_CHOSEN", "missing_header"]);
    expect(s.lineCount).toBe(0);
  });
  it("a file of empty lines: missing_header and EMPTY_FILE", () => {
    const s = parse("\n\n\n");
    expect(s.verdict).toMatchObject({ code: "missing_header" });
    expect(byCode(s, "EMPTY_FILE")).toHaveLength(1);
  });
  it("lone surrogates: a warning with the pointer, the line still loads", () => {
    const s = parseFixture("bad-input/lone-surrogate.jsonl");
    expect(s.verdict).toBeNull();
    expect(byCode(s, "LONE_SURROGATE")[0]).toMatchObject({ line: 3, pointer: "/message/content/0/text" });
  });
  it("lone surrogates are found however the line says it holds no escape: raw in the text, escaped, or cut from a pair", () => {
    // The reader looks for an escape only when the splitter saw a "\\u", and for a raw lone surrogate always.
    const rawLone = JSON.stringify(U("u1", null, 2)).replace('"text":"hi"', '"text":"a\ud800b"');
    const escaped = JSON.stringify(U("u1", null, 2)).replace('"text":"hi"', '"text":"a\\udc00b"');
    const pair = JSON.stringify(U("u1", null, 2)).replace('"text":"hi"', '"text":"\ud83d\ude00"');
    for (const [text, pointer] of [
      [rawLone, "/message/content/0/text"],
      [escaped, "/message/content/0/text"],
      [pair, undefined],
    ] as const) {
      const s = createScorelParser({ file: "x" });
      s.push({ no: 1, text: JSON.stringify(header()), terminated: true });
      s.push({ no: 2, text: JSON.stringify(IS("is", 1)), terminated: true });
      s.push({ no: 3, text, terminated: true, noUnicodeEscape: !text.includes("\\u") });
      expect(byCode(s.finish(), "LONE_SURROGATE").map((d) => d.pointer)).toEqual(pointer ? [pointer] : []);
    }
  });
  it("many brackets, shallow: no TOO_DEEP (the bracket count alone does not decide)", () => {
    const wide = `[${"[],".repeat(3000)}[]]`;
    const text = jsonl(header(), IS("is", 1)) + JSON.stringify(U("u1", null, 2)).replace('"text":"hi"', `"text":"hi","wide":${wide}`) + "\n";
    expect(byCode(parse(text), "TOO_DEEP")).toEqual([]);
  });
  it("invalid UTF-8 flagged by the byte reader becomes INVALID_UTF8 on that line", () => {
    const s = createScorelParser({ file: "x" });
    s.push({ no: 1, text: JSON.stringify(header()), terminated: true });
    s.push({ no: 2, text: JSON.stringify(IS("is", 1)).replace("baseline", "base\uFFFDline"), terminated: true, invalidUtf8: true });
    expect(byCode(s.finish(), "INVALID_UTF8")).toMatchObject([{ line: 2, severity: "error" }]);
  });
  it("__proto__ and constructor keys stay data and pollute nothing", () => {
    const s = parseFixture("bad-input/proto-keys.jsonl");
    expect(s.verdict).toBeNull();
    const args = (s.events[2].raw.message as { content: Array<{ args: Record<string, unknown> }> }).content[0].args;
    expect(Object.hasOwn(args, "__proto__")).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getPrototypeOf(args)).toBe(Object.prototype);
  });
  it("very deep nesting: TOO_DEEP, the event is kept with the deep part cut off, the loader verdict is unaffected", () => {
    const deep = "[".repeat(200_000) + "]".repeat(200_000);
    const text = jsonl(header(), IS("is", 1)) + JSON.stringify(U("u1", null, 2)).replace('"text":"hi"', `"text":"hi","deep":${deep}`) + "\n";
    const s = parse(text);
    expect(s.verdict).toBeNull();
    expect(byCode(s, "TOO_DEEP")).toMatchObject([{ line: 3, severity: "error" }]);
    expect(s.tree.nodes).toEqual(["u1"]);
    expect(JSON.stringify(s.events[1].raw)).toContain(CUT_MARKER);
  });
  it("unknown types and wrong types: one finding each, nothing thrown", () => {
    const s = parseFixture("bad-input/wrong-types.jsonl");
    expect(s.verdict).toMatchObject({ code: "invalid_event", message: "Event is missing required base fields" });
    expect(byCode(s, "SCOREL_INV_06_INVALID_EVENT")).toHaveLength(2);
    expect(byCode(s, "SCOREL_INV_16_HARNESS_ITEM")).toHaveLength(1);
  });
  it("binary garbage and JSON scalars do not throw", () => {
    for (const t of ["\u0000\u0001\u0002", 'null\n1\n"x"\n[]\n', "{}\n{}\n", '{"version":1}\n{"type":null}\n', '{"type":"user_message","sessionId":1}\n']) {
      expect(() => parse(t)).not.toThrow();
      expect(() => parse(t, "g0")).not.toThrow();
      expect(() => parse(t, "design")).not.toThrow();
    }
  });
  it("streaming: pushing lines one at a time equals parseScorel", () => {
    const text = jsonl(header(), IS("is", 1), U("u1", null, 2)) + "{bad\n";
    const sink = createScorelParser({ file: "f" });
    for (const l of splitText(text)) sink.push(l);
    const a = sink.finish();
    const b = parseScorel(text, { file: "f" });
    expect(a.diagnostics).toEqual(b.diagnostics);
    expect(a.tree).toEqual(b.tree);
    expect(a.lineCount).toBe(4);
  });
});
