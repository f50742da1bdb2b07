// design §8: the yoi wrap-once renderer never adds a layer to an exactly wrapped body.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { normalizeSeedReminderBody, wrapOnceSeed } from "../../src/formats/yoi/wrap-once.js";

const OPEN = "<system-reminder>";
const CLOSE = "</system-reminder>";
const piece = fc.oneof(fc.string(), fc.constantFrom(OPEN, CLOSE, "\n", "\r\n", " ", "\u0085", "\uFEFF", "\t"));
const text = fc.array(piece, { maxLength: 8 }).map((a) => a.join(""));

describe("yoi wrap-once properties (yoi-format §5)", () => {
  it("an exactly wrapped body (OPEN\\n inner \\nCLOSE) comes back unchanged", () => {
    fc.assert(
      fc.property(text, (inner) => {
        const stripped = inner.replace(/^\n+|\n+$/g, "");
        const wrapped = `${OPEN}\n${stripped}\n${CLOSE}`;
        expect(wrapOnceSeed(wrapped)).toBe(wrapped);
      }),
    );
  });
  it("the output is always exactly one rendered layer around the normalised body", () => {
    fc.assert(
      fc.property(text, (body) => {
        const out = wrapOnceSeed(body);
        expect(out.startsWith(`${OPEN}\n`) && out.endsWith(`\n${CLOSE}`)).toBe(true);
        expect(out).toBe(`${OPEN}\n${normalizeSeedReminderBody(body)}\n${CLOSE}`);
      }),
    );
  });
  it("wrapping is idempotent after the first application", () => {
    fc.assert(
      fc.property(text, (body) => {
        const once = wrapOnceSeed(body);
        const inner = normalizeSeedReminderBody(once);
        // LF edges are not round-trip stable (§5 row 13); without them the second pass is a no-op.
        if (inner === once.slice(OPEN.length + 1, once.length - CLOSE.length - 1)) expect(wrapOnceSeed(once)).toBe(once);
      }),
    );
  });
});
