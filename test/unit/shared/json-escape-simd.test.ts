// shared/json-escape-simd.ts: the WebAssembly SIMD escaping gives the bytes of JSON.stringify (and of a script
// file's JSON) for any text, at any lane of a 16-byte step, in the tail, after its memory grows, and hands
// back U+FFFD and lone surrogates (-1) as the loop does; without WebAssembly, json-escape.ts's loop does it all.
import fc from "fast-check";
import { afterEach, describe, expect, it, vi } from "vitest";
import { escapeScriptFileJson } from "../../../src/report/escape.js";
import { SimdEscaper } from "../../../src/shared/json-escape-simd.js";
import { escapedRoom, escapeJsonInto, escapeScriptFileJsonInto } from "../../../src/shared/json-escape.js";

const JSON_LEAD = 0xef;
const FILE_LEAD = 0xe2;
const special = ["\u0000", "\u0008", "\t", "\n", "\u000c", "\r", "\u001b", "\u001f", '"', "\\", "\u2028", "\u2029"];
const pieces = fc.constantFrom(
  ...special,
  " ",
  "/",
  "\u007f",
  "\u0085",
  "é",
  "\u2027",
  "\u202a",
  "\u20ac",
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
/** Runs of plain text long enough to cross 16-byte steps, between the characters that need work. */
const texts = fc.oneof(
  fc.string({ unit: "binary", maxLength: 300 }),
  fc
    .array(
      fc.oneof(
        pieces,
        fc.string({ maxLength: 40 }),
        fc.nat(70).map((n) => "x".repeat(n)),
      ),
      { maxLength: 80 },
    )
    .map((a) => a.join("")),
);

const wellFormed = (text: string): boolean => !/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(text);
const handedBack = (text: string): boolean => !wellFormed(text) || text.includes("\ufffd");

const simd = SimdEscaper.create()!;

/** What the module writes for `text` at offset 3 of a buffer full of 0xaa, checking it wrote nothing else. */
function written(text: string, lead: number): string | -1 {
  const out = Buffer.alloc(escapedRoom(text.length) + 8, 0xaa);
  const end = simd.write(text, out, 3, lead);
  if (end < 0) return -1;
  expect(out.subarray(0, 3).every((b) => b === 0xaa)).toBe(true);
  expect(out.subarray(end).every((b) => b === 0xaa)).toBe(true);
  expect(end).toBeLessThanOrEqual(3 + escapedRoom(text.length));
  return out.subarray(3, end).toString("utf8");
}

describe("shared/json-escape-simd", () => {
  it("this runtime has WebAssembly SIMD", () => {
    expect(simd).toBeDefined();
  });

  it("any text: JSON.stringify's UTF-8 and a script file's JSON, or -1 exactly for U+FFFD or a lone surrogate (property)", () => {
    fc.assert(
      fc.property(texts, (text) => {
        const json = written(text, JSON_LEAD);
        const file = written(text, FILE_LEAD);
        if (handedBack(text)) {
          expect(json).toBe(-1);
          expect(file).toBe(-1);
        } else {
          expect(json).toBe(JSON.stringify(text));
          expect(file).toBe(escapeScriptFileJson(JSON.stringify(text)));
        }
      }),
      { numRuns: 3000 },
    );
  });

  it("a character needing work at each lane of the first steps and in the tail", () => {
    for (const c of [...special, "\ufffd", "\u2027", "😀"]) {
      for (let at = 0; at < 50; at++) {
        for (const after of [0, 1, 2, 17, 40]) {
          const text = `${"a".repeat(at)}${c}${"b".repeat(after)}`;
          expect(written(text, JSON_LEAD)).toBe(c === "\ufffd" ? -1 : JSON.stringify(text));
          expect(written(text, FILE_LEAD)).toBe(c === "\ufffd" ? -1 : escapeScriptFileJson(JSON.stringify(text)));
        }
      }
    }
    // Only characters needing work: each 16-byte step stops at every lane.
    const dense = '\n"\\\u0001\u2028'.repeat(40);
    expect(written(dense, JSON_LEAD)).toBe(JSON.stringify(dense));
    expect(written(dense, FILE_LEAD)).toBe(escapeScriptFileJson(JSON.stringify(dense)));
  });

  it("the same bytes after its memory grows, for a long text and the short ones after it", () => {
    const long = `${'line of code "quoted" \\ é 😀\u2028\t'.repeat(20000)}end`;
    expect(written("short \n text that is not long", JSON_LEAD)).toBe(JSON.stringify("short \n text that is not long"));
    expect(written(long, FILE_LEAD)).toBe(escapeScriptFileJson(JSON.stringify(long)));
    expect(written(long, JSON_LEAD)).toBe(JSON.stringify(long));
    expect(written("after \n growth \u0000 of the memory", JSON_LEAD)).toBe(JSON.stringify("after \n growth \u0000 of the memory"));
    expect(written(`${long}\ufffd`, JSON_LEAD)).toBe(-1);
  });
});

describe("shared/json-escape: short texts (escaped from their units while ASCII)", () => {
  it("every ASCII character, and a non-ASCII one after an ASCII start, gives JSON.stringify's bytes", () => {
    const out = Buffer.alloc(200, 0xaa);
    const scratch = Buffer.alloc(100);
    const texts = [];
    for (let c = 0; c < 0x80; c++) texts.push(String.fromCharCode(c), `ab${String.fromCharCode(c)}cd`);
    for (const c of ["é", "\u2028", "\ufffd", "\ud800", "😀", "\u0080"]) texts.push(c, `user \n "x"${c}`, `${c}\u0001`);
    for (const text of texts) {
      const json = escapeJsonInto(text, out, 5, scratch);
      const file = escapeScriptFileJsonInto(text, out, 100, scratch);
      if (handedBack(text)) {
        expect([json, file]).toEqual([-1, -1]);
        continue;
      }
      expect(out.subarray(5, json).toString()).toBe(JSON.stringify(text));
      expect(out.subarray(100, file).toString()).toBe(escapeScriptFileJson(JSON.stringify(text)));
    }
  });
});

describe("shared/json-escape without WebAssembly", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetModules();
  });

  it("no module: the loop writes the same bytes, long texts too (property)", async () => {
    vi.stubGlobal("WebAssembly", undefined);
    vi.resetModules();
    const simdless = await import("../../../src/shared/json-escape-simd.js");
    const { escapeJsonInto, escapeScriptFileJsonInto } = await import("../../../src/shared/json-escape.js");
    expect(simdless.SimdEscaper.create()).toBeUndefined();
    fc.assert(
      fc.property(texts, (text) => {
        const out = Buffer.alloc(escapedRoom(text.length));
        const scratch = Buffer.alloc(3 * text.length + 1);
        const json = escapeJsonInto(text, out, 0, scratch);
        expect(json < 0).toBe(handedBack(text));
        if (json >= 0) expect(out.subarray(0, json).toString()).toBe(JSON.stringify(text));
        const file = escapeScriptFileJsonInto(text, out, 0, scratch);
        expect(file < 0).toBe(handedBack(text));
        if (file >= 0) expect(out.subarray(0, file).toString()).toBe(escapeScriptFileJson(JSON.stringify(text)));
      }),
      { numRuns: 1000 },
    );
  });
});
