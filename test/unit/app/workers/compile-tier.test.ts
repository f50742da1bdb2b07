// app/workers/compile-tier.ts: a pool with a worker on every core turns V8's background optimising compiles off
// from its start to its close (its workers compile in place); a smaller pool, or a command line that sets the
// flag itself, leaves V8's default. The flag's calls are recorded, not applied.
import { availableParallelism } from "node:os";
import { afterEach, describe, expect, it, vi } from "vitest";

const calls = vi.hoisted(() => [] as string[]);
vi.mock("node:v8", async (original) => ({
  ...(await original<typeof import("node:v8")>()),
  setFlagsFromString: (flag: string) => calls.push(flag),
}));

const { compileInWorkers, compileInWorkersDone } = await import("../../../../src/app/workers/compile-tier.js");
const { WorkerPool } = await import("../../../../src/app/workers/pool.js");

const recompilation = () => calls.filter((c) => c.includes("concurrent-recompilation"));
const ECHO = new URL(
  `data:text/javascript,${encodeURIComponent(`import { parentPort } from "node:worker_threads"; parentPort.on("message", (v) => parentPort.postMessage({ ok: true, value: v }));`)}`,
);

afterEach(() => {
  calls.length = 0;
});

describe("compile-tier", () => {
  it("turns background compiles off while a pool fills the cores, back on when the last such pool closes", () => {
    expect(compileInWorkers(2, 2)).toBe(true);
    expect(compileInWorkers(4, 2)).toBe(true);
    expect(recompilation()).toEqual(["--no-concurrent-recompilation"]);
    compileInWorkersDone();
    expect(recompilation()).toEqual(["--no-concurrent-recompilation"]);
    compileInWorkersDone();
    expect(recompilation()).toEqual(["--no-concurrent-recompilation", "--concurrent-recompilation"]);
    compileInWorkersDone();
    expect(recompilation()).toHaveLength(2);
  });

  it("leaves V8's default for a pool smaller than the machine", () => {
    expect(compileInWorkers(1, 2)).toBe(false);
    expect(recompilation()).toEqual([]);
  });

  it("leaves the flag to a command line that sets it", () => {
    const saved = process.env.NODE_OPTIONS;
    process.env.NODE_OPTIONS = "--concurrent-recompilation";
    try {
      expect(compileInWorkers(8, 2)).toBe(false);
    } finally {
      if (saved === undefined) delete process.env.NODE_OPTIONS;
      else process.env.NODE_OPTIONS = saved;
    }
    expect(recompilation()).toEqual([]);
  });

  it("a WorkerPool of one worker per core holds it from start to close, once even if closed twice", async () => {
    const pool = new WorkerPool<number, number>(ECHO, availableParallelism(), null);
    expect(recompilation()).toEqual(["--no-concurrent-recompilation"]);
    expect(await pool.run(7)).toBe(7);
    await pool.close();
    await pool.close();
    expect(recompilation()).toEqual(["--no-concurrent-recompilation", "--concurrent-recompilation"]);
  });
});
