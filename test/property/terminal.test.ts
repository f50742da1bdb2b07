// Terminal safety as a property: for any string, what sightline would print holds no control character, and
// the visible form is a faithful, reversible-in-principle rendering (printable text is never altered).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { guardJson, guardTerminal, jsonBytesNeedGuard, terminalLine, terminalText } from "../../src/shared/terminal.js";

const FORBIDDEN = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/;
const SGR = /\u001B\[[0-9;]*m/g;

// Strings dense in the characters that matter: C0, DEL, C1, bidi, ESC-led sequences, plus ordinary text.
const hostileChar = fc.oneof(
  fc.integer({ min: 0, max: 0x1f }).map((n) => String.fromCharCode(n)),
  fc.integer({ min: 0x7f, max: 0x9f }).map((n) => String.fromCharCode(n)),
  fc.constantFrom("\u061c", "\u200e", "\u200f", "\u202a", "\u202b", "\u202c", "\u202d", "\u202e", "\u2066", "\u2067", "\u2068", "\u2069", "\u2028"),
  fc.constantFrom("\u001b[31m", "\u001b[0m", "\u001b[2J", "\u001b]0;T\u0007", "\u001b]8;;u\u001b\\", "\u009b31m", "\\x1b"),
  fc.string({ maxLength: 4 }),
);
const hostile = fc.array(hostileChar, { maxLength: 40 }).map((xs) => xs.join(""));

describe("src/shared/terminal.ts properties", () => {
  it("terminalText and terminalLine never return a control character (terminalLine: no newline or tab either)", () => {
    fc.assert(
      fc.property(hostile, (s) => {
        expect(terminalText(s)).not.toMatch(FORBIDDEN);
        expect(terminalLine(s)).not.toMatch(/[\u0000-\u001F\u007F-\u009F\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/);
      }),
      { numRuns: 500 },
    );
  });

  it("escaping data first, then colouring, then the gate: only the added SGR escapes remain", () => {
    fc.assert(
      fc.property(hostile, (s) => {
        const painted = `\u001b[1m${terminalText(s)}\u001b[0m`;
        const shown = guardTerminal(painted, true);
        expect(shown.replace(SGR, "")).not.toMatch(FORBIDDEN);
        expect(shown.match(SGR)).toEqual(["\u001b[1m", "\u001b[0m"]);
        expect(guardTerminal(painted, false)).not.toMatch(FORBIDDEN);
      }),
      { numRuns: 500 },
    );
  });

  it("the gate is per character: escaping pieces equals escaping the whole (streamed output)", () => {
    fc.assert(
      fc.property(hostile, hostile, (a, b) => {
        expect(terminalText(a) + terminalText(b)).toBe(terminalText(a + b));
      }),
      { numRuns: 300 },
    );
  });

  it("text without control characters is unchanged; escaping is idempotent on its output", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 30 }), hostile, (plain, s) => {
        if (!FORBIDDEN.test(plain)) expect(terminalText(plain)).toBe(plain);
        const once = terminalText(s);
        expect(terminalText(once)).toBe(once);
      }),
      { numRuns: 300 },
    );
  });

  it("guardJson keeps the JSON document's value and removes raw DEL, C1 and bidi controls", () => {
    fc.assert(
      fc.property(hostile, (s) => {
        const json = guardJson(JSON.stringify({ s }));
        expect(json).not.toMatch(FORBIDDEN);
        expect(JSON.parse(json)).toEqual({ s });
      }),
      { numRuns: 500 },
    );
  });

  it("jsonBytesNeedGuard says, from the UTF-8 bytes alone, whether guardJson would change the text", () => {
    // Neighbours of every escaped character share its leading bytes (C2 A0, E2 80 94, E2 80 A7, E2 81 A5, D8 9B, …).
    const near = fc.oneof(
      hostileChar,
      fc.integer({ min: 0x7e, max: 0xbf }).map((n) => String.fromCharCode(n)),
      fc.integer({ min: 0x2000, max: 0x206f }).map((n) => String.fromCharCode(n)),
      fc.integer({ min: 0x0600, max: 0x063f }).map((n) => String.fromCharCode(n)),
      fc.string({ unit: "grapheme", maxLength: 3 }),
    );
    fc.assert(
      fc.property(fc.array(near, { maxLength: 30 }), (xs) => {
        const text = xs.join("");
        expect(jsonBytesNeedGuard(Buffer.from(text, "utf8"))).toBe(guardJson(text) !== text);
      }),
      { numRuns: 2000 },
    );
  });
});
