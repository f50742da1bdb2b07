// The YAML library's warnings are findings of the rule file (with the line), never text the library prints
// itself: process.emitWarning would put `[BAD_ALIAS] YAMLWarning` on the user's terminal.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { loadRules } from "../../../src/ttsr/load.js";
import { parseRuleFile } from "../../../src/ttsr/rule-file.js";
import { PROFILES } from "./builders.js";
import { memFs } from "./memfs.js";

let emitted: unknown[] = [];
beforeEach(() => {
  emitted = [];
  vi.spyOn(process, "emitWarning").mockImplementation((w: unknown) => void emitted.push(w));
});
afterEach(() => vi.restoreAllMocks());

const warnings = (text: string, profile: (typeof PROFILES)[number]) =>
  (parseRuleFile(text, "/r/x.md", { profile }).diagnostics ?? []).filter((d) => d.code === "TTSR_YAML_WARNING").map((d) => [d.line, d.args?.yamlCode]);

for (const p of PROFILES)
  describe(`YAML warnings [${p}]`, () => {
    it("an alias ending in ':' (condition: *::) is a BAD_ALIAS finding on its line", () => {
      expect(warnings("---\ndescription: d\ncondition: *::\n---\nBody", p)).toEqual([[3, "BAD_ALIAS"]]);
      expect(emitted).toEqual([]);
    });
    it("a key that is a list, in YAML that parses, is a COLLECTION_KEY finding", () => {
      expect(warnings("---\ncondition: x\n? [a, b]\n: 1\n---\nBody", p)).toEqual([[3, "COLLECTION_KEY"]]);
      expect(emitted).toEqual([]);
    });
    it("clean frontmatter has none", () => {
      expect(warnings("---\ncondition: 'x'\nscope: text\n---\nBody", p)).toEqual([]);
    });
  });

describe("rule folders", () => {
  it("an empty rule folder is a warning; a missing one stays an error", () => {
    const out = loadRules(["/empty", "/missing"], { fs: memFs({ "/empty/notes.txt": "x" }) });
    expect(out.diagnostics.map((d) => [d.code, d.severity])).toEqual([
      ["TTSR_RULES_DIR_EMPTY", "warning"],
      ["TTSR_RULES_DIR_UNREADABLE", "error"],
    ]);
  });
});
