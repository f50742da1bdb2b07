// The middle cut of long tool outputs (docs/codex.md §2.2): byte budgets on UTF-8 character boundaries, markers
// counting removed characters or approximate tokens. Vectors: small cases worked by hand from the rule, and a
// property that the cut never exceeds the budget plus its marker and keeps both ends.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { truncateMiddle, truncateOutputItem, truncationPolicyOf } from "../../../../src/formats/codex/truncate.js";

describe("truncateMiddle", () => {
  it("leaves text within the budget alone", () => {
    expect(truncateMiddle("hello", 5, false)).toBe("hello");
    expect(truncateMiddle("", 0, false)).toBe("");
  });

  it("keeps the first and last halves of the budget, counting removed characters", () => {
    expect(truncateMiddle("hello world", 10, false)).toBe("hello…1 chars truncated…world");
    expect(truncateMiddle("abcdefghij", 4, false)).toBe("ab…6 chars truncated…ij");
  });

  it("never splits a character: one that does not fit a half is removed", () => {
    // 10 emoji (4 bytes each) then a line: the first half (10 bytes) holds two emoji.
    expect(truncateMiddle("😀😀😀😀😀😀😀😀😀😀\nsecond line with text\n", 20, false)).toBe("😀😀…21 chars truncated…with text\n");
    expect(truncateMiddle("一二三四五六七八九十", 12, false)).toBe("一二…6 chars truncated…九十");
  });

  it("tokens mode counts the removed bytes in tokens of 4 bytes, rounded up", () => {
    expect(truncateMiddle("一二三四五六七八九十", 12, true)).toBe("一二…5 tokens truncated…九十");
    expect(truncateMiddle("abcdef", 0, true)).toBe("…2 tokens truncated…");
  });

  it("keeps a prefix and a suffix of the text within the budget (property)", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 200 }), fc.nat(120), (s, budget) => {
        const out = truncateMiddle(s, budget, false);
        const bytes = new TextEncoder().encode(s).length;
        if (bytes <= budget) return out === s;
        const m = /^([\s\S]*)…(\d+) chars truncated…([\s\S]*)$/.exec(out);
        if (!m) return false;
        const kept = new TextEncoder().encode(m[1] + m[3]).length;
        return s.startsWith(m[1]) && s.endsWith(m[3]) && kept <= budget && [...m[1]].length + [...m[3]].length + Number(m[2]) === [...s].length;
      }),
    );
  });
});

/** The cut as first written (TextEncoder per character, every character visited): the counting loop must agree. */
function referenceCut(s: string, maxBytes: number, tokens: boolean): string {
  const size = (x: string) => new TextEncoder().encode(x).length;
  if (s === "") return s;
  const total = size(s);
  const marker = (n: number): string => (tokens ? `…${n} tokens truncated…` : `…${n} chars truncated…`);
  if (maxBytes === 0) return marker(tokens ? Math.ceil(total / 4) : [...s].length);
  if (total <= maxBytes) return s;
  const left = Math.floor(maxBytes / 2);
  const tailStart = total - (maxBytes - left);
  let [at, prefixEnd, suffixStart, found, removed, index] = [0, 0, s.length, false, 0, 0];
  for (const ch of s) {
    const n = size(ch);
    if (at + n <= left) prefixEnd = index + ch.length;
    else if (at >= tailStart) {
      if (!found) [suffixStart, found] = [index, true];
    } else removed++;
    at += n;
    index += ch.length;
  }
  if (suffixStart < prefixEnd) suffixStart = prefixEnd;
  return `${s.slice(0, prefixEnd)}${marker(tokens ? Math.ceil((total - maxBytes) / 4) : removed)}${s.slice(suffixStart)}`;
}

describe("truncateMiddle against the per-character reference", () => {
  it("gives the same cut for any text, lone surrogates included, in both modes (property)", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 300 }), fc.nat(400), fc.boolean(), (s, budget, tokens) => {
        expect(truncateMiddle(s, budget, tokens)).toBe(referenceCut(s, budget, tokens));
      }),
      { numRuns: 2000 },
    );
    expect(truncateMiddle("a\ud800b".repeat(50), 40, false)).toBe(referenceCut("a\ud800b".repeat(50), 40, false));
  });
});

describe("truncateOutputItem", () => {
  const policy = truncationPolicyOf({ mode: "bytes", limit: 10 });
  it("gives tool outputs a fifth more than the policy's limit, and leaves other items", () => {
    const long = "x".repeat(30);
    expect(truncateOutputItem({ type: "function_call_output", call_id: "c", output: long }, policy).output).toBe(
      `${"x".repeat(6)}…18 chars truncated…${"x".repeat(6)}`,
    );
    expect(truncateOutputItem({ type: "message", role: "user", output: long }, policy).output).toBe(long);
    expect(truncateOutputItem({ type: "function_call_output", output: long }, null).output).toBe(long);
  });
  it("reads only well-formed policies", () => {
    expect(truncationPolicyOf({ mode: "lines", limit: 3 })).toBeNull();
    expect(truncationPolicyOf({ mode: "tokens", limit: 5 })).toEqual({ mode: "tokens", limit: 5 });
  });
});
