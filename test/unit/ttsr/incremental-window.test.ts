// regex-window.ts (window bounds and required literals of a condition) and IncrementalMatcher on the cases
// where appending text changes a whole-buffer answer (ttsr-spec §8.5: `foo$` flips, `^` is the whole message).
import { describe, expect, it } from "vitest";
import { IncrementalMatcher } from "../../../src/ttsr/incremental-match.js";
import { requiredLiteral, windowBounds } from "../../../src/ttsr/regex-window.js";

const bounds = (src: string, flags = "") => windowBounds(new RegExp(src, flags));

describe("windowBounds", () => {
  it("literals, classes and bounded quantifiers add up; assertions only reach", () => {
    expect(bounds("abc")).toEqual({ maxLen: 3, reach: 0 });
    expect(bounds("a[bc]{2,4}d?")).toEqual({ maxLen: 6, reach: 0 });
    expect(bounds("\\bfoo\\b")).toEqual({ maxLen: 3, reach: 1 });
    expect(bounds("foo$")).toEqual({ maxLen: 3, reach: 1 });
    expect(bounds("^foo")).toEqual({ maxLen: 3, reach: 0 });
    expect(bounds("x|yyyy")).toEqual({ maxLen: 4, reach: 0 });
  });

  it("a lookahead reaches its body's length (and its body's reach); a lookbehind reaches nothing", () => {
    expect(bounds("a(?=bcd)")).toEqual({ maxLen: 1, reach: 3 });
    expect(bounds("a(?!b\\b)")).toEqual({ maxLen: 1, reach: 2 });
    expect(bounds("(?<=xy)a")).toEqual({ maxLen: 1, reach: 0 });
  });

  it("Annex B: `[]` and `[^]` close at the first `]`, so `[^]]` is two characters", () => {
    expect(bounds("[^]]")).toEqual({ maxLen: 2, reach: 0 });
    expect(bounds("[]]")).toEqual({ maxLen: 2, reach: 0 });
    expect(bounds("[\\]]")).toEqual({ maxLen: 1, reach: 0 });
  });

  it("Annex B: `\\u{3}` is u three times, `a{,5}` is five literals, `\\x4` is the letter x then 4", () => {
    expect(bounds("\\u{3}")).toEqual({ maxLen: 3, reach: 0 });
    expect(bounds("a{,5}")).toEqual({ maxLen: 5, reach: 0 });
    expect(bounds("\\x4")).toEqual({ maxLen: 2, reach: 0 });
    expect(bounds("\\x41\\u0041\\cA\\0")).toEqual({ maxLen: 4, reach: 0 });
  });

  it("falls back (undefined) for unbounded repetition, backreferences, octal escapes and odd lookbehinds", () => {
    for (const src of ["a*", "a+", "a{2,}", "(a)\\1", "(?<n>a)\\k<n>", "\\1", "\\08", "\\c1", "(?<=a\\b)x", "(?<=(?=a))x", "(?=a*)b"])
      expect(bounds(src), src).toBeUndefined();
    expect(windowBounds(/a/gu)).toBeUndefined();
  });
});

describe("requiredLiteral", () => {
  it("the longest run of unquantified literal characters at the top level", () => {
    expect(requiredLiteral(/password\s*=\s*"[^"]+"/)).toBe("password");
    expect(requiredLiteral(/:\s*any\b[^-]/)).toBe("any");
    expect(requiredLiteral(/console\.log\(/)).toBe("console.log(");
    expect(requiredLiteral(/abc?d/)).toBe("ab");
  });

  it("none with a top-level alternation, the i flag, or no literal", () => {
    expect(requiredLiteral(/ab|cd/)).toBeUndefined();
    expect(requiredLiteral(/abc/i)).toBeUndefined();
    expect(requiredLiteral(/\w+/)).toBeUndefined();
  });
});

/** Streams `parts` into one buffer and returns the matcher's answer after each part. */
function stream(src: string, parts: string[]): boolean[] {
  const m = new IncrementalMatcher();
  const id = m.add(new RegExp(src));
  let buffer = "";
  return parts.map((p) => {
    buffer += p;
    return m.test(m.state("k"), buffer, id);
  });
}

describe("IncrementalMatcher", () => {
  it("ttsr-spec §8.5: `foo$` matches at one prefix and stops matching once more text arrives", () => {
    expect(stream("foo$", ["fo", "o", " bar", "foo"])).toEqual([false, true, false, true]);
  });

  it("a match ending at the buffer end with a trailing \\b is tested again after the next append", () => {
    expect(stream("\\bas\\b", ["a", "s", "k", " as", " "])).toEqual([false, true, false, true, true]);
  });

  it("`^` means the start of the whole buffer, however far the window has moved", () => {
    expect(stream("^ab", ["xa", "b", "ab"])).toEqual([false, false, false]);
    expect(stream("(?<=x)ab", ["xa", "b"])).toEqual([false, true]);
  });

  it("a literal split across deltas is found (unbounded condition)", () => {
    expect(stream("pass\\s*=", ["pa", "ss ", "  ", "="])).toEqual([false, false, false, true]);
  });

  it("forget: a replaced buffer is tested from scratch", () => {
    const m = new IncrementalMatcher();
    const id = m.add(/ab/);
    expect(m.test(m.state("k"), "xab", id)).toBe(true);
    m.forget("k");
    expect(m.test(m.state("k"), "xa", id)).toBe(false);
  });
});
