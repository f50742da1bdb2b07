// design §8: the yoi wrap-once renderer never adds a layer to an exactly wrapped body.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { normalizeSeedReminderBody, wrapOnceSeed } from "../../src/formats/yoi/wrap-once.js";

const OPEN = "<system-reminder>";
const CLOSE = "</system-reminder>";
// Unicode White_Space, as Rust's str::trim strips it (NEL included, BOM not), written out for the test.
const RUST_WHITESPACE = [
  "\t",
  "\n",
  "\u000b",
  "\f",
  "\r",
  " ",
  "\u0085",
  "\u00a0",
  "\u1680",
  "\u2000",
  "\u2005",
  "\u200a",
  "\u2028",
  "\u2029",
  "\u202f",
  "\u205f",
  "\u3000",
];
const TRIM_RUST =
  /^[\t\n\u000b\f\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+|[\t\n\u000b\f\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+$/g;
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
  // The expectations below are built from how each body was made, not from the implementation: a body made
  // as whitespace + OPEN + LFs + core + LFs + CLOSE + whitespace comes back as exactly one layer around the
  // core; any body whose Rust-trimmed text is not OPEN…CLOSE is wrapped as it is, whitespace and all.
  it("a wrapped body with outer Unicode whitespace and inner LF edges becomes one layer around its core", () => {
    const ws = fc.array(fc.constantFrom(...RUST_WHITESPACE), { maxLength: 4 }).map((a) => a.join(""));
    const lfs = fc.nat(3).map((n) => "\n".repeat(n));
    const core = text.map((t) => t.replace(/^\n+|\n+$/g, ""));
    fc.assert(
      fc.property(ws, lfs, core, lfs, ws, (lead, lf1, inner, lf2, trail) => {
        const body = `${lead}${OPEN}${lf1}${inner}${lf2}${CLOSE}${trail}`;
        expect(wrapOnceSeed(body)).toBe(`${OPEN}\n${inner}\n${CLOSE}`);
      }),
    );
  });
  it("a body that is not exactly wrapped after Rust's trim is wrapped verbatim (BOM is not whitespace there)", () => {
    const notWrapped = fc
      .tuple(fc.constantFrom("", "\uFEFF", "x", " ", "\u0085"), text, fc.constantFrom("", "\uFEFF", "x", "\n", "\u3000"))
      .map(([a, t, b]) => `${a}${t}${b}`)
      .filter((body) => {
        const t = body.replace(TRIM_RUST, "");
        return !(t.length >= OPEN.length + CLOSE.length && t.startsWith(OPEN) && t.endsWith(CLOSE));
      });
    fc.assert(
      fc.property(notWrapped, (body) => {
        expect(wrapOnceSeed(body)).toBe(`${OPEN}\n${body}\n${CLOSE}`);
      }),
    );
    expect(wrapOnceSeed(`\uFEFF${OPEN}\nX\n${CLOSE}`)).toBe(`${OPEN}\n\uFEFF${OPEN}\nX\n${CLOSE}\n${CLOSE}`);
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
