// shared/json: parsing never throws or recurses; depth is guarded before recursive walkers see a value.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { copyRecord, findLoneSurrogate, hasLoneSurrogate, jsonDepth, openingBracketsExceed, parseJson } from "../../../src/shared/json.js";

describe("shared/json", () => {
  it("jsonDepth ignores brackets inside strings and escapes", () => {
    expect(jsonDepth('{"a":[1,{"b":"[[{{\\"]"}]}')).toBe(3);
    expect(jsonDepth("1")).toBe(0);
  });
  it("parseJson rejects 200 000-deep nesting as too deep instead of handing it on", () => {
    const deep = "[".repeat(200_000) + "]".repeat(200_000);
    const r = parseJson(deep);
    expect(r).toMatchObject({ ok: false, tooDeep: true });
  });
  it("parseJson reports the column of a syntax error", () => {
    const r = parseJson('{"a":1,}');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.column).toBe(8);
  });
  it("the bracket pre-count never hides a text that is too deep (property)", () => {
    fc.assert(
      fc.property(fc.json({ maxDepth: 8 }), fc.integer({ min: 1, max: 6 }), (text, limit) => {
        const exceeds = jsonDepth(text) > limit;
        // The cheap count is an upper bound: whenever the exact depth exceeds the limit, so does the count.
        if (exceeds) expect(openingBracketsExceed(text, limit)).toBe(true);
        expect(parseJson(text, limit).ok).toBe(!(text.length > 2 * limit && exceeds));
      }),
      { numRuns: 500 },
    );
  });
  it("a bracket count given by the caller (the byte reader's) gives the same answer as counting (property)", () => {
    const count = (t: string) => [...t].filter((c) => c === "{" || c === "[").length;
    fc.assert(
      fc.property(fc.json({ maxDepth: 8 }), fc.integer({ min: 1, max: 6 }), (text, limit) => {
        expect(parseJson(text, limit, count(text))).toEqual(parseJson(text, limit));
      }),
      { numRuns: 500 },
    );
    const deep = `${"[".repeat(1001)}${"]".repeat(1001)}`;
    expect(parseJson(deep, 1000, 1001)).toMatchObject({ ok: false, tooDeep: true });
    // The count rules the depth scan out: a wrong (low) count lets the text through, which is why only the reader's count is given.
    expect(parseJson(deep, 1000, 1000).ok).toBe(true);
  });
  it("finds lone surrogates in keys and values, and accepts proper pairs", () => {
    expect(hasLoneSurrogate("\ud83d\ude00")).toBe(false);
    expect(hasLoneSurrogate("a\ud800b")).toBe(true);
    expect(findLoneSurrogate({ ok: "x", list: ["y", { "k\udc00": 1 }] })).toBe("/list/1/k\udc00");
    expect(findLoneSurrogate(JSON.parse('{"a":"\\ud800"}'))).toBe("/a");
    expect(findLoneSurrogate({ a: "fine" })).toBeUndefined();
  });

  it("copyRecord copies a parsed object as spread does: own keys in order, a __proto__ key kept as an own key (property)", () => {
    const key = fc.oneof(fc.constantFrom("__proto__", "id", "0", "7", "constructor"), fc.string({ maxLength: 4 }));
    fc.assert(
      fc.property(fc.dictionary(key, fc.jsonValue(), { maxKeys: 6 }), (d) => {
        const parsed = JSON.parse(JSON.stringify(d)) as Record<string, unknown>;
        const copy = copyRecord(parsed);
        const spread = { ...parsed };
        expect(Object.keys(copy)).toEqual(Object.keys(spread));
        expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
        for (const k of Object.keys(spread)) expect(copy[k]).toBe(spread[k]);
        expect(copy).not.toBe(parsed);
      }),
    );
    const withProto = JSON.parse('{"__proto__":{"x":1},"a":2}') as Record<string, unknown>;
    expect(Object.hasOwn(copyRecord(withProto), "__proto__")).toBe(true);
  });
});
