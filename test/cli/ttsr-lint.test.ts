// sightline ttsr lint: exit 1 on errors, each finding naming the rule and file.
import { describe, expect, it } from "vitest";
import { check } from "../../src/schema/ajv.js";
import schema from "../../src/schema/json/ttsr/ttsr-lint.json" with { type: "json" };
import { runCli } from "./run.js";

const lint = (dir: string, extra: string[] = []) => runCli(["ttsr", "lint", "--rules", dir, "--json", ...extra]);
const codesOf = (doc: { diagnostics: { code: string; file: string }[] }, file: string): string[] =>
  doc.diagnostics.filter((d) => d.file.endsWith(file)).map((d) => d.code);

describe("sightline ttsr lint", () => {
  const r = lint("fixtures/rules/lint");
  const doc = JSON.parse(r.stdout);

  it("exits 1 with errors and a schema-valid document", () => {
    expect(r.code).toBe(1);
    expect(check(schema, doc)).toEqual([]);
    expect(doc.files).toBe(7);
  });
  it("the YAML quoting trap (ttsr-spec §2.1.6)", () => expect(codesOf(doc, "yaml-quote-trap.md")).toEqual(["TTSR_YAML_FALLBACK", "TTSR_YAML_QUOTE_TRAP"]));
  it("the YAML backspace trap: \\b in double quotes", () => expect(codesOf(doc, "yaml-backspace-trap.md")).toEqual(["TTSR_YAML_ESCAPE_TRAP"]));
  it("catastrophic regexes", () => expect(codesOf(doc, "catastrophic.md")).toEqual(["TTSR_CATASTROPHIC_REGEX"]));
  it("unreachable scopes", () => expect(codesOf(doc, "unreachable-scope.md")).toContain("TTSR_UNREACHABLE_SCOPE"));
  it("leading inline flags under seed, clean under v17", () => {
    expect(codesOf(doc, "inline-flags.md")).toContain("TTSR_INLINE_FLAGS_SEED");
    expect(codesOf(JSON.parse(lint("fixtures/rules/lint", ["--ttsr-profile", "v17"]).stdout), "inline-flags.md")).toEqual([]);
  });
  it("syntax Bun accepts and Node rejects", () => expect(codesOf(doc, "bun-only-group.md")).toContain("TTSR_REGEX_NODE_ONLY_REJECTS"));
  it("globs that make a prose rule unreachable (ttsr-spec §6.2)", () => expect(codesOf(doc, "globs-on-prose.md")).toEqual(["TTSR_GLOBS_BLOCK_PROSE"]));
  it("shadowed names and an invalid rule that still shadows", () => {
    const d = JSON.parse(runCli(["ttsr", "lint", "--rules", "fixtures/rules/project", "--builtin-rules", "fixtures/rules/builtin", "--json"]).stdout);
    expect(d.diagnostics.filter((x: { code: string }) => x.code === "TTSR_RULE_SHADOWED")).toHaveLength(1);
    expect(d.diagnostics.find((x: { code: string }) => x.code === "TTSR_RULE_INVALID").severity).toBe("error");
  });
  it("a clean folder exits 0; text output names file and rule", () => {
    expect(runCli(["ttsr", "lint", "--rule", "fixtures/rules/project/no-sudo.md"]).code).toBe(0);
    const t = runCli(["ttsr", "lint", "--rules", "fixtures/rules/lint"]);
    expect(t.stdout).toMatch(/catastrophic\.md: error TTSR_CATASTROPHIC_REGEX: Condition \(a\+\)\+\$ of rule catastrophic/);
    expect(t.stdout).toMatch(/\d+ errors, \d+ warnings in 7 rule files \(seed\)\./);
  });
});
