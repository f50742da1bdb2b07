// sightline ttsr list: rules with scope, bucket, why not registered, shadowed names.
import { describe, expect, it } from "vitest";
import { check } from "../../src/schema/ajv.js";
import schema from "../../src/schema/json/ttsr/ttsr-list.json" with { type: "json" };
import { runCli } from "./run.js";

const args = ["ttsr", "list", "--rules", "fixtures/rules/project", "--builtin-rules", "fixtures/rules/builtin"];

describe("sightline ttsr list", () => {
  it("--json: buckets, reasons, the empty-body rule that still shadows the builtin (ttsr-spec §1, S26)", () => {
    const r = runCli([...args, "--json"]);
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.stdout);
    expect(check(schema, doc)).toEqual([]);
    const by = (name: string, bucket?: string) => doc.rules.find((x: { name: string; bucket: string }) => x.name === name && (!bucket || x.bucket === bucket));
    expect(by("no-sudo").bucket).toBe("ttsr");
    expect(by("described-bad-regex").bucket).toBe("rulebook");
    expect(by("described-bad-regex").reason).toContain("no condition compiles");
    expect(by("no-sorry-inline-flag").bucket).toBe("discarded");
    expect(by("ts-no-any", "invalid").reason).toContain("still shadows builtin-defaults:ts-no-any.md");
    expect(by("ts-no-any", "shadowed").path).toBe("builtin-defaults:ts-no-any.md");
    expect(by("no-console").provider).toBe("builtin-defaults");
    expect(doc.shadowed).toHaveLength(1);
  });

  it("v17 registers the (?i) rule", () => {
    const doc = JSON.parse(runCli([...args, "--json", "--ttsr-profile", "v17"]).stdout);
    expect(doc.rules.find((x: { name: string }) => x.name === "no-sorry-inline-flag").bucket).toBe("ttsr");
  });

  it("table output names every rule and the count", () => {
    const r = runCli(args);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("no-any");
    expect(r.stdout).toMatch(/7 rule files, 3 registered as TTSR rules \(seed\)/);
  });

  it("settings: disabled and v17 enabled:false", () => {
    const d = JSON.parse(runCli([...args, "--json", "--settings", "fixtures/rules/settings/disable-no-sudo.json"]).stdout);
    expect(d.rules.find((x: { name: string }) => x.name === "no-sudo").bucket).toBe("disabled");
    const off = JSON.parse(runCli([...args, "--json", "--settings", "fixtures/rules/settings/disabled.json", "--ttsr-profile", "v17"]).stdout);
    expect(off.rules.filter((x: { registered: boolean }) => x.registered)).toEqual([]);
    const seedOff = JSON.parse(runCli([...args, "--json", "--settings", "fixtures/rules/settings/disabled.json"]).stdout);
    expect(seedOff.rules.filter((x: { registered: boolean }) => x.registered).length).toBe(3);
  });
});
