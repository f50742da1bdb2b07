// The WebAssembly search for the secret patterns' literals (report/secret-scan.ts) answers exactly what
// mayHoldSecret answers, on text and on bytes read as Latin-1: for every rule's literals, each case of
// "authorization", near misses, literals split or overlapping, and UTF-16 units whose low byte spells a letter.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { bytesMayHoldSecret, mayHoldSecret, REDACT_RULES, textMayHoldSecret } from "../../../src/report/redact.js";
import { FINGERPRINTS } from "../../../src/report/secret-scan.js";

/** Every literal the rules' anchors name, [pousr] spelt out. */
const LITERALS = [
  ...new Set(
    REDACT_RULES.flatMap((r) => r.anchor.source.split("|").flatMap((a) => (a.includes("[pousr]") ? [..."pousr"].map((c) => a.replace("[pousr]", c)) : [a]))),
  ),
];
const AUTH = "authorization";
/** Some of the 2^13 spellings of "authorization" the /i rule takes. */
const authCases = [AUTH, AUTH.toUpperCase(), "Authorization", "aUTHORIZATION", "AuThOrIzAtIoN", "authoriZation", "authorizatioN"];
const NEAR = [
  "-----BEGI",
  "----BEGIN",
  "Beare",
  "bearer",
  "eyj",
  "EyJ",
  "AKI",
  "ASI",
  "ABI",
  "ACC",
  "AXIA",
  "SECRE",
  "secret",
  "TOKE",
  "KE",
  "Key",
  "PASS",
  "PASSPHRAS",
];
const NEAR2 = ["sk", "sk_", "Sk-", "gh_", "ghx_", "ghp", "github_pa", "github-pat_", "authorizatio", "uthorization", "autorization", "authorizaton"];
// Units whose low byte is a letter, '-' or '_' (Ł is 0x141: "A"), and bytes of UTF-8 (é, ─, 😀).
const WIDE = ["\u0141", "\u014b", "\u0153", "\u0145", "\u0149", "\u0152", "\u012d", "\u015f", "\u0165", "\u0179", "\u017a", "é", "─", "😀", "\u2028"];

const fragments = fc.constantFrom(...LITERALS, ...authCases, ...NEAR, ...NEAR2, ...WIDE, ...'BEGKNPSWYabeghiJkoprsuz-_ .\n"\\');
const text = fc
  .array(fc.oneof({ weight: 3, arbitrary: fragments }, { weight: 1, arbitrary: fc.string({ maxLength: 8 }) }), { maxLength: 80 })
  .map((a) => a.join(""));
/** Padding that holds no literal, so that texts reach the search (it takes texts of 256 units or more). */
const pad = (n: number, c = "x é ") => c.repeat(Math.ceil(n / c.length)).slice(0, n);

describe("report/secret-scan: mayHoldSecret by a WebAssembly search", () => {
  it("every fingerprint's characters are ASCII and not NUL (the padding after the bytes matches none)", () => {
    for (const bucket of FINGERPRINTS) for (const fp of bucket) for (const chars of fp) for (const c of chars) expect(c.charCodeAt(0)).toBeGreaterThan(0x20);
  });

  it("finds every literal of every rule, in any case for 'authorization', at the start, the middle and the end", () => {
    expect(LITERALS.length).toBeGreaterThan(15);
    for (const lit of [...LITERALS, ...authCases]) {
      for (const t of [`${lit}${pad(300)}`, `${pad(150)}${lit}${pad(150)}`, `${pad(300)}${lit}`, `${pad(300, "Ł")}${lit}`]) {
        expect(textMayHoldSecret(t), lit).toBe(true);
        const b = Buffer.from(`..${t}..`, "utf8");
        expect(bytesMayHoldSecret(b, 2, b.length - 2), lit).toBe(true);
      }
      // Cut by the range: the bytes searched are only those between start and end.
      const b = Buffer.from(`${pad(40)}${lit}${pad(40)}`, "latin1");
      expect(bytesMayHoldSecret(b, 41, b.length)).toBe(mayHoldSecret(b.toString("latin1", 41)));
      expect(bytesMayHoldSecret(b, 0, 40 + lit.length - 1)).toBe(mayHoldSecret(b.toString("latin1", 0, 40 + lit.length - 1)));
    }
  });

  it("near misses and wide units that spell a literal in their low bytes are no literal", () => {
    for (const t of [...NEAR, ...NEAR2, "\u0141KIA", "\u0153k-", "sk\u012d", "\u0165OKEN"]) {
      const long = `${pad(200)}${t}${pad(200)}`;
      expect(mayHoldSecret(long), t).toBe(false);
      expect(textMayHoldSecret(long), t).toBe(false);
    }
  });

  it("a literal across the end of a search piece (texts of more than 1 MiB are searched in pieces)", () => {
    const piece = 1 << 20;
    for (const lit of ["Bearer", AUTH.toUpperCase(), "github_pat_"])
      for (let k = -lit.length; k <= 1; k++) {
        const t = `${pad(piece + k)}${lit}${pad(100)}`;
        expect(textMayHoldSecret(t), `${lit} at ${piece + k}`).toBe(true);
      }
    expect(textMayHoldSecret(pad(3 * piece + 17))).toBe(false);
    expect(textMayHoldSecret(`${pad(3 * piece + 17)}TOKEN`)).toBe(true);
  });

  it("any text: the answer of mayHoldSecret (as text, and as its UTF-8 bytes read as Latin-1)", () => {
    fc.assert(
      fc.property(text, fc.nat(300), fc.nat(300), (t, before, after) => {
        const long = `${pad(before)}${t}${pad(after)}`;
        expect(textMayHoldSecret(long)).toBe(mayHoldSecret(long));
        expect(textMayHoldSecret(t)).toBe(mayHoldSecret(t));
        const b = Buffer.from(long, "utf8");
        expect(bytesMayHoldSecret(b, 0, b.length)).toBe(mayHoldSecret(b.toString("latin1")));
        const from = Math.min(before, b.length);
        expect(bytesMayHoldSecret(b, from, b.length)).toBe(mayHoldSecret(b.toString("latin1", from)));
      }),
      { numRuns: 3000 },
    );
  });

  it("any bytes: the answer of mayHoldSecret on their Latin-1 string", () => {
    const bytes = fc.array(fc.oneof(fc.integer({ min: 0, max: 255 }), fc.constantFrom(...Buffer.from("BEGKNPSWYabeghiJkoprsuz-_ARIZ"))), { maxLength: 600 });
    fc.assert(
      fc.property(bytes, fc.constantFrom("", ...LITERALS, ...authCases), fc.nat(600), (a, lit, at) => {
        const b = Buffer.from(a);
        const whole = Buffer.concat([b.subarray(0, at), Buffer.from(lit, "latin1"), b.subarray(at)]);
        expect(bytesMayHoldSecret(whole, 0, whole.length)).toBe(mayHoldSecret(whole.toString("latin1")));
      }),
      { numRuns: 2000 },
    );
  });
});
