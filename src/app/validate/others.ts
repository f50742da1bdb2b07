// The threads that read a file's ranges beside the reading thread, taking them from the same counter
// (claim.ts): worker threads over the built chunk worker, or (tests) a loop on this thread over a given function.
import { Worker } from "node:worker_threads";
import { take } from "./claim.js";
import type { ChunkResult, ChunkTask, RangeJob } from "./chunks.js";

export interface OtherReaders {
  /** Starts taking ranges (once they are known). */
  start(job: RangeJob): void;
  /** Whether the facts of range i (taken by another reader) are in, or the reading failed: result(i) will not wait. */
  ready(i: number): boolean;
  /** The facts of range i, which another reader took: as it sent them, to be parsed when their turn comes. */
  result(i: number): Promise<ChunkResult>;
  stop(): Promise<void>;
}

type Message = { done: true } | { i: number; ok: true; value: ChunkResult } | { i: number; ok: false; error: string };

/** Results by range, each awaited once; a failure fails every range not delivered. */
class Results {
  readonly #slots = new Map<number, { promise: Promise<ChunkResult>; resolve: (r: ChunkResult) => void; reject: (e: Error) => void }>();
  readonly #delivered = new Set<number>();
  #failure: Error | undefined;

  ready(i: number): boolean {
    return this.#failure !== undefined || this.#delivered.has(i);
  }

  #slot(i: number) {
    let s = this.#slots.get(i);
    if (!s) {
      let resolve!: (r: ChunkResult) => void;
      let reject!: (e: Error) => void;
      const promise = new Promise<ChunkResult>((res, rej) => {
        resolve = res;
        reject = rej;
      });
      promise.catch(() => undefined);
      s = { promise, resolve, reject };
      this.#slots.set(i, s);
      if (this.#failure) reject(this.#failure);
    }
    return s;
  }

  async get(i: number): Promise<ChunkResult> {
    const r = await this.#slot(i).promise;
    this.#slots.delete(i);
    this.#delivered.delete(i);
    return r;
  }

  deliver(i: number, r: ChunkResult): void {
    this.#delivered.add(i);
    this.#slot(i).resolve(r);
  }

  fail(e: Error): void {
    this.#failure ??= e;
    for (const s of this.#slots.values()) s.reject(e);
  }
}

/** `count` worker threads, started at once so that their start-up overlaps the reading of the head. */
export function workerReaders(script: URL, count: number): OtherReaders {
  const results = new Results();
  let stopping = false;
  const workers = Array.from({ length: count }, () => {
    const w = new Worker(script);
    w.on("message", (m: Message) => {
      if ("done" in m) return;
      if (m.ok) results.deliver(m.i, m.value);
      else results.fail(new Error(m.error));
    });
    w.on("error", (e) => results.fail(e));
    w.on("exit", (code) => {
      if (!stopping) results.fail(new Error(`worker exited with code ${code}`));
    });
    return w;
  });
  return {
    start: (job) => {
      for (const w of workers) w.postMessage(job);
    },
    ready: (i) => results.ready(i),
    result: (i) => results.get(i),
    stop: async () => {
      stopping = true;
      await Promise.all(workers.map((w) => w.terminate()));
    },
  };
}

/** Another reader on this thread (tests): `run` for each range it takes, interleaved with the reading thread at each await. */
export function inProcessReader(run: (t: ChunkTask) => Promise<ChunkResult>): OtherReaders {
  const results = new Results();
  return {
    start: (job) => {
      const claim = new Int32Array(job.claim);
      void (async () => {
        for (let i = take(claim); i !== undefined; i = take(claim)) {
          const [start, end] = job.ranges[i];
          results.deliver(i, await run({ path: job.path, start, end, version: job.version }));
        }
      })().catch((e: unknown) => results.fail(e instanceof Error ? e : new Error(String(e))));
    },
    ready: (i) => results.ready(i),
    result: (i) => results.get(i),
    stop: async () => undefined,
  };
}
