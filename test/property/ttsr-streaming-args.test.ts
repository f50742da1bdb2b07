// The replay's incremental tool-argument snapshots (StreamingArguments) must be exactly what the agent's
// streaming parser gives on the whole prefix at every delta (strings.md §4: providers re-parse the whole
// buffer on every toolcall_delta), whatever the JSON and wherever the deltas cut it.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseStreamingArguments } from "../../src/ttsr/simulate/partial-json.js";
import { StreamingArguments } from "../../src/ttsr/simulate/streaming-args.js";
import { mulberry32 } from "../../src/ttsr/chunking.js";

/** JSON text trees: number texts kept verbatim (`1E+2`, `-0.50`), objects may repeat keys. */
type Node =
  | { t: "num"; text: string }
  | { t: "str"; s: string }
  | { t: "lit"; text: "true" | "false" | "null" }
  | { t: "arr"; items: Node[] }
  | { t: "obj"; entries: [string, Node][] };

// Characters that exercise escapes: quotes, backslashes, control characters, non-ASCII, a surrogate pair,
// lone surrogates; `path`-like text so keys and values look like tool arguments.
const char = fc.constantFrom("a", "b", "/", " ", '"', "\\", "\n", "\t", "\u0001", "\u001f", "é", "€", "\ud83d\ude00", "\ud83d", "\ude00", "\u2028", "x.ts");
const str = fc.array(char, { maxLength: 12 }).map((cs) => cs.join(""));
const key = fc.oneof(str, fc.constantFrom("path", "content", "edits", "__proto__", "paths", "0", "1", "file_path"));
const digits = (min: number) => fc.array(fc.constantFrom(..."0123456789"), { minLength: min, maxLength: 4 }).map((d) => d.join(""));
const numText = fc
  .tuple(
    fc.boolean(),
    fc.oneof(
      fc.constant("0"),
      fc.tuple(fc.constantFrom(..."123456789"), digits(0)).map(([a, b]) => a + b),
    ),
    fc.option(digits(1)),
    fc.option(fc.tuple(fc.constantFrom("e", "E"), fc.constantFrom("", "+", "-"), digits(1))),
  )
  .map(([neg, int, frac, exp]) => `${neg ? "-" : ""}${int}${frac !== null ? `.${frac}` : ""}${exp !== null ? exp.join("") : ""}`);

const { node } = fc.letrec<{ node: Node }>((tie) => ({
  node: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    numText.map((text) => ({ t: "num", text }) as Node),
    str.map((s) => ({ t: "str", s }) as Node),
    fc.constantFrom("true", "false", "null").map((text) => ({ t: "lit", text }) as Node),
    fc.array(tie("node"), { maxLength: 4 }).map((items) => ({ t: "arr", items }) as Node),
    fc.array(fc.tuple(key, tie("node")), { maxLength: 4 }).map((entries) => ({ t: "obj", entries }) as Node),
  ),
}));

/** Serialises with choices from `rnd`: blanks between tokens, \u escapes (either case), `\/`, raw control characters. */
function serialise(n: Node, rnd: () => number, rawControls: boolean): string {
  const ws = (): string => ["", "", "", " ", "\n  ", "\t", "\r\n"][Math.floor(rnd() * 7)];
  const u = (c: number): string => {
    const h = c.toString(16).padStart(4, "0");
    return `\\u${rnd() < 0.5 ? h : h.toUpperCase()}`;
  };
  const quote = (s: string): string => {
    let out = '"';
    for (let i = 0; i < s.length; i++) {
      const c = s.charCodeAt(i);
      const ch = s[i];
      if (ch === '"' || ch === "\\") out += rnd() < 0.8 ? `\\${ch}` : u(c);
      else if (c < 0x20)
        out += rawControls && rnd() < 0.5 ? ch : (({ 10: "\\n", 9: "\\t", 13: "\\r", 8: "\\b", 12: "\\f" } as Record<number, string>)[c] ?? u(c));
      else if (ch === "/" && rnd() < 0.3) out += "\\/";
      else if (c > 0x7e && rnd() < 0.5) out += u(c);
      else out += ch;
    }
    return `${out}"`;
  };
  const go = (x: Node): string => {
    switch (x.t) {
      case "num":
      case "lit":
        return x.text;
      case "str":
        return quote(x.s);
      case "arr":
        return `[${ws()}${x.items.map((i) => go(i) + ws()).join(`,${ws()}`)}]`;
      case "obj":
        return `{${ws()}${x.entries.map(([k, v]) => `${quote(k)}${ws()}:${ws()}${go(v)}${ws()}`).join(`,${ws()}`)}}`;
    }
  };
  return ws() + go(n) + ws();
}

