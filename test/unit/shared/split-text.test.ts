// splitText (shared/lines.ts): one record per "\n"-separated line, numbered from 1, the last one unterminated when
// the text does not end with "\n", and noUnicodeEscape exactly on the lines that hold no "\u".
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { splitText, type LineRecord } from "../../../src/shared/lines.js";

/** The same records made the plain way: split, then look at each line. */
function reference(text: string): LineRecord[] {
  if (text === "") return [];
  const parts = text.split("\n");
  if (text.endsWith("\n")) parts.pop();
  return parts.map((line, i) => {
    const rec: LineRecord = { no: i + 1, text: line, terminated: i < parts.length - 1 || text.endsWith("\n") };
    if (!line.includes("\\u")) rec.noUnicodeEscape = true;
    return rec;
  });
}

// Texts made of the pieces that matter: line breaks, backslashes, "u", escapes split over a line break.
const piece = fc.constantFrom("\n", "\\", "u", "\\u", "\\u00e9", "\\\\u", "a", "{}", "\r", "é");
const text = fc.array(piece, { maxLength: 60 }).map((p) => p.join(""));

describe("splitText", () => {
  it("gives the records of a plain split, escapes flagged per line", () => {
    fc.assert(
      fc.property(text, (t) => {
        const got = splitText(t);
        expect(got).toStrictEqual(reference(t));
      }),
      { numRuns: 2000 },
    );
  });

  it("a line with an escape after many lines without one, and the other way round", () => {
    const plain = "x\n".repeat(500);
    expect(splitText(`${plain}a\\u0041\n`).map((l) => l.noUnicodeEscape === true)).toEqual([...Array(500).fill(true), false]);
    expect(splitText(`a\\u0041\n${plain}`).map((l) => l.noUnicodeEscape === true)).toEqual([false, ...Array(500).fill(true)]);
  });
});
