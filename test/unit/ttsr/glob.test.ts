// ttsr-spec §6.1: Bun.Glob observations reproduced on picomatch.
import { describe, expect, it } from "vitest";
import { compileGlob, matchesGlob } from "../../../src/ttsr/glob.js";

const m = (g: string, p: string): boolean => compileGlob(g).match(p);

describe("ttsr-spec §6.1 Bun.Glob semantics", () => {
  it("* does not cross / and matches dot-files", () => {
    expect(m("*", "a/b")).toBe(false);
    expect(m("*.ts", ".hidden.ts")).toBe(true);
    expect(m("src/*", "src/.env")).toBe(true);
  });
  it("**/*.ts matches a.ts", () => expect(m("**/*.ts", "a.ts")).toBe(true));
  it("src/** does not match src itself (picomatch would; corrected)", () => {
    expect(m("src/**", "src")).toBe(false);
    expect(m("src/**", "src/a")).toBe(true);
    expect(m("src/**", "src/a/b.ts")).toBe(true);
  });
  it("{a,b}, [ab] and ? work", () => {
    expect(m("*.{ts,tsx}", "x.tsx")).toBe(true);
    expect(m("[ab].ts", "b.ts")).toBe(true);
    expect(m("[ab].ts", "c.ts")).toBe(false);
    expect(m("?.ts", "a.ts")).toBe(true);
    expect(m("?.ts", "ab.ts")).toBe(false);
  });
  it("a leading ! negates", () => {
    expect(m("!*.ts", "a.ts")).toBe(false);
    expect(m("!*.ts", "a.md")).toBe(true);
  });
  it("matching is case-sensitive", () => expect(m("*.TS", "a.ts")).toBe(false));
  it("./src/a.ts does not match src/*.ts", () => expect(m("src/*.ts", "./src/a.ts")).toBe(false));
});

describe("ttsr-spec §6.1 #matchesGlob", () => {
  const g = compileGlob("*.ts");
  it("no candidate paths → false", () => {
    expect(matchesGlob(g, undefined)).toBe(false);
    expect(matchesGlob(g, [])).toBe(false);
  });
  it("whole path, then basename; backslashes normalised", () => {
    expect(matchesGlob(g, ["deep/dir/a.ts"])).toBe(true);
    expect(matchesGlob(compileGlob("dir/*.ts"), ["deep\\dir\\a.ts"])).toBe(false);
    expect(matchesGlob(compileGlob("dir/*.ts"), ["dir\\a.ts"])).toBe(true);
    expect(matchesGlob(g, ["a.md", "b.ts"])).toBe(true);
  });
});

describe("Bun.Glob syntax picomatch reads differently (corrected)", () => {
  it("[!a] is a negated class", () => {
    expect(m("[!a].ts", "b.ts")).toBe(true);
    expect(m("[!a].ts", "a.ts")).toBe(false);
    expect(m("\\[!a].ts", "b.ts")).toBe(false);
  });
  it("no extglobs: parentheses are literal", () => {
    expect(m("+(a).ts", "aa.ts")).toBe(false);
    expect(m("@(a|b).ts", "a.ts")).toBe(false);
  });
});
