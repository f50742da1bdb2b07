// The audit pool's workers started by the launcher (app/audit/early.ts): adopted only when they are the pool the
// audit would start, and an audit on adopted workers gives the result of one on its own.
import { mkdtempSync, writeFileSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { adoptAuditEarly, startAuditEarly, takeEarlyListing } from "../../../../src/app/audit/early.js";
import { auditWorkerLimits } from "../../../../src/app/audit/limits.js";
import { releaseAudit, runAudit } from "../../../../src/app/audit/audit.js";
import { workerScript } from "../../../../src/app/workers/pool.js";
import { removeSpillDirs } from "../../../../src/io/spill.js";

afterAll(removeSpillDirs);
const dir = mkdtempSync(join(tmpdir(), "sightline-early-"));
writeFileSync(join(dir, "a.jsonl"), "{}\n");
writeFileSync(join(dir, "b.jsonl"), "x".repeat(5000));
// Workers start early on the cores the launching thread leaves free.
const built = workerScript("audit/worker.js") !== null && availableParallelism() > 1;
const script = () => workerScript("audit/worker.js")!;

describe.runIf(built)("app/audit/early: the pool's workers started before the job loads", () => {
  it("hands on its listing, for the same paths only and once, and its workers when they are the audit's pool", async () => {
    startAuditEarly([dir], 2);
    expect(takeEarlyListing([dir, dir])).toBeUndefined();
    expect(takeEarlyListing([dir])).toBeUndefined();
    startAuditEarly([dir], 2); // ignored: the first start's workers are not taken yet
    const adopted = adoptAuditEarly(script(), 2, auditWorkerLimits(5000));
    expect(adopted?.workers).toHaveLength(Math.min(2, availableParallelism() - 1));
    await Promise.all(adopted!.workers.map((w) => w.terminate()));
    expect(adoptAuditEarly(script(), 2, auditWorkerLimits(5000))).toBeUndefined();

    startAuditEarly([dir]);
    expect(takeEarlyListing([dir])).toEqual({ inputs: { files: [join(dir, "a.jsonl"), join(dir, "b.jsonl")], problems: [] }, sizes: [3, 5000] });
    await Promise.all(adoptAuditEarly(script(), 2, auditWorkerLimits(5000))!.workers.map((w) => w.terminate()));
  });

  it("stops its workers when the audit's pool differs in size, limits or script", () => {
    for (const [size, limits, name] of [
      [1, auditWorkerLimits(5000), "audit/worker.js"],
      [2, auditWorkerLimits(20 * 2 ** 20), "audit/worker.js"],
      [2, auditWorkerLimits(5000), "validate/chunk-worker.js"],
    ] as const) {
      startAuditEarly([dir], 2);
      expect(adoptAuditEarly(workerScript(name)!, size, limits)).toBeUndefined();
    }
  });

  it("an audit on workers started early gives the result of an audit that starts its own", async () => {
    const paths = [resolve(import.meta.dirname, "../../../../fixtures/pi"), resolve(import.meta.dirname, "../../../../fixtures/scorel")];
    const now = () => new Date("2026-03-03T14:30:00.000Z");
    const plain = await runAudit({ paths, workers: 2, now });
    startAuditEarly(paths, 2);
    const early = await runAudit({ paths, workers: 2, now });
    // Adopted: nothing is left over.
    expect(takeEarlyListing(paths)).toBeUndefined();
    expect(early.result.summary).toEqual(plain.result.summary);
    const shown = (r: typeof plain) => JSON.stringify(r.result.sessions.map(({ ms: _, ...s }) => ({ ...s, messages: s.messages, turns: s.turns })));
    expect(shown(early)).toEqual(shown(plain));
    expect(early.result.sessions.length).toBeGreaterThan(10);
    releaseAudit(plain.result);
    releaseAudit(early.result);
  }, 30_000);
});
