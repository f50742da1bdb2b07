// The audit pool's workers, started by the launcher before the CLI's modules load (issue 21,
// docs/performance.md §4.42). A worker's own start (its isolate and ≈ 80 modules, ≈ 0.1 s of a core) then overlaps
// this thread's loading of the CLI, yargs and the job instead of following it. Only as many start as there are
// cores this thread leaves free (one on two cores): more would take a core from this thread, whose loading is what
// the first file waits for; the pool starts the others as before. The pool's size and the workers' resource limits
// depend on the files, so the inputs are listed here (the listing is handed on to runAudit, which lists nothing
// twice). The launcher's reading of the command line is a guess (cli/early.ts): runAudit adopts the workers only if
// its own script, size and limits are exactly those they were started with, else stops them and starts its own, so
// a wrong guess costs time, never a difference in the result. Until adopted the workers are unreferenced (they
// cannot keep the process alive) and wait for their setup (worker.ts); nothing here loads the job's modules.
import { availableParallelism } from "node:os";
import { type ResourceLimits, Worker } from "node:worker_threads";
import { expandInputs, type ExpandedInputs } from "../../io/paths.js";
import { fileSize } from "../../io/stat.js";
import { defaultPoolSize, workerScript } from "../workers/pool.js";
import { afterThreadStart, beforeThreadStart, holdsYoungGrowth } from "../workers/young-heap.js";
import { compileInWorkers, compileInWorkersDone } from "../workers/compile-tier.js";
import { limitsForSizes } from "./limits.js";

interface Early {
  paths: readonly string[];
  listing?: { inputs: ExpandedInputs; sizes: number[] };
  script: string;
  /** The pool's size they were started for (they may be fewer). */
  size: number;
  limits: ResourceLimits;
  workers: Worker[];
  /** The workers compile in place (compile-tier.ts): whoever ends them says it is done. */
  inPlace: boolean;
  failed: boolean;
}

let early: Early | undefined;

/**
 * Lists `paths` (files and folders: no standard input) and starts the workers of the pool runAudit would start for
 * them (`workers` threads, default: one per core, at most one per file), with the limits of the largest file: at
 * most one fewer than the cores. Nothing when there is no file or no built worker script.
 */
export function startAuditEarly(paths: readonly string[], workers?: number): void {
  if (early !== undefined || paths.length === 0) return;
  const inputs = expandInputs(paths);
  const sizes = inputs.files.map((f) => fileSize(f));
  const size = workers ?? defaultPoolSize(inputs.files.length);
  const script = workerScript("audit/worker.js");
  const listing = { inputs, sizes };
  const cores = availableParallelism();
  const count = Math.min(size, cores - 1);
  if (script === null || inputs.files.length === 0 || count < 1) {
    early = { paths, listing, script: "", size, limits: {}, workers: [], inPlace: false, failed: true };
    return;
  }
  const limits = limitsForSizes(sizes);
  const started: Early = { paths, listing, script: script.href, size, limits, workers: [], inPlace: compileInWorkers(size, cores), failed: false };
  for (let i = 0; i < count; i++) {
    // As WorkerPool.spawn does: the young generation starts at its full size (the audit holds growth, young-heap.ts).
    beforeThreadStart(limits.maxYoungGenerationSizeMb, holdsYoungGrowth());
    const w = new Worker(script, { resourceLimits: limits });
    // A thread that fails or ends before it is adopted is not adopted (nor are the others).
    w.on("error", () => (started.failed = true));
    w.on("exit", () => (started.failed = true));
    w.on("online", afterThreadStart);
    w.unref();
    started.workers.push(w);
  }
  early = started;
}

/** The listing made early for exactly `paths`, once. */
export function takeEarlyListing(paths: readonly string[]): { inputs: ExpandedInputs; sizes: number[] } | undefined {
  const listing = early?.listing;
  if (listing === undefined || early === undefined) return undefined;
  early.listing = undefined;
  const same = early.paths.length === paths.length && early.paths.every((p, i) => p === paths[i]);
  return same ? listing : undefined;
}

const sameLimits = (a: ResourceLimits, b: ResourceLimits): boolean =>
  a.maxYoungGenerationSizeMb === b.maxYoungGenerationSizeMb &&
  a.maxOldGenerationSizeMb === b.maxOldGenerationSizeMb &&
  a.codeRangeSizeMb === b.codeRangeSizeMb &&
  a.stackSizeMb === b.stackSizeMb;

/**
 * The workers started early, if they run `script` under `limits`, were started for a pool of `size` and none failed:
 * now the caller's (its pool starts the others), with whether the pool compiles in place. Otherwise they are stopped.
 */
export function adoptAuditEarly(script: URL, size: number, limits: ResourceLimits): { workers: Worker[]; inPlace: boolean } | undefined {
  const e = early;
  if (e === undefined || e.workers.length === 0) return void dropAuditEarly();
  early = undefined;
  if (e.failed || e.script !== script.href || e.size !== size || !sameLimits(e.limits, limits)) {
    stop(e);
    return undefined;
  }
  for (const w of e.workers) {
    w.removeAllListeners("error");
    w.removeAllListeners("exit");
  }
  return { workers: e.workers, inPlace: e.inPlace };
}

function stop(e: Early): void {
  for (const w of e.workers) void w.terminate();
  if (e.inPlace) compileInWorkersDone();
}

/** Stops workers started early that no audit adopted. */
export function dropAuditEarly(): void {
  const e = early;
  early = undefined;
  if (e) stop(e);
}
