// The other threads of a parallel validate (parallel.ts), started by the command before it loads the job: one
// large file is all the second core has to do, and each thread's own start-up (≈ 40 ms: its modules) then
// overlaps this thread's loading of the job and reading of the head instead of following it (≈ 20–30 ms
// earlier; docs/performance.md §4.30). Nothing here loads the job's modules. Until the reader adopts them the
// threads are unreferenced (they cannot keep the process alive) and wait for a job; threads the reader does not
// adopt (not a pi file, a refused header, --workers 1) are stopped by `dropEarly`.
import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import { fileSize, pathKind } from "../../io/stat.js";
import { isStdin } from "../../io/read.js";
import { workerScript } from "../workers/pool.js";

/** Files smaller than this are read on one core (starting workers costs more than it saves). */
export const PARALLEL_MIN_BYTES = 16 * 2 ** 20;

let early: { script: string; workers: Worker[]; failed: boolean } | undefined;

/**
 * Starts the other readers of `validate`'s one input when it will read it on several threads: one path, a file
 * of PARALLEL_MIN_BYTES or more, more than one thread (`workers`, default: the cores), a built worker script.
 */
export function startEarly(inputs: readonly string[], workers?: number): void {
  if (early !== undefined || inputs.length !== 1 || isStdin(inputs[0])) return;
  const count = (workers ?? availableParallelism()) - 1;
  if (count < 1 || pathKind(inputs[0]) !== "file" || fileSize(inputs[0]) < PARALLEL_MIN_BYTES) return;
  const script = workerScript("validate/chunk-worker.js");
  if (script === null) return;
  const started = { script: script.href, workers: [] as Worker[], failed: false };
  for (let i = 0; i < count; i++) {
    const w = new Worker(script);
    // A thread that fails or ends before it is adopted is not adopted (nor are the others).
    w.on("error", () => (started.failed = true));
    w.on("exit", () => (started.failed = true));
    w.unref();
    started.workers.push(w);
  }
  early = started;
}

/** The threads started early for `script`, `count` of them and none failed, now referenced; else undefined (and they are stopped). */
export function adoptEarly(script: URL, count: number): Worker[] | undefined {
  const e = early;
  if (e === undefined) return undefined;
  early = undefined;
  if (e.failed || e.script !== script.href || e.workers.length !== count) {
    for (const w of e.workers) void w.terminate();
    return undefined;
  }
  for (const w of e.workers) {
    w.removeAllListeners("error");
    w.removeAllListeners("exit");
    w.ref();
  }
  return e.workers;
}

/** Stops threads started early that no reader adopted. */
export async function dropEarly(): Promise<void> {
  const e = early;
  early = undefined;
  if (e) await Promise.all(e.workers.map((w) => w.terminate()));
}
