// v18 AST conditions (docs/ttsr.md §17.3, §17.10, §17.11): ast-grep patterns run against a tool call's final digest, in the
// language its file extension names. oh-my-pi runs ast-grep through its native addon; sightline runs the same
// engine through @ast-grep/napi, which carries the JavaScript, TypeScript, TSX, HTML and CSS grammars.
// The addon is loaded on first use and may be missing (an optional dependency with prebuilt binaries for the common
// platforms): without it every language is unknown offline, never a guessed "no match".
import { createRequire } from "node:module";
import type { SgNode } from "@ast-grep/napi";

type Engine = typeof import("@ast-grep/napi");
let engine: Engine | null | undefined;
function loadEngine(): Engine | null {
  if (engine === undefined) {
    try {
      engine = createRequire(import.meta.url)("@ast-grep/napi") as Engine;
    } catch {
      engine = null;
    }
  }
  return engine;
}

/** The grammars @ast-grep/napi bundles (its `Lang` names). */
type Lang = "TypeScript" | "Tsx" | "JavaScript" | "Html" | "Css";

/** What sightline can say about a language alias (docs/ttsr.md §17.11). */
export type AstLanguage =
  /** A grammar sightline has: conditions are evaluated. */
  | { kind: "evaluated"; alias: string; lang: Lang }
  /** oh-my-pi 18.3.4 has a grammar for it, sightline does not: the answer is unknown offline. */
  | { kind: "upstream-only"; alias: string }
  /** No grammar upstream either: upstream's matcher fails, which it treats as no match. */
  | { kind: "unsupported"; alias: string };

export type AstAnswer = boolean | "unevaluated";

// The aliases sightline evaluates, checked against the 18.3.4 addon's answers (jsx parses as JavaScript there).
const EVALUATED: Readonly<Record<string, Lang>> = {
  ts: "TypeScript",
  mts: "TypeScript",
  cts: "TypeScript",
  typescript: "TypeScript",
  tsx: "Tsx",
  js: "JavaScript",
  mjs: "JavaScript",
  cjs: "JavaScript",
  jsx: "JavaScript",
  javascript: "JavaScript",
  html: "Html",
  htm: "Html",
  css: "Css",
};

// Every other alias the 18.3.4 native addon (`@oh-my-pi/pi-natives`) accepts, from its "Unsupported language" error.
const UPSTREAM_ONLY = new Set(
  (
    "astro bash bats bazel bzl c c# c++ cc cfg clj cljc cljs clojure clojurescript cmake conf config containerfile cpp cs " +
    "csharp cu cuh cxx dart diff docker dockerfile edn el elisp elixir emacs-lisp emacslisp erl erlang ex exs f03 f08 " +
    "f90 f95 fortran gemspec gnumake go golang gql graphql h haskell hcl hh hpp hrl hs ini ino java jl json julia just " +
    "justfile kotlin ksh kt ktm kts lua m mak make makefile markdown md mdx mk ml mm nix obj-c objc objective-c ocaml " +
    "odin patch pcal php plist pluscal powershell properties proto protobuf ps1 psm1 py py3 pyi python r rb rbw re " +
    "regex rs ruby rust sbt sc scala sh skylark sol solidity sql star starlark sv svelte svg svh swift systemverilog " +
    "terraform tf tfvars tla tla+ tlaplus toml v verilog vh vue xhtml xml xsl xslt yaml yml zig zsh"
  ).split(" "),
);

/** The language alias of a path: its extension without the dot, lower-cased (v18 `#deriveLang`), or undefined. */
export function extensionAlias(filePath: string): string | undefined {
  const base = filePath.replaceAll("\\", "/").split("/").pop() ?? "";
  const dot = base.lastIndexOf(".");
  // As node's path.extname: a leading dot (`.bashrc`) or a trailing one gives no extension.
  return dot > 0 && dot < base.length - 1 ? base.slice(dot + 1).toLowerCase() : undefined;
}

/** The first candidate path with an extension names the language (docs/ttsr.md §17.10). */
export function astLanguageOf(filePaths: readonly string[] | undefined): AstLanguage | undefined {
  for (const p of filePaths ?? []) {
    const alias = extensionAlias(p);
    if (alias !== undefined) return astLanguage(alias);
  }
  return undefined;
}

export function astLanguage(alias: string): AstLanguage {
  const lang = EVALUATED[alias];
  if (lang !== undefined) return { kind: "evaluated", alias, lang };
  return UPSTREAM_ONLY.has(alias) ? { kind: "upstream-only", alias } : { kind: "unsupported", alias };
}

/**
 * Whether any pattern matches `source` (smart strictness, the default). A pattern ast-grep refuses counts as no
 * match, as upstream collects it as a diagnostic; source with syntax errors is still searched (tree-sitter recovers).
 */
export function astConditionsMatch(patterns: readonly string[], source: string, language: AstLanguage): AstAnswer {
  if (language.kind === "unsupported") return false;
  const sg = loadEngine();
  if (language.kind === "upstream-only" || sg === null) return "unevaluated";
  let root: SgNode;
  try {
    root = sg.parse(language.lang, source).root();
  } catch {
    return false; // upstream treats a failing match as no match
  }
  for (const pattern of patterns) {
    try {
      if (root.find(pattern) !== null) return true;
    } catch {
      // an invalid pattern: skipped
    }
  }
  return false;
}
