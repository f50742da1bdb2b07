// The library never speaks of command-line flags: it names its own options ("option `ttsrProfile`") and the CLI
// shows the flag (src/cli/flags.ts). This test reads every source file outside src/cli/ for a flag in code (comments
// may name flags), and holds every option the library names to a flag the CLI knows.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { FLAG, withFlags, cliMessage } from "../../src/cli/flags.js";
import { catalogue } from "../../src/shared/codes.js";
import { wordUntyped } from "../../src/shared/codes/types.js";
import { UsageError } from "../../src/shared/errors.js";

const SRC = resolve(import.meta.dirname, "../../src");
const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? files(p) : p.endsWith(".ts") ? [p] : [];
  });
const library = files(SRC).filter((f) => !relative(SRC, f).startsWith("cli/"));
const code = (f: string) =>
  readFileSync(f, "utf8")
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .split("\n")
    .filter((l) => !/^\s*\/\//.test(l))
    .join("\n");

// A suggested command line a user copies is a shell command, not a message: the one kept.
const COMMAND_LINES = new Set(["report/warnings.ts"]);

describe("the library names options, not flags", () => {
  it("no source outside src/cli/ writes a flag into a string", () => {
    const found = library
      .filter((f) => !COMMAND_LINES.has(relative(SRC, f)))
      // (a decrement such as `--depth === 0` is code, not a flag)
      .flatMap((f) => [...code(f).matchAll(/["'`(\s]--[a-z][a-z-]*\b(?![-\w]|\s*[=!<>;])/g)].map((m) => `${relative(SRC, f)}: ${m[0].trim()}`));
    expect(found).toEqual([]);
  });

  it("every option a library message names has a flag", () => {
    const named = new Set(library.flatMap((f) => [...readFileSync(f, "utf8").matchAll(/option \\?`(\w+)\\?`/g)].map((m) => m[1])));
    expect(named.size).toBeGreaterThan(10);
    expect([...named].filter((n) => !(n in FLAG))).toEqual([]);
  });

  it("catalogue titles and messages name no flag", () => {
    const args = {
      named: "v17",
      profile: "v18",
      evidence: "format-profile",
      recorded: "reviewer",
      id: "e1",
      rule: "r",
      features: "x",
      missing: ["2"],
      count: 3,
      suite: "s",
      path: "p",
    };
    for (const [codeName, spec] of Object.entries(catalogue)) {
      expect(spec.title, codeName).not.toMatch(/--[a-z]/);
      let message = "";
      try {
        message = String(wordUntyped(spec, args));
      } catch {
        continue; // a wording that needs other args; the source scan above still reads it
      }
      expect(message, codeName).not.toMatch(/--[a-z]/);
    }
  });
});

describe("the CLI shows flags", () => {
  it("rewrites the library's option names to flags, once, leaving other text alone", () => {
    const m = wordUntyped(catalogue.TTSR_PROFILE_CONTRADICTS_SESSION, { named: "v17", evidence: "format-profile", profile: "v18" });
    expect(m).toContain("option `ttsrProfile` v17 contradicts the session");
    expect(withFlags(m)).toContain("--ttsr-profile v17 contradicts the session");
    expect(withFlags(m)).toContain("(without --ttsr-profile the session is followed)");
    expect(withFlags("option `nosuch` and `ttsrProfile`")).toBe("option `nosuch` and `ttsrProfile`");
  });
  it("names a refused option of an error by its flag", () => {
    expect(cliMessage(new UsageError("not installed", { name: "tokens", value: "exact" }))).toBe("--tokens exact: not installed");
  });
});

describe("flags inside a table", () => {
  it("keep every border where the library laid it out", () => {
    const row = "│ x │ read with head; option `profile` chooses │ y │";
    const shown = withFlags(row);
    expect(shown).toContain("--profile chooses");
    expect([...shown].map((ch, i) => (ch === "│" ? i : -1)).filter((i) => i >= 0)).toEqual(
      [...row].map((ch, i) => (ch === "│" ? i : -1)).filter((i) => i >= 0),
    );
  });
});
