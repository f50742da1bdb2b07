import { afterAll, describe, expect, it } from "vitest";
import auditSchema from "../../../src/schema/json/audit/audit.json" with { type: "json" };
import checkSchema from "../../../src/schema/json/audit/check.json" with { type: "json" };
import configSchema from "../../../src/schema/json/config/sightline.config.json" with { type: "json" };
import { check } from "../../../src/schema/ajv.js";
import { contractSchemas } from "../../../src/schema/contract.js";
import { runAudit } from "../../../src/app/audit.js";
import { removeSpillDirs } from "../../../src/app/audit-spill.js";

// The runner ends this process without "exit": remove the audit's spill folder here.
afterAll(removeSpillDirs);
import { runCheck } from "../../../src/app/check.js";
import { shareable } from "../../../src/app/write-report.js";
import { mergeReports } from "../../../src/app/merge-reports.js";
import { readFileSync } from "node:fs";

void contractSchemas; // registers the contract schemas the audit schema refers to

describe("published schemas validate real output", () => {
  it("audit result (with TTSR evidence, compactions, rule files, broken files)", async () => {
    const { result } = await runAudit({
      paths: ["fixtures/pi/omp17-deferred-then-compaction", "fixtures/hostile", "fixtures/scorel/invalid/inv-02-invalid-json.jsonl", "nope"],
      workers: 0,
      rules: ["fixtures/pi/omp17-deferred-then-compaction/project/.omp/rules"],
      ttsrProfile: "v17",
    });
    expect(result.sessions.some((s) => s.compactions.length > 0 && s.ttsr)).toBe(true);
    expect(check(auditSchema, result)).toEqual([]);
    expect(check(auditSchema, JSON.parse(JSON.stringify(shareable(result, true))))).toEqual([]);
    expect(check(auditSchema, { ...result, schemaVersion: 2 }).length).toBeGreaterThan(0);
    expect(check(auditSchema, (await mergeReports([])).result)).toEqual([]);
  });
  it("check result", async () => {
    const run = await runCheck({ config: "fixtures/suites/omp17/sightline.config.json" });
    const doc = { schemaVersion: 1, kind: "check", createdAt: "2026-03-03T14:30:00.000Z", config: "x", update: false, ...run };
    expect(check(checkSchema, doc)).toEqual([]);
  });
  it("the fixture suite config validates and may name its $schema", () => {
    const cfg = JSON.parse(readFileSync("fixtures/suites/omp17/sightline.config.json", "utf8"));
    expect(cfg.$schema).toBe("../../../src/schema/json/config/sightline.config.json");
    expect(check(configSchema, cfg)).toEqual([]);
    expect(check(configSchema, { suites: [{ name: "a", sessions: "x", expectations: "e.json", chunking: "fixed:0" }] }).map((i) => i.pointer)).toEqual(["/suites/0/chunking"]);
  });
});
