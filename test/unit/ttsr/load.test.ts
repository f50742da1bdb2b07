// ttsr-spec §1 (dedupe, late validation), §7 (bucketing), §14 #44, S25, S26.
import { describe, expect, it } from "vitest";
import { loadRules } from "../../../src/ttsr/load.js";
import { bucketRules } from "../../../src/ttsr/buckets.js";
import { names, mgr, PROFILES, R } from "./builders.js";
import { memFs } from "./memfs.js";

const fm = (lines: string, body = "Body"): string => `---\n${lines}\n---\n${body}`;

describe("loadRules", () => {
  for (const p of PROFILES)
    it(`ttsr-spec §14 #44 / S26 [${p}]: an empty-body project rule shadows the builtin of the same name, then fails validation`, () => {
      const fs = memFs({
        "/proj/.omp/rules/ts-no-any.md": fm("condition: any", ""),
        "/builtin/ts-no-any.md": fm("condition: any", "No any."),
      });
      const out = loadRules(["/proj/.omp/rules", { path: "/builtin", provider: "builtin-defaults" }], { fs, ttsrProfile: p });
      expect(out.rules).toEqual([]);
      expect(out.shadowed).toEqual([{ name: "ts-no-any", path: "builtin-defaults:ts-no-any.md", by: "/proj/.omp/rules/ts-no-any.md" }]);
      expect(out.skipped).toHaveLength(1);
      expect(out.skipped[0]).toMatchObject({ name: "ts-no-any", path: "/proj/.omp/rules/ts-no-any.md" });
      expect(out.skipped[0].reason).toContain("empty rule content");
      expect(out.manager.hasRules()).toBe(false);
      expect(out.diagnostics.map((d) => d.code)).toEqual(expect.arrayContaining(["TTSR_RULE_SHADOWED", "TTSR_RULE_INVALID"]));
    });

  it("ttsr-spec §1: first wins by name across folders in priority order; .md and .mdc in one folder too", () => {
    const fs = memFs({
      "/a/x.md": fm("condition: one"),
      "/a/x.mdc": fm("condition: two"),
      "/b/x.md": fm("condition: three"),
      "/b/y.md": fm("condition: y"),
      "/b/notes.txt": "ignored",
    });
    const out = loadRules(["/a", "/b"], { fs });
    expect(out.rules.map((r) => [r.name, r.condition])).toEqual([
      ["x", ["one"]],
      ["y", ["y"]],
    ]);
    expect(out.shadowed.map((s) => s.path)).toEqual(["/a/x.mdc", "/b/x.md"]);
    expect(names(out.buckets.ttsr)).toEqual(["x", "y"]);
  });

  it("a single rule file can be given instead of a folder; a missing folder is a diagnostic", () => {
    const fs = memFs({ "/r/one.md": fm("condition: z") });
    const out = loadRules(["/r/one.md", "/nope"], { fs });
    expect(names(out.rules)).toEqual(["one"]);
    expect(out.diagnostics.map((d) => d.code)).toContain("TTSR_RULES_DIR_UNREADABLE");
  });

  it("builtin-defaults folders get virtual paths and the builtin provider", () => {
    const out = loadRules([{ path: "/b", provider: "builtin-defaults" }], { fs: memFs({ "/b/ts-no-any.md": fm("condition: any") }) });
    expect(out.rules[0].path).toBe("builtin-defaults:ts-no-any.md");
    expect(out.rules[0]._source).toEqual({ provider: "builtin-defaults", level: "user" });
  });

  it("ttsr-spec §14 S25: bad regex / unreachable scope with a description → rulebook; disabled names and builtins dropped", () => {
    const fs = memFs({
      "/p/bad-regex.md": fm("condition: '(unclosed'\ndescription: d"),
      "/p/unreachable.md": fm("condition: x\nscope: 'a b'\ndescription: d"),
      "/p/disabled-one.md": fm("description: d"),
      "/p/ok.md": fm("condition: ok"),
      "/b/builtin-x.md": fm("condition: q"),
    });
    const out = loadRules(["/p", { path: "/b", provider: "builtin-defaults" }], {
      fs,
      settings: { disabledRules: [" disabled-one ", ""], builtinRules: false },
    });
    expect(names(out.buckets.rulebook)).toEqual(["bad-regex", "unreachable"]);
    expect(names(out.buckets.ttsr)).toEqual(["ok"]);
    expect(names(out.buckets.dropped)).toEqual(["disabled-one", "builtin-x"]);
    expect(out.buckets.all.find((b) => b.rule.name === "bad-regex")?.notRegistered).toBe("no-valid-condition");
    expect(out.buckets.all.find((b) => b.rule.name === "unreachable")?.notRegistered).toBe("unreachable-scope");
    expect(out.skipped.map((s) => s.name)).toEqual(["disabled-one", "builtin-x"]);
  });

  it("v17: an astCondition-only rule is registered but listed as skipped (D5 is out of scope)", () => {
    const out = loadRules(["/p"], { fs: memFs({ "/p/ast.md": fm("astCondition: 'console.log($A)'") }), ttsrProfile: "v17" });
    expect(names(out.buckets.ttsr)).toEqual(["ast"]);
    expect(out.skipped[0].reason).toContain("astCondition");
    expect(out.diagnostics.map((d) => d.code)).toContain("TTSR_AST_CONDITION_SKIPPED");
  });
});

describe("ttsr-spec §7 bucketRules consequences", () => {
  it("condition + alwaysApply is TTSR-only; alwaysApply without a condition is always-apply; nothing → discarded", () => {
    const m = mgr("seed");
    const b = bucketRules([R("t", { condition: "x", alwaysApply: true }, "seed"), R("aa", { alwaysApply: true }, "seed"), R("d", {}, "seed")], m, {
      builtinRules: true,
      disabledRules: [],
    });
    expect([names(b.ttsr), names(b.alwaysApply), names(b.discarded)]).toEqual([["t"], ["aa"], ["d"]]);
  });

  it("a second same-name rule that reaches bucketing fails addRule and becomes rulebook", () => {
    const m = mgr("seed");
    const b = bucketRules([R("a", { condition: "x" }, "seed"), R("a", { condition: "y", description: "d" }, "seed")], m, {
      builtinRules: true,
      disabledRules: [],
    });
    expect(names(b.ttsr)).toEqual(["a"]);
    expect(names(b.rulebook)).toEqual(["a"]);
    expect(b.all[1].notRegistered).toBe("duplicate-name");
  });

  it("ttsr-spec §14 #36 in bucketing: v17 with enabled false sends condition rules on to the other buckets", () => {
    const m = mgr("v17", { enabled: false });
    const b = bucketRules([R("a", { condition: "x", description: "d" }, "v17")], m, { builtinRules: true, disabledRules: [] });
    expect(names(b.rulebook)).toEqual(["a"]);
    expect(b.all[0].notRegistered).toBe("disabled");
  });
});
