// Worker entry of a parallel validate (parallel.ts): takes the next range of the file (claim.ts) until none
// is left, sending the facts of each as it is read, then says it is done.
import { parentPort } from "node:worker_threads";
import { take } from "./claim.js";
import { chunkFacts, type RangeJob } from "./chunks.js";

parentPort?.on("message", (job: RangeJob) => {
  void readRanges(job);
});

async function readRanges(job: RangeJob): Promise<void> {
  const claim = new Int32Array(job.claim);
  for (let i = take(claim); i !== undefined; i = take(claim)) {
    try {
      const [start, end] = job.ranges[i];
      parentPort!.postMessage({ i, ok: true, value: await chunkFacts({ path: job.path, start, end, version: job.version }) });
    } catch (e) {
      parentPort!.postMessage({ i, ok: false, error: e instanceof Error ? (e.stack ?? e.message) : String(e) });
      return;
    }
  }
  parentPort!.postMessage({ done: true });
}
