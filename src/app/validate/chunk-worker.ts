// Worker entry of a parallel validate (parallel.ts): takes the next range of the file (claim.ts) until none
// is left, sending the facts of each on the job's port as soon as it is read, then says it is done. Ranges are
// read synchronously from one open file (io/ranges.ts RangeReader): this thread has nothing else to do.
import { parentPort } from "node:worker_threads";
import { RangeReader } from "../../io/ranges.js";
import { sent, take } from "./claim.js";
import { chunkFactsOf, type RangeJob } from "./chunks.js";

parentPort?.on("message", (job: RangeJob) => {
  readRanges(job);
});

function readRanges(job: RangeJob): void {
  const claim = new Int32Array(job.claim);
  let file: RangeReader | undefined;
  try {
    file = new RangeReader(job.path);
    for (let i = take(claim); i !== undefined; i = take(claim)) {
      const [start, end] = job.ranges[i];
      job.port.postMessage({ i, ok: true, value: chunkFactsOf(file.view(start, end), job.version) });
      sent(claim);
    }
  } catch (e) {
    job.port.postMessage({ ok: false, error: e instanceof Error ? (e.stack ?? e.message) : String(e) });
    sent(claim);
    return;
  } finally {
    file?.close();
  }
  job.port.postMessage({ done: true });
}
