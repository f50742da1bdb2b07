// The other readers of one large file start before the job loads (early.ts): only for one file of 16 MiB or
// more read on several threads, adopted once by the reader when they match what it would start, else stopped.
import { mkdtempSync, rmSync, truncateSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { adoptEarly, dropEarly, PARALLEL_MIN_BYTES, startEarly } from "../../../../src/app/validate/early.js";
import { workerScript } from "../../../../src/app/workers/pool.js";

const dir = mkdtempSync(join(tmpdir(), "sightline-early-"));
const big = join(dir, "big.jsonl");
const small = join(dir, "small.jsonl");
writeFileSync(big, "");
truncateSync(big, PARALLEL_MIN_BYTES);
writeFileSync(small, "{}\n");
const script = workerScript("validate/chunk-worker.js");

afterEach(async () => {
  await dropEarly();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe.skipIf(script === null)("app/validate/early: threads started before the job", () => {
  it("one large file on two threads: one worker, adopted once", async () => {
    startEarly([big], 2);
    const ws = adoptEarly(script!, 1);
    expect(ws).toHaveLength(1);
    expect(adoptEarly(script!, 1)).toBeUndefined();
    expect(ws![0].threadId).toBeGreaterThan(0);
    await ws![0].terminate();
  });

  it("nothing for a small file, several inputs, standard input, a folder or one thread", () => {
    for (const [inputs, workers] of [
      [[small], 2],
      [[big, big], 2],
      [["-"], 2],
      [[dir], 2],
      [[big], 1],
      [[big], 0],
    ] as const) {
      startEarly(inputs, workers);
      expect(adoptEarly(script!, 1)).toBeUndefined();
    }
  });

  it("threads the reader would not start as they are are stopped, not adopted", async () => {
    startEarly([big], 3);
    expect(adoptEarly(script!, 1)).toBeUndefined();
    startEarly([big], 2);
    await dropEarly();
    expect(adoptEarly(script!, 1)).toBeUndefined();
  });
});
