import { describe, expect, it } from "vitest";
import { bunOnlySyntax, findCatastrophic, hasLeadingInlineFlags } from "../../../src/ttsr/regex-safety.js";

describe("catastrophic regex analysis (design §8)", () => {
  const bad = [
    "(a+)+",
    "(a|a)*",
    "(a*)*b",
    "(\\w+\\s?)*$",
    "(\\d|\\w)+",
    "(x+x+)+y",
    "^(([a-z])+.)+[A-Z]([a-z])+$",
    "(\\s*,?\\s*)*",
    "(?:a+){2,}",
    "(.*a){20}",
    "(a|aa)+$",
    "(?:\\d|\\d\\d)*x",
  ];
  for (const s of bad) it(`flags ${s}`, () => expect(findCatastrophic(s).length).toBeGreaterThan(0));
  const good = [
    "(\\w+\\s)*$",
    "(a+b)*",
    "(a|ab)*",
    "foo\\(bar\\)",
    ".*",
    "(?:a|b)+",
    "[a-z]+@[a-z]+",
    "(\\s*,\\s*)",
    "(ab){3}",
    "\\b(eval|exec)\\(",
    "console\\.log",
    "(?:\\[x\\])+",
  ];
  for (const s of good) it(`does not flag ${s}`, () => expect(findCatastrophic(s)).toEqual([]));
  it("never loops on truncated escapes", () => {
    for (const s of ["\\u{12", "(\\u{", "\\p{L", "(?<name", "[abc", "\\", "a{2,"]) expect(Array.isArray(findCatastrophic(s))).toBe(true);
  });
  it("names the repeating sub-pattern", () => {
    expect(findCatastrophic("x(a+)+y")[0]).toMatchObject({ at: "(a+)+" });
    expect(findCatastrophic("x(a+)+y")[0].why).toContain("a+");
  });
});

describe("syntax Bun accepts but Node rejects", () => {
  it("modifier groups", () => {
    expect(bunOnlySyntax("(?i:todo)")).toBeDefined();
    expect(bunOnlySyntax("a(?-i:b)")).toBeDefined();
    expect(bunOnlySyntax("(?:todo)")).toBeUndefined();
  });
  it("duplicate group names", () => {
    expect(bunOnlySyntax("(?<a>x)|(?<a>y)")).toBeDefined();
    expect(bunOnlySyntax("(?<a>x)|(?<b>y)")).toBeUndefined();
  });
  it("leading inline flags", () => {
    expect(hasLeadingInlineFlags("(?i)todo")).toBe(true);
    expect(hasLeadingInlineFlags("(?ims)x")).toBe(true);
    expect(hasLeadingInlineFlags("(?x)a b")).toBe(false);
    expect(hasLeadingInlineFlags("a(?i)")).toBe(false);
  });
});
