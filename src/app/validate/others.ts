// The threads that read a file's ranges beside the reading thread, taking them from the same counter
// (claim.ts): worker threads over the built chunk worker, or (tests) a loop on this thread over a given function.
import { MessageChannel, type MessagePort, receiveMessageOnPort, Worker } from "node:worker_threads";
import { sentSoFar, take, waitForMore } from "./claim.js";
import type { ChunkResult, ChunkTask, RangeJob } from "./chunks.js";
import { adoptEarly } from "./early.js";

export interface OtherReaders {
  /** Starts taking ranges (once they are known). */
  start(job: Omit<RangeJob, "port">): void;
  /** Whether the facts of range i (taken by another reader) are in, or the reading failed: result(i) will not wait. */
  ready(i: number): boolean;
  /** The facts of range i, which another reader took: as it sent them, to be parsed when their turn comes. */
  result(i: number): Promise<ChunkResult>;
  /** Lets readers on this thread take their turn (tests); worker threads need none. */
  turn(): Promise<void> | undefined;
  stop(): Promise<void>;
}

type Message = { done: true } | { i: number; ok: true; value: ChunkResult } | { ok: false; error: string };

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

/**
 * `count` worker threads, started at once so that their start-up overlaps the reading of the head. Each sends
 * its ranges' facts on a port of its own, which this thread reads synchronously (receiveMessageOnPort) whenever
 * it asks for a range: between its own ranges it never goes back to its event loop, and a range a worker sent
 * is taken in at once. Out of ranges of its own, it sleeps on the claim's sent counter (claim.ts) until a worker
 * sends one; worker errors and exits come as events, so a wait that sees nothing new yields to the event loop.
 */
export function workerReaders(script: URL, count: number): OtherReaders {
  const results = new Results();
  let stopping = false;
  let claim: Int32Array | undefined;
  const ports: MessagePort[] = [];
  const takeIn = (m: Message): void => {
    if ("done" in m) return;
    if (m.ok) results.deliver(m.i, m.value);
    else results.fail(new Error(m.error));
  };
  const drain = (): void => {
    for (const p of ports) for (let r = receiveMessageOnPort(p); r; r = receiveMessageOnPort(p)) takeIn(r.message as Message);
  };
  // Threads the command started before loading the job (early.ts), when there are such.
  const early = adoptEarly(script, count);
  const workers = Array.from({ length: count }, (_, i) => {
    const w = early?.[i] ?? new Worker(script);
    w.on("error", (e) => results.fail(e));
    w.on("exit", (code) => {
      if (!stopping) results.fail(new Error(`worker exited with code ${code}`));
    });
    return w;
  });
  return {
    start: (job) => {
      claim = new Int32Array(job.claim);
      for (const w of workers) {
        const { port1, port2 } = new MessageChannel();
        ports.push(port1);
        w.postMessage({ ...job, port: port2 } satisfies RangeJob, [port2]);
      }
    },
    ready: (i) => {
      drain();
      return results.ready(i);
    },
    result: async (i) => {
      for (;;) {
        // The counter is read before the ports: a range sent after the drain wakes the wait below.
        const seen = sentSoFar(claim!);
        drain();
        if (results.ready(i)) return results.get(i);
        waitForMore(claim!, seen, 20);
        if (sentSoFar(claim!) === seen) await new Promise((r) => setImmediate(r));
      }
    },
    turn: () => undefined,
    stop: async () => {
      stopping = true;
      for (const p of ports) p.close();
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
    turn: () => new Promise((r) => setImmediate(r)),
    stop: async () => undefined,
  };
}
