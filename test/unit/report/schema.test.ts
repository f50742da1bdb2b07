import { afterAll, describe, expect, it } from "vitest";
import auditSchema from "../../../src/schema/json/audit/audit.json" with { type: "json" };
import checkSchema from "../../../src/schema/json/audit/check.json" with { type: "json" };
import configSchema from "../../../src/schema/json/config/sightline.config.json" with { type: "json" };
import { check } from "../../../src/schema/ajv.js";
import { contractSchemas } from "../../../src/schema/contract.js";
import { runAudit } from "../../../src/app/audit/audit.js";
import { removeSpillDirs } from "../../../src/io/spill.js";

// The runner ends this process without "exit": remove the audit's spill folder here.
afterAll(removeSpillDirs);
import { runCheck } from "../../../src/app/check/check.js";
import { shareable, writeReport } from "../../../src/app/report-folder/write.js";
import { mergeReports } from "../../../src/app/report-folder/merge.js";
import { dataOf } from "../../../src/report/html-session.js";
import { jsonDepth } from "../../../src/shared/json.js";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import summarySchema from "../../../src/schema/json/audit/report-summary.json" with { type: "json" };
import sessionSchema from "../../../src/schema/json/audit/report-session.json" with { type: "json" };

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
  it("report folder: summary.json and every sessions/<n>.js (deep-nesting fixture included), also after merge-reports", async () => {
    const { result } = await runAudit({
      paths: ["fixtures/pi/omp17-deferred-then-compaction", "fixtures/hostile", "fixtures/scorel/bad-input", "fixtures/rules/lint"],
      workers: 0,
      rules: ["fixtures/pi/omp17-deferred-then-compaction/project/.omp/rules"],
      ttsrProfile: "v17",
    });
    const dir = mkdtempSync(join(tmpdir(), "sightline-schema-"));
    const merged = join(dir, "merged");
    try {
      await writeReport(join(dir, "run"), result, { redact: true });
      await writeReport(merged, (await mergeReports([join(dir, "run")])).result, { redact: true });
      for (const d of [join(dir, "run"), merged]) {
        const summary = JSON.parse(readFileSync(join(d, "summary.json"), "utf8"));
        expect(check(summarySchema, summary)).toEqual([]);
        expect(summary.sessions.length).toBe(result.sessions.length);
        for (const e of summary.sessions) {
          const text = dataOf(readFileSync(join(d, e.detail), "utf8"))!;
          expect(check(sessionSchema, JSON.parse(text)), e.detail).toEqual([]);
          // The 5000-deep record of bad-input/deep-nesting.jsonl is shown as text, never nested into a report file.
          expect(jsonDepth(text), e.detail).toBeLessThan(32);
        }
      }
      expect(
        check(sessionSchema, { schemaVersion: 1, kind: "audit-session", session: { ...result.sessions.find((s) => s.messages.length > 0)! } }).length,
      ).toBeGreaterThan(0);
      expect(check(summarySchema, { ...result }).length).toBeGreaterThan(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
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
    expect(check(configSchema, { suites: [{ name: "a", sessions: "x", expectations: "e.json", chunking: "fixed:0" }] }).map((i) => i.pointer)).toEqual([
      "/suites/0/chunking",
    ]);
  });
});
