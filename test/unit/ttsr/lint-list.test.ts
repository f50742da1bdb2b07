// ttsr lint / ttsr list over in-memory rule folders.
import { describe, expect, it } from "vitest";
import { lintRules } from "../../../src/ttsr/lint.js";
import { listRules } from "../../../src/ttsr/list.js";
import { loadRules } from "../../../src/ttsr/load.js";
import { ruleFindings } from "../../../src/ttsr/findings.js";
import { R } from "./builders.js";
import { memFs } from "./memfs.js";

const fm = (lines: string, body = "Body"): string => `---\n${lines}\n---\n${body}`;

describe("lintRules", () => {
  const fs = memFs({
    "/a/trap.md": fm('condition: "x\\.y"\ndescription: "d\\.e"'),
    "/a/cat.md": fm("condition: '(\\w+\\s?)*$'"),
    "/a/dup.md": fm("condition: ok"),
    "/b/dup.md": fm("condition: other"),
    "/a/prose-globs.md": fm("condition: s\nglobs: '*.md'"),
    "/a/typed.md": fm("condition: s\ninterruptMode: sometimes"),
  });
  const loaded = loadRules(["/a", "/b"], { fs });
  const out = lintRules(loaded);
  const at = (f: string) => out.diagnostics.filter((d) => d.file === f).map((d) => [d.code, d.severity]);

  it("the quoting trap is an error on condition/scope, a warning elsewhere", () => {
    expect(at("/a/trap.md")).toEqual([
      ["TTSR_YAML_FALLBACK", "warning"],
      ["TTSR_YAML_QUOTE_TRAP", "error"],
      ["TTSR_YAML_QUOTE_TRAP", "warning"],
    ]);
  });
  it("catastrophic regexes are errors", () => expect(at("/a/cat.md")).toEqual([["TTSR_CATASTROPHIC_REGEX", "error"]]));
  it("a shadowed name is a warning on the shadowed file", () => expect(at("/b/dup.md")).toEqual([["TTSR_RULE_SHADOWED", "warning"]]));
  it("globs on a default-scope rule: text can never match", () => expect(at("/a/prose-globs.md")).toEqual([["TTSR_GLOBS_BLOCK_PROSE", "warning"]]));
  it("globs on a text-only rule: it can never fire at all", () => {
    const d = ruleFindings(R("t", { condition: "x", scope: "text", globs: ["*.ts"] }, "seed"), { profile: "seed" });
    expect(d.map((x) => [x.code, x.severity])).toEqual([["TTSR_GLOBS_BLOCK_PROSE", "error"]]);
    expect(d[0].message).toContain("never fires at all");
  });
  it("a frontmatter value of a type oh-my-pi ignores is a warning at its line", () => {
    expect(out.diagnostics.filter((d) => d.file === "/a/typed.md").map((d) => [d.code, d.severity, d.line])).toEqual([
      ["TTSR_FRONTMATTER_VALUE_IGNORED", "warning", 3],
    ]);
  });
  it("counts", () => expect([out.errors, out.warnings]).toEqual([2, 5]));
});

describe("listRules", () => {
  it("rows carry bucket, reason, shadowing", () => {
    const fs = memFs({ "/a/x.md": fm("condition: '(?i)x'\ndescription: d"), "/b/x.md": fm("condition: y"), "/b/z.md": fm("alwaysApply: true") });
    const rows = listRules(loadRules(["/a", "/b"], { fs }));
    expect(rows.map((r) => [r.name, r.bucket, r.registered])).toEqual([
      ["x", "rulebook", false],
      ["x", "shadowed", false],
      ["z", "always-apply", false],
    ]);
    expect(rows[0].reason).toContain("no condition compiles");
    expect(rows[1].reason).toBe("shadowed by /a/x.md");
  });
});

describe("ruleFindings", () => {
  it("glob shorthand catch-all is noted", () => {
    expect(ruleFindings(R("a", { condition: "*.rs" }, "seed"), { profile: "seed" }).map((d) => d.code)).toEqual(["TTSR_CATCH_ALL_CONDITION"]);
  });
  it("a clean rule has no findings", () =>
    expect(ruleFindings(R("a", { condition: "x", scope: "text" }, "v17"), { profile: "v17", catastrophic: true, strict: true })).toEqual([]));
});
