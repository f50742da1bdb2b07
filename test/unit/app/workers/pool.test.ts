import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { defaultPoolSize, PoolTimeout, WorkerPool, workerScript } from "../../../../src/app/workers/pool.js";

// A plain-JS worker speaking the pool's protocol: doubles numbers, hangs on "hang", dies on "exit".
const dir = mkdtempSync(join(tmpdir(), "sightline-pool-"));
const script = join(dir, "worker.mjs");
writeFileSync(
  script,
  `import { parentPort, resourceLimits } from "node:worker_threads";
parentPort.on("message", (x) => {
  if (x === "limits") return parentPort.postMessage({ ok: true, value: resourceLimits.maxYoungGenerationSizeMb });
  if (x === "hang") for (;;) {}
  if (x === "exit") process.exit(7);
  if (x === "fail") return parentPort.postMessage({ ok: false, error: "bad input" });
  if (typeof x === "object") return setTimeout(() => parentPort.postMessage({ ok: true, value: x.sleep }), x.sleep);
  setTimeout(() => parentPort.postMessage({ ok: true, value: x * 2 }), (x * 7) % 20);
});`,
);

describe("app/pool: worker threads for CPU-heavy per-file work", () => {
  it("runs tasks on a fixed number of workers; results come back per task, whatever the finishing order", async () => {
    const pool = new WorkerPool<number, number>(pathToFileURL(script), 3, null);
    const inputs = Array.from({ length: 20 }, (_, i) => i);
    expect(await Promise.all(inputs.map((i) => pool.run(i)))).toEqual(inputs.map((i) => i * 2));
    await pool.close();
  });

  it("starts its workers with the resource limits it is given (the audit's small young generation)", async () => {
    const limited = new WorkerPool<string, number>(pathToFileURL(script), 1, null, 0, { maxYoungGenerationSizeMb: 8 });
    expect(await limited.run("limits")).toBe(8);
    await limited.close();
    const plain = new WorkerPool<string, number>(pathToFileURL(script), 1, null);
    expect(await plain.run("limits")).not.toBe(8);
    await plain.close();
  });

  it("a task over its time budget is stopped, its worker replaced, and the other tasks still finish", async () => {
    // The budget includes a fresh worker's start-up, so it is generous for a loaded CI machine.
    const pool = new WorkerPool<unknown, number>(pathToFileURL(script), 1, null, 3000);
    const hang = pool.run("hang");
    const after = pool.run(21);
    await expect(hang).rejects.toBeInstanceOf(PoolTimeout);
    expect(await after).toBe(42);
    await pool.close();
  }, 20_000);

  it("a task of several files gets as many time budgets (a session folder's segments, one unit)", async () => {
    const pool = new WorkerPool<unknown, number>(pathToFileURL(script), 1, null, 2000);
    expect(await pool.run({ sleep: 3000 }, 4)).toBe(3000);
    await expect(pool.run({ sleep: 3000 })).rejects.toBeInstanceOf(PoolTimeout);
    await pool.close();
  }, 30_000);

  it("a worker that dies or reports an error fails only its task", async () => {
    const pool = new WorkerPool<unknown, number>(pathToFileURL(script), 2, null);
    const results = await Promise.allSettled([pool.run("exit"), pool.run("fail"), pool.run(5)]);
    expect(results.map((r) => r.status)).toEqual(["rejected", "rejected", "fulfilled"]);
    expect((results[0] as PromiseRejectedResult).reason.message).toContain("exited with code 7");
    expect((results[1] as PromiseRejectedResult).reason.message).toBe("bad input");
    expect(await pool.run(4)).toBe(8);
    await pool.close();
  });

  it("sizes the pool to the cores, never above the number of tasks", () => {
    expect(defaultPoolSize(1)).toBe(1);
    expect(defaultPoolSize(0)).toBe(1);
    expect(defaultPoolSize(10_000)).toBeGreaterThanOrEqual(1);
  });

  it("finds the built worker script (dist/app) when run from TypeScript sources", () => {
    const url = workerScript("audit/worker.js");
    if (url) expect(url.pathname.endsWith("/dist/app/audit/worker.js")).toBe(true);
    else expect(url).toBeNull();
  });
});
