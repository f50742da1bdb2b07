// sightline ttsr test: exit 0 when a rule triggers, 1 when none does, 2 for usage problems (design §4).
import { describe, expect, it } from "vitest";
import { check } from "../../src/schema/ajv.js";
import schema from "../../src/schema/json/ttsr/ttsr-test.json" with { type: "json" };
import { runCli } from "./run.js";

const P = "fixtures/rules/project";

describe("sightline ttsr test", () => {
  it("a tool-scoped rule triggers on its tool (exit 0)", () => {
    const r = runCli(["ttsr", "test", "please sudo make", "--rules", P, "--tool", "bash"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("Triggered 1 rule");
    expect(r.stdout).toContain("no-sudo");
  });

  it("nothing triggers → exit 1", () => {
    const r = runCli(["ttsr", "test", "hello", "--rules", P]);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain("No rule triggered");
  });

  it("ttsr-spec D2 through the CLI: (?i) rule fires under v17, not under seed", () => {
    expect(runCli(["ttsr", "test", "I am SORRY", "--rules", P, "--ttsr-profile", "v17"]).code).toBe(0);
    expect(runCli(["ttsr", "test", "I am SORRY", "--rules", P]).code).toBe(1);
  });

  it("--json prints only the document, valid against its schema; path scopes see --path", () => {
    const r = runCli(["ttsr", "test", '{"content":"x: any"}', "--rules", P, "--tool", "edit", "--path", "src/a.ts", "--json", "--chunking", "fixed:3"]);
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.stdout);
    expect(check(schema, doc)).toEqual([]);
    expect(doc.matches.map((m: { rule: string }) => m.rule)).toEqual(["no-any"]);
    expect(doc.context).toMatchObject({ source: "tool", toolName: "edit" });
    expect(doc.context.filePaths).toContain("src/a.ts");
    expect(doc.deltas).toBe(7);
    expect(doc.matches[0].offset).toBe(18);
  });

  it("reads stdin with -", () => {
    const r = runCli(["ttsr", "test", "-", "--rule", `${P}/no-sudo.md`, "--source", "tool", "--tool", "bash", "--json"], { input: "sudo rm" });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).rules.map((x: { name: string }) => x.name)).toEqual(["no-sudo"]);
  });

  it("usage problems exit 2", () => {
    expect(runCli(["ttsr", "test", "x", "--rules", P, "--chunking", "fixed:0"]).code).toBe(2);
    expect(runCli(["ttsr", "test", "x", "--rules", "fixtures/rules/does-not-exist"]).code).toBe(2);
    expect(runCli(["ttsr", "test", "x", "--rules", P, "--settings", "fixtures/rules/settings/missing.json"]).code).toBe(2);
  });

  it("settings: a disabled rule no longer triggers", () => {
    expect(runCli(["ttsr", "test", "sudo", "--rules", P, "--tool", "bash", "--settings", "fixtures/rules/settings/disable-no-sudo.json"]).code).toBe(1);
  });

  it("design §8: a catastrophic regex cannot hang ttsr test — its rule is excluded and reported", () => {
    const r = runCli([
      "ttsr",
      "test",
      `${"a".repeat(40)}!`,
      "--rule",
      "fixtures/rules/lint/catastrophic.md",
      "--rule",
      `${P}/no-sudo.md`,
      "--regex-budget",
      "200",
      "--json",
    ]);
    expect(r.code).toBe(1);
    const doc = JSON.parse(r.stdout);
    expect(doc.diagnostics.map((d: { code: string }) => d.code)).toEqual(["TTSR_REGEX_BUDGET_EXCEEDED"]);
    expect(doc.diagnostics[0].message).toContain("catastrophic");
  }, 30_000);

  it("--help shows examples", () => {
    const r = runCli(["ttsr", "test", "--help"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("ttsr test");
    expect(r.stdout).toContain("--chunking");
  });
});
