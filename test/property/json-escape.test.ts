// escapeJsonInto writes the UTF-8 bytes of JSON.stringify(text) straight into a buffer: for any text (control
// characters, quotes, backslashes, astral characters, lone surrogates, U+FFFD) the bytes must be exactly
// those of JSON.stringify, or the text must be handed back (-1) to be stringified.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { escapeScriptFileJson } from "../../src/report/escape.js";
import { escapedRoom, escapeJsonInto, escapeScriptFileJsonInto } from "../../src/shared/json-escape.js";

const pieces = fc.constantFrom(
  "\u0000",
  "\u0008",
  "\t",
  "\n",
  "\u000b",
  "\u000c",
  "\r",
  "\u001b",
  "\u001f",
  " ",
  '"',
  "\\",
  "/",
  "\u007f",
  "\u0085",
  "é",
  "\u2028",
  "\u2029",
  "\u000e",
  "\u001a",
  "\u001e",
  "─",
  "😀",
  "\ud800",
  "\udfff",
  "\ufffd",
  "\uefff",
  "\uf000",
  "\uffff",
  "a",
);
const texts = fc.oneof(
  fc.string({ unit: "binary", maxLength: 300 }),
  fc.array(fc.oneof(pieces, fc.string({ maxLength: 20 })), { maxLength: 60 }).map((a) => a.join("")),
);

/** No lone surrogate (String.prototype.isWellFormed, which the project's TypeScript library does not declare). */
const wellFormed = (text: string): boolean => !/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(text);

function escaped(text: string): { at: number; bytes: Buffer } {
  const out = Buffer.alloc(escapedRoom(text.length) + 8, 0xaa);
  const scratch = Buffer.alloc(3 * text.length + 1);
  const at = escapeJsonInto(text, out, 4, scratch);
  return { at, bytes: at < 0 ? Buffer.alloc(0) : out.subarray(4, at) };
}

describe("shared/json-escape: the bytes of JSON.stringify", () => {
  it("any text: JSON.stringify's UTF-8, or -1 only for a text with a lone surrogate or U+FFFD", () => {
    fc.assert(
      fc.property(texts, (text) => {
        const { at, bytes } = escaped(text);
        if (at < 0) expect(!wellFormed(text) || text.includes("\ufffd")).toBe(true);
        else expect(bytes.equals(Buffer.from(JSON.stringify(text), "utf8"))).toBe(true);
        // A well-formed text without U+FFFD is always written here.
        if (wellFormed(text) && !text.includes("\ufffd")) expect(at).toBeGreaterThan(0);
      }),
      { numRuns: 2000 },
    );
  });

  it("writes within the room it asks for, also for a text of control characters only", () => {
    const text = "\u0001".repeat(50);
    const out = Buffer.alloc(escapedRoom(text.length) + 1, 0xaa);
    const at = escapeJsonInto(text, out, 0, Buffer.alloc(3 * text.length));
    expect(at).toBe(escapedRoom(text.length));
    expect(out[at]).toBe(0xaa);
    expect(out.subarray(0, at).toString()).toBe(JSON.stringify(text));
  });

  it("copies characters that share U+FFFD's first byte, and hands back U+FFFD and lone surrogates", () => {
    expect(escaped("\uf000 \uffff \uefff").bytes.toString()).toBe(JSON.stringify("\uf000 \uffff \uefff"));
    expect(escaped("a \ufffd b").at).toBe(-1);
    expect(escaped("a \ud83d b").at).toBe(-1);
    expect(escaped("end \ud83d").at).toBe(-1);
  });
});

describe("shared/json-escape: the bytes of a script file's JSON string", () => {
  const handedBack = (text: string): boolean => !wellFormed(text) || text.includes("\ufffd");
  it("any text: escapeScriptFileJson(JSON.stringify(text)) as UTF-8, or -1 only for a lone surrogate or U+FFFD", () => {
    fc.assert(
      fc.property(texts, (text) => {
        const out = Buffer.alloc(escapedRoom(text.length) + 8, 0xaa);
        const at = escapeScriptFileJsonInto(text, out, 4, Buffer.alloc(3 * text.length + 1));
        expect(at < 0).toBe(handedBack(text));
        if (at >= 0) expect(out.subarray(4, at).toString("utf8")).toBe(escapeScriptFileJson(JSON.stringify(text)));
      }),
      { numRuns: 2000 },
    );
  });
  it("escapes U+2028 and U+2029 only, not their neighbours sharing a first byte", () => {
    const text = "a\u2028b\u2029c\u2027\u202a─…";
    const out = Buffer.alloc(escapedRoom(text.length));
    const at = escapeScriptFileJsonInto(text, out, 0, Buffer.alloc(3 * text.length));
    expect(out.subarray(0, at).toString()).toBe('"a\\u2028b\\u2029c\u2027\u202a─…"');
  });
});
