// shared/json: parsing never throws or recurses; depth is guarded before recursive walkers see a value.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { findLoneSurrogate, hasLoneSurrogate, jsonDepth, openingBracketsExceed, parseJson } from "../../../src/shared/json.js";

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
  it("finds lone surrogates in keys and values, and accepts proper pairs", () => {
    expect(hasLoneSurrogate("\ud83d\ude00")).toBe(false);
    expect(hasLoneSurrogate("a\ud800b")).toBe(true);
    expect(findLoneSurrogate({ ok: "x", list: ["y", { "k\udc00": 1 }] })).toBe("/list/1/k\udc00");
    expect(findLoneSurrogate(JSON.parse('{"a":"\\ud800"}'))).toBe("/a");
    expect(findLoneSurrogate({ a: "fine" })).toBeUndefined();
  });
});
