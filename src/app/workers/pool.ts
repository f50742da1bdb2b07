// A small worker-thread pool for CPU-heavy per-file work. Workers run BUILT JavaScript (Node 20 cannot
// load .ts), so the script is dist/app/<name>.js: found beside this file's folder when sightline runs from dist/,
// under the build when it runs from TypeScript sources (tests); without a build the caller falls back to in-process.
// A task over its time budget (a catastrophic regex, a pathological file) terminates its worker, which is
// replaced; the task's promise rejects with PoolTimeout and the rest of the corpus goes on.
import { availableParallelism } from "node:os";
import { dirname, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { type ResourceLimits, Worker } from "node:worker_threads";
import { exists } from "../../io/text.js";
import { afterThreadStart, beforeThreadStart } from "./young-heap.js";
import { compileInWorkers, compileInWorkersDone } from "./compile-tier.js";

export class PoolTimeout extends Error {
  override name = "PoolTimeout";
}

/** The built worker script `name`, relative to app/ (e.g. "audit/worker.js"), or null when there is no build. */
export function workerScript(name: string): URL | null {
  const here = fileURLToPath(import.meta.url);
  if (here.endsWith(".js")) return new URL(`../${name}`, import.meta.url);
  const built = resolve(dirname(here), "../../../dist/app", name);
  return exists(built) ? pathToFileURL(built) : null;
}

/** Pool size: one worker per core, at most the number of tasks, at least one. */
export const defaultPoolSize = (tasks: number): number => Math.max(1, Math.min(availableParallelism(), tasks));

interface Task<I, O> {
  input: I;
  /** Its time budget: the pool's, times the number of files in the task. */
  budgetMs: number;
  resolve: (o: O) => void;
  reject: (e: Error) => void;
}

interface Slot<I, O> {
  worker: Worker;
  task: Task<I, O> | null;
  timer: NodeJS.Timeout | null;
}

export class WorkerPool<I, O> {
  private slots: Slot<I, O>[] = [];
  private queue: Task<I, O>[] = [];
  private closed = false;
  /** Its workers compile optimised code on their own thread (compile-tier.ts). */
  private inPlace: boolean;

  constructor(
    private readonly script: URL,
    size: number,
    private readonly workerData: unknown,
    private readonly timeoutMs = 0,
    private readonly resourceLimits?: ResourceLimits,
    /**
     * Workers already started with this script and these limits but no `workerData` (app/audit/early.ts; at most
     * `size`, the pool starts the others), and whether the pool compiles in place: they get `workerData` as their
     * first message.
     */
    adopted?: { workers: readonly Worker[]; inPlace: boolean },
  ) {
    this.inPlace = adopted ? adopted.inPlace : compileInWorkers(size, availableParallelism());
    for (let i = 0; i < size; i++) this.slots.push(this.spawn(adopted?.workers[i]));
  }

  /** Runs one task; `budgets` is how many of the pool's time budgets it gets (a task of several files). */
  run(input: I, budgets = 1): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.queue.push({ input, budgetMs: this.timeoutMs * budgets, resolve, reject });
      this.pump();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(this.slots.map((s) => s.worker.terminate()));
    afterThreadStart();
    if (this.inPlace) compileInWorkersDone();
    this.inPlace = false;
  }

  private spawn(started?: Worker): Slot<I, O> {
    if (!started) beforeThreadStart(this.resourceLimits?.maxYoungGenerationSizeMb);
    started?.postMessage(this.workerData);
    const slot: Slot<I, O> = {
      worker: started ?? new Worker(this.script, { workerData: this.workerData, ...(this.resourceLimits && { resourceLimits: this.resourceLimits }) }),
      task: null,
      timer: null,
    };
    slot.worker.on("message", (o: { ok: true; value: O } | { ok: false; error: string }) => {
      // V8 may have raised the young-generation growth factor again (a worker's heap set up or torn down).
      afterThreadStart();
      const t = this.finish(slot);
      if (!t) return;
      if (o.ok) t.resolve(o.value);
      else t.reject(new Error(o.error));
      this.pump();
    });
    // Setting up the worker's heap reset V8's young-generation growth factor (young-heap.ts).
    slot.worker.on("online", afterThreadStart);
    slot.worker.on("error", (e) => this.replace(slot, e));
    slot.worker.on("exit", (code) => {
      if (!this.closed && slot.task) this.replace(slot, new Error(`worker exited with code ${code}`));
    });
    slot.worker.unref();
    return slot;
  }

  private finish(slot: Slot<I, O>): Task<I, O> | null {
    const t = slot.task;
    slot.task = null;
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    return t;
  }

  /** A worker died or overran: fail its task, start a fresh worker in its place. */
  private replace(slot: Slot<I, O>, e: Error): void {
    const t = this.finish(slot);
    const i = this.slots.indexOf(slot);
    if (i < 0) return;
    void slot.worker.terminate();
    if (!this.closed) this.slots[i] = this.spawn();
    t?.reject(e);
    this.pump();
  }

  private pump(): void {
    for (const slot of this.slots) {
      if (slot.task || this.queue.length === 0 || this.closed) continue;
      const t = this.queue.shift()!;
      slot.task = t;
      if (t.budgetMs > 0) slot.timer = setTimeout(() => this.replace(slot, new PoolTimeout(`over the time budget of ${t.budgetMs} ms`)), t.budgetMs);
      slot.worker.ref();
      slot.worker.postMessage(t.input);
    }
    for (const slot of this.slots) if (!slot.task) slot.worker.unref();
  }
}