/** A comparable rendering: key order, own `__proto__` keys, -0 and lone surrogates all show. */
function canon(v: unknown): string {
  if (typeof v === "number") return Object.is(v, -0) ? "n:-0" : `n:${v}`;
  if (typeof v === "string") return `s:${[...v].map((c) => c.codePointAt(0)).join(",")}`;
  if (v === null || typeof v !== "object") return `${typeof v}:${String(v)}`;
  if (Array.isArray(v)) return `[${v.map(canon).join(";")}]`;
  const proto = Object.getPrototypeOf(v) === Object.prototype ? "" : "!proto";
  return `{${proto}${Object.keys(v)
    .map((k) => `${JSON.stringify(k)}=${canon((v as Record<string, unknown>)[k])}`)
    .join(";")}}`;
}

/** Cut points from chunk sizes used in turn (cycled), ending at the text's end. */
function cuts(length: number, sizes: readonly number[]): number[] {
  const out: number[] = [];
  for (let end = 0, k = 0; end < length; k++) {
    end = Math.min(length, end + sizes[k % sizes.length]);
    out.push(end);
  }
  return out;
}

/** Streams `text` cut at `ends`; every snapshot must equal the whole-prefix parse, then and after the stream. */
function check(text: string, ends: number[]): StreamingArguments {
  const s = new StreamingArguments(text);
  const seen: { v: unknown; c: string }[] = [];
  for (const end of ends) {
    const v = s.advance(end);
    const want = canon(parseStreamingArguments(text.slice(0, end)));
    expect(canon(v), `prefix ${JSON.stringify(text.slice(0, end))}`).toBe(want);
    seen.push({ v, c: want });
  }
  // Snapshots share completed values: none may have changed since it was handed out.
  for (const x of seen) expect(canon(x.v)).toBe(x.c);
  return s;
}

const sizes = fc.oneof(fc.constant([1]), fc.array(fc.integer({ min: 1, max: 9 }), { minLength: 1, maxLength: 6 }), fc.constant([16]));

describe("StreamingArguments equals parseStreamingArguments at every delta", () => {
  it("random JSON (escapes, \\u escapes, surrogate pairs, numbers, literals, nesting), random chunkings", () => {
    fc.assert(
      fc.property(node, fc.integer(), sizes, (n, seed, sz) => {
        const text = serialise(n, mulberry32(seed), false);
        // JSON prefixes never leave the incremental reader.
        expect(check(text, cuts(text.length, sz)).incremental).toBe(true);
      }),
      { numRuns: 1500 },
    );
  });

  it("tool-argument objects split at every character (a cut inside every escape, number and literal)", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(key, node), { maxLength: 5 }), fc.integer(), (entries, seed) => {
        const text = serialise({ t: "obj", entries }, mulberry32(seed), false);
        expect(check(text, cuts(text.length, [1])).incremental).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it("raw control characters in strings (recorded by models, not valid JSON)", () => {
    fc.assert(
      fc.property(node, fc.integer(), sizes, (n, seed, sz) => {
        const text = serialise(n, mulberry32(seed), true);
        expect(check(text, cuts(text.length, sz)).incremental).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it("any text at all (not JSON, or JSON followed by more): the lenient parse's answers", () => {
    const junk = fc.array(
      fc.constantFrom("{", "}", "[", "]", '"', ",", ":", "\\", "u", "0", "1", "-", ".", "e", "t", "r", "ue", "null", " ", "\u00a0", "\ufeff", "a", "True"),
      { maxLength: 40 },
    );
    fc.assert(
      fc.property(junk, sizes, (parts, sz) => {
        const text = parts.join("");
        check(text, cuts(text.length, sz));
      }),
      { numRuns: 1500 },
    );
  });
});

describe("StreamingArguments (examples)", () => {
  it("a surrogate pair written as two \\u escapes, cut between and inside them", () => {
    const text = '{"s":"a\\ud83d\\ude00b"}';
    check(text, cuts(text.length, [1]));
    expect(new StreamingArguments(text).advance(13)).toEqual({ s: "a\ud83d" });
  });
  it('strings.md §4 quirk: {"n": 1. keeps 1 (the longest number in front), {"n": 1.5 drops it', () => {
    const text = '{"n": 1.5}';
    const s = new StreamingArguments(text);
    expect(s.advance(8)).toEqual({ n: 1 });
    expect(s.advance(9)).toEqual({});
    expect(s.advance(10)).toEqual({ n: 1.5 });
  });
  it("nesting deeper than 500 leaves the answer to the whole-prefix parse", () => {
    const text = `${"[".repeat(600)}1${"]".repeat(600)}`;
    const s = check(text, cuts(text.length, [50]));
    expect(s.incremental).toBe(false);
  });
  it("a root number is whole JSON as soon as it parses", () => {
    const s = new StreamingArguments("12");
    expect(s.advance(1)).toBe(1);
    expect(s.advance(2)).toBe(12);
  });
});
