// Issue 21: a pool worker's old generation is capped by the largest input (so garbage from earlier sessions
// is collected instead of piling up); a file whose audit still runs out of heap under the cap is audited again
// in the main thread, so the cap never changes a result.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { auditProbe, auditWorkerLimits, releaseAudit, runAudit } from "../../../../src/app/audit/audit.js";
import { workerScript } from "../../../../src/app/workers/pool.js";
import { removeSpillDirs } from "../../../../src/io/spill.js";
import { realSession } from "../../../bench/gen/real.mjs";

const tmp = mkdtempSync(join(tmpdir(), "sightline-worker-heap-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
afterAll(removeSpillDirs);

const MiB = 2 ** 20;
const now = () => new Date("2026-03-03T14:30:00.000Z");

describe("app/audit worker heap cap", () => {
  it("is at least 32 MiB, else 12 MiB plus ten times the largest input", () => {
    expect(auditWorkerLimits(0)).toEqual({ maxYoungGenerationSizeMb: 8, maxOldGenerationSizeMb: 32 });
    expect(auditWorkerLimits(200_000).maxOldGenerationSizeMb).toBe(32);
    expect(auditWorkerLimits(2.3 * MiB).maxOldGenerationSizeMb).toBe(35);
    expect(auditWorkerLimits(20 * MiB).maxOldGenerationSizeMb).toBe(212);
  });

  it("has a young generation of 8 MiB up to 2.3 MiB files, then 3.5 times the largest input, at most 32 MiB", () => {
    expect(auditWorkerLimits(200_000).maxYoungGenerationSizeMb).toBe(8);
    expect(auditWorkerLimits(1.3 * MiB).maxYoungGenerationSizeMb).toBe(8);
    expect(auditWorkerLimits(2.3 * MiB).maxYoungGenerationSizeMb).toBe(8);
    expect(auditWorkerLimits(4 * MiB).maxYoungGenerationSizeMb).toBe(14);
    expect(auditWorkerLimits(9.3 * MiB).maxYoungGenerationSizeMb).toBe(32);
    expect(auditWorkerLimits(95 * MiB).maxYoungGenerationSizeMb).toBe(32);
  });

  it.runIf(workerScript("audit/worker.js") !== null)(
    "a worker out of heap leaves its file to the main thread: the same result as an in-process audit",
    async () => {
      // Four copies of the real recording (≈ 9 MB): its audit needs more than 16 MiB of old generation.
      const big = await realSession(tmp, 4);
      const paths = [big.path, "fixtures/pi/hand"];
      const here = await runAudit({ paths, workers: 0, now });
      auditProbe.workerLimits = { maxYoungGenerationSizeMb: 8, maxOldGenerationSizeMb: 16 };
      const pooled = await runAudit({ paths, workers: 1, now }).finally(() => {
        auditProbe.workerLimits = undefined;
      });
      // Every session in full, without its timing.
      const strip = (r: typeof here) => r.result.sessions.map((s) => JSON.stringify({ ...(JSON.parse(JSON.stringify(s)) as object), ms: 0 }));
      expect(pooled.result.sessions.flatMap((s) => s.diagnostics.map((d) => d.code))).not.toContain("APP_AUDIT_WORKER_FAILED");
      expect(strip(pooled)).toEqual(strip(here));
      expect(pooled.result.summary).toEqual(here.result.summary);
      releaseAudit(here.result);
      releaseAudit(pooled.result);
    },
    120_000,
  );
});
