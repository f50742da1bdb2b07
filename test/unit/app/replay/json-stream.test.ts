// The JSON skeleton scanner behind `diff <a> <b>` on `replay --json` files: top-level members and the
// elements of one array member come out as raw text that JSON.parse turns back into the same values,
// however the document is indented and however its text is cut into chunks.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { JsonMemberScanner, JsonShapeError } from "../../../../src/app/replay/json-stream.js";

function scan(chunks: readonly string[], key = "turns") {
  const members: Record<string, unknown> = {};
  const elements: unknown[] = [];
  const s = new JsonMemberScanner(key, { member: (k, raw) => (members[k] = JSON.parse(raw)), element: (raw) => elements.push(JSON.parse(raw)) });
  for (const c of chunks) s.push(c);
  s.end();
  return { members, elements };
}

/** Cuts `text` at the given fractions. */
const cut = (text: string, at: number[]) => {
  const points = [...new Set(at.map((f) => Math.floor(f * text.length)))].sort((x, y) => x - y);
  return [0, ...points, text.length].slice(1).map((end, i, all) => text.slice(i === 0 ? 0 : all[i - 1], end));
};

// Strings full of what the scanner must not be fooled by: quotes, backslashes, brackets, commas.
const tricky = fc.string({ unit: fc.constantFrom("a", '"', "\\", "[", "]", "{", "}", ",", ":", " ", "\n", "é", "😀") });
const value = fc.letrec((tie) => ({
  v: fc.oneof(
    { depthSize: "small" },
    tricky,
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie("v"), { maxLength: 3 }),
    fc.dictionary(tricky, tie("v"), { maxKeys: 3 }),
  ),
})).v;

describe("JsonMemberScanner", () => {
  it("property: members and elements parse back to the document's values, for any indentation and chunking", () => {
    fc.assert(
      fc.property(
        fc.dictionary(
          tricky.filter((k) => k !== "turns"),
          value,
          { maxKeys: 4 },
        ),
        fc.array(value, { maxLength: 6 }),
        fc.constantFrom(undefined, 2, "\t"),
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 8 }),
        (head, turns, indent, at) => {
          const doc = { ...head, turns, tail: "x" };
          const text = JSON.stringify(doc, null, indent);
          const { members, elements } = scan(cut(text, at));
          expect(elements).toEqual(turns);
          expect(members).toEqual({ ...head, tail: "x" });
        },
      ),
      { numRuns: 300 },
    );
  });

  it("a document that is not one object, or is cut short, is a JsonShapeError", () => {
    expect(() => scan(["[1, 2]"])).toThrow(JsonShapeError);
    expect(() => scan([""])).toThrow(/empty document/);
    expect(() => scan(['{"turns": [1, 2'])).toThrow(/ends early/);
    expect(() => scan(['{"a": 1} {'])).toThrow(/after the end/);
    expect(() => scan(['{"turns": [1,, 2]}'])).toThrow(/an element of "turns" was expected/);
    expect(() => scan(['{"a" 1}'])).toThrow(/':' was expected/);
  });

  it("an empty streamed array yields no element but is announced; other arrays stay members", () => {
    expect(scan(['{"schemaVersion":1,"turns":[],"leaves":["x","y"]}'])).toEqual({ members: { schemaVersion: 1, leaves: ["x", "y"] }, elements: [] });
    const starts: string[] = [];
    const s = new JsonMemberScanner("turns", {
      member: (k) => starts.push(`member ${k}`),
      arrayStart: () => starts.push("turns"),
      element: () => starts.push("element"),
    });
    s.push('{"a": [], "turns": [ ], "b": {"turns": [1]}}');
    s.end();
    expect(starts).toEqual(["member a", "turns", "member b"]);
  });
});
