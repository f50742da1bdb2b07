import { describe, expect, it } from "vitest";
import { parseStreamingArguments } from "../../../../src/ttsr/simulate/partial-json.js";

// strings.md §4 vectors on prefixes of valid JSON (the only inputs a replay produces).
describe("strings.md §4 streamed tool-argument parser (prefixes)", () => {
  it('strings.md §4: {"path": "src/a → {path:"src/a"}', () => expect(parseStreamingArguments('{"path": "src/a')).toEqual({ path: "src/a" }));
  it('strings.md §4: {"path": → {}', () => expect(parseStreamingArguments('{"path":')).toEqual({}));
  it('strings.md §4: a trailing lone backslash in a string is dropped (pi column: content "x")', () =>
    expect(parseStreamingArguments('{"path":"a.ts","content":"x\\')).toEqual({ path: "a.ts", content: "x" }));
  it('strings.md §4: {"n": - → {}', () => expect(parseStreamingArguments('{"n": -')).toEqual({}));
  it('strings.md §4: {"ok": tr → {} (omp17 column: an unfinished literal is dropped)', () => expect(parseStreamingArguments('{"ok": tr')).toEqual({}));
  it('strings.md §4: {"a": [1, {"b": "c → {a:[1,{b:"c"}]}', () => expect(parseStreamingArguments('{"a": [1, {"b": "c')).toEqual({ a: [1, { b: "c" }] }));
  it("strings.md §4: empty or whitespace gives {}; complete JSON parses as JSON", () => {
    expect(parseStreamingArguments("  ")).toEqual({});
    expect(parseStreamingArguments('{"s":"a\\"b\\nc\\u0041"}')).toEqual({ s: 'a"b\ncA' });
  });
  it("escapes and unicode escapes in an open string; a cut \\u escape is dropped", () => {
    expect(parseStreamingArguments('{"s":"a\\"b\\n\\u0041x')).toEqual({ s: 'a"b\nAx' });
    expect(parseStreamingArguments('{"s":"ab\\u00')).toEqual({ s: "ab" });
  });
  it("a __proto__ key becomes an own property, not the prototype", () => {
    const v = parseStreamingArguments('{"__proto__": {"x": 1}, "path": "a') as Record<string, unknown>;
    expect(Object.getPrototypeOf(v)).toBe(Object.prototype);
    expect(Object.keys(v)).toEqual(["__proto__", "path"]);
  });
});
