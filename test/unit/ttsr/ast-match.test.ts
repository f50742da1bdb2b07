// AST conditions as a pure function (docs/ttsr.md §17.10, §17.11): language from the extension, OR over patterns.
import { Lang } from "@ast-grep/napi";
import { describe, expect, it } from "vitest";
import { astConditionsMatch, astLanguage, astLanguageOf, extensionAlias } from "../../../src/ttsr/ast-match.js";

const ts = astLanguage("ts");

describe("docs/ttsr.md §17.10 evaluating AST conditions", () => {
  it("§17.10 step 1: the extension without its dot, lower-cased; a leading or trailing dot is no extension", () => {
    expect(extensionAlias("src/a.ts")).toBe("ts");
    expect(extensionAlias("/w/App.TSX")).toBe("tsx");
    expect(extensionAlias("win\\dir.d\\x.min.js")).toBe("js");
    expect(extensionAlias("/home/u/.bashrc")).toBeUndefined();
    expect(extensionAlias("notes.")).toBeUndefined();
    expect(extensionAlias("Makefile")).toBeUndefined();
  });

  it("§17.10 step 1: the first candidate path that has an extension names the language", () => {
    expect(astLanguageOf(["Makefile", "b.py", "c.ts"])).toEqual({ kind: "upstream-only", alias: "py" });
    expect(astLanguageOf(["Makefile"])).toBeUndefined();
    expect(astLanguageOf(undefined)).toBeUndefined();
  });

  it("§17.10 step 4: any pattern matching is a match (OR); no pattern matching is none", () => {
    const src = "function f() {\n  console.log(1);\n}\n";
    expect(astConditionsMatch(["debugger", "console.log($A)"], src, ts)).toBe(true);
    expect(astConditionsMatch(["console.error($A)"], src, ts)).toBe(false);
    // Smart strictness: the pattern's structure, not its text, matters.
    expect(astConditionsMatch(["console.log($A)"], "console . log ( 'x' )", ts)).toBe(true);
  });

  it("§17.10 step 4: a pattern ast-grep refuses counts as no match; the others still count", () => {
    expect(astConditionsMatch(["foo("], "console.log(1)", ts)).toBe(false);
    expect(astConditionsMatch(["foo(", "console.log($A)"], "console.log(1)", ts)).toBe(true);
  });

  it("§17.10 step 4: source with syntax errors is still searched", () => {
    expect(astConditionsMatch(["console.log($A)"], "+console.log(1)ba o\n", ts)).toBe(true);
  });

  it("§17.10 step 4: a language no grammar knows is no match", () => {
    expect(astLanguage("txt")).toEqual({ kind: "unsupported", alias: "txt" });
    expect(astConditionsMatch(["console.log($A)"], "console.log(1)", astLanguage("txt"))).toBe(false);
  });
});

describe("docs/ttsr.md §17.11 languages sightline parses", () => {
  it("§17.11: TypeScript, TSX, JavaScript (jsx too), HTML and CSS aliases are evaluated", () => {
    const langs = Object.fromEntries(
      ["ts", "mts", "cts", "typescript", "tsx", "js", "mjs", "cjs", "jsx", "javascript", "html", "htm", "css"].map((a) => [a, astLanguage(a)]),
    );
    expect(Object.values(langs).every((l) => l.kind === "evaluated")).toBe(true);
    expect(langs.jsx).toEqual({ kind: "evaluated", alias: "jsx", lang: Lang.JavaScript });
    expect(langs.mts).toEqual({ kind: "evaluated", alias: "mts", lang: Lang.TypeScript });
  });

  it("§17.11: JSX parses in jsx, not in ts (as upstream)", () => {
    const src = "const a = <div>{console.log(1)}</div>";
    expect(astConditionsMatch(["console.log($A)"], src, astLanguage("jsx"))).toBe(true);
    expect(astConditionsMatch(["console.log($A)"], src, ts)).toBe(false);
  });

  it("§17.11: an alias only upstream parses is unevaluated, whatever the source", () => {
    for (const alias of ["py", "rs", "go", "md", "json", "yaml"]) {
      expect(astLanguage(alias).kind).toBe("upstream-only");
      expect(astConditionsMatch(["print($A)"], "print(1)", astLanguage(alias))).toBe("unevaluated");
    }
  });
});
