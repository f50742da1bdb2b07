// `replay --json` writes long texts (a message's text shared with its block: 60 % of the document's bytes) as
// JSON string values. Escaping and encoding them cost the thread that builds the turns ≈ 0.15 s on a 94 MB
// session (docs/performance.md §4.23); so once the values are many, another thread escapes them
// (escape-worker.ts) while this one goes on building turns, and the output waits, in order, until a value's
// bytes are back. Texts go over in slots of shared memory (copying a string's code units there costs a tenth
// of escaping it; posting strings cost as much as escaping them). This thread never waits while it has turns
// to build: with no free slot a value is escaped here, and a batch still out when too much output is queued
// behind it is escaped here too (the other thread's answer then only frees its slot).
import { MessageChannel, receiveMessageOnPort, Worker } from "node:worker_threads";
import type { EscapeBatch, EscapedBatch, EscapeWorkerData } from "./escape-worker.js";
import { workerScript } from "../workers/pool.js";

export interface JsonSink {
  write(text: string): void | Promise<void>;
  /** UTF-8 of whole characters, copied before the returned promise settles (the memory is reused). */
  writeBytes(bytes: Uint8Array): void | Promise<void>;
}

/** The other thread and its shared slots, as this side sees them (tests give one that runs on this thread). */
export interface Escaper {
  readonly slots: number;
  readonly slotChars: number;
  /** Slot i's texts, as UTF-16LE code units (2 × slotChars bytes). */
  input(slot: number): Buffer;
  /** Slot i's escaped texts. */
  output(slot: number): Buffer;
  post(b: EscapeBatch): void;
  /** A batch back, if any (never waits). */
  poll(): EscapedBatch | undefined;
  /** Waits up to `ms` for a batch to come back; false when none came. */
  wait(ms: number): boolean;
  close(): void;
}

export interface JsonValueLimits {
  /** Characters of values escaped here before the other thread is started (small outputs never start it). */
  start: number;
  /** Characters of output queued behind a batch still out before this thread escapes the batch itself. */
  ahead: number;
  /** At the end, how long to wait for a batch before escaping it here (a thread that died never answers). */
  patienceMs: number;
}

const LIMITS: JsonValueLimits = { start: 1 << 20, ahead: 1 << 21, patienceMs: 500 };

interface Batch {
  id: number;
  slot: number;
  texts: string[];
  ends: number[];
  chars: number;
  posted: boolean;
  /** Queue items not yet written. */
  pending: number;
  /** The other thread's answer: where each escaped text ends in the output slot (−1: escape it here). */
  back?: Int32Array;
  /** Escaped on this thread instead. */
  here?: string[];
}
type Item = string | { batch: Batch; k: number };

export class JsonValues {
  private queue: Item[] = [];
  private head = 0;
  /** Characters of the items queued and not yet written. */
  private queued = 0;
  private open: Batch | null = null;
  /** Batches holding a slot, oldest first, and the free slots. */
  private held: Batch[] = [];
  private free: number[] = [];
  private seen = 0;
  private nextId = 0;
  private escaper: Escaper | null | undefined;
  private lastText: string | undefined;
  private lastItem: Item | undefined;
  private finishing = false;
  private patient = true;

  constructor(
    private readonly sink: JsonSink,
    private readonly limits: JsonValueLimits = LIMITS,
    private readonly startEscaper: () => Escaper | null = workerEscaper,
  ) {}

  /** JSON text as it is. */
  text(s: string): void | Promise<void> {
    if (this.head === this.queue.length) return this.sink.write(s);
    this.push(s, s.length);
    return this.drain();
  }

  /** JSON.stringify(s); the same string given again in a row is escaped once. */
  value(s: string): void | Promise<void> {
    if (this.lastText !== s || this.lastItem === undefined) {
      this.seen += s.length;
      if (this.escaper === undefined && this.seen >= this.limits.start) {
        this.escaper = this.startEscaper();
        for (let i = (this.escaper?.slots ?? 0) - 1; i >= 0; i--) this.free.push(i);
      }
      this.lastText = s;
      this.lastItem = (this.escaper && this.slot(s, this.escaper)) || JSON.stringify(s);
    }
    if (typeof this.lastItem === "string") return this.text(this.lastItem);
    this.lastItem.batch.pending++;
    this.push(this.lastItem, s.length);
    return this.drain();
  }

  /** Writes what is left, then lets the other thread go. */
  async finish(): Promise<void> {
    if (this.open !== null) this.post(this.open);
    this.finishing = true;
    try {
      await this.drain();
    } finally {
      this.close();
    }
  }

  close(): void {
    this.escaper?.close();
    this.escaper = null;
  }

  private push(it: Item, chars: number): void {
    this.queue.push(it);
    this.queued += chars;
  }

  /** The value's place in a batch, its text copied into the batch's slot; null when no slot is free. */
  private slot(s: string, e: Escaper): Item | null {
    if (s.length > e.slotChars) return null;
    if (this.open !== null && this.open.chars + s.length > e.slotChars) this.post(this.open);
    if (this.open === null) {
      const slot = this.free.pop() ?? this.reclaim();
      if (slot === undefined) return null;
      this.open = { id: this.nextId++, slot, texts: [], ends: [], chars: 0, posted: false, pending: 0 };
      this.held.push(this.open);
    }
    const b = this.open;
    e.input(b.slot).write(s, 2 * b.chars, "utf16le");
    b.chars += s.length;
    b.ends.push(b.chars);
    b.texts.push(s);
    return { batch: b, k: b.texts.length - 1 };
  }

  private post(b: Batch): void {
    this.open = null;
    b.posted = true;
    this.escaper?.post({ id: b.id, slot: b.slot, ends: Uint32Array.from(b.ends) });
  }

  /**
   * A slot the other thread is done with and no queued value still reads. (A value given again in a row is
   * queued again before any other value can ask for a slot.)
   */
  private reclaim(): number | undefined {
    const i = this.held.findIndex((b) => b.back !== undefined && (b.here !== undefined || b.pending === 0));
    if (i === -1) return undefined;
    return this.held.splice(i, 1)[0].slot;
  }

  private receive(): void {
    for (let r = this.escaper?.poll(); r !== undefined; r = this.escaper?.poll()) {
      const b = this.held.find((x) => x.id === r.id);
      if (b !== undefined) b.back = r.ends;
    }
  }

  private async drain(): Promise<void> {
    this.receive();
    while (this.head < this.queue.length) {
      const it = this.queue[this.head];
      if (typeof it !== "string") {
        const b = it.batch;
        if (b.back === undefined && b.here === undefined) {
          if (!b.posted) break; // more values first
          if (!this.finishing && this.queued <= this.limits.ahead && this.escaper) break;
          if (this.finishing && this.patient && this.escaper) {
            // Once a wait comes to nothing, the thread is taken to be gone (or starved): no more waits.
            this.patient = this.escaper.wait(this.limits.patienceMs);
            this.receive();
            continue;
          }
          b.here = b.texts.map((t) => JSON.stringify(t));
        }
      }
      this.head++;
      await this.put(it);
    }
    // Written items are dropped now and then, not one by one (shifting an array is linear).
    if (this.head > 4096 && 2 * this.head > this.queue.length) {
      this.queue = this.queue.slice(this.head);
      this.head = 0;
    }
  }

  private async put(it: Item): Promise<void> {
    if (typeof it === "string") {
      this.queued -= it.length;
      return this.sink.write(it);
    }
    const { batch: b, k } = it;
    this.queued -= b.texts[k].length;
    const end = b.back?.[k] ?? -1;
    if (b.here !== undefined) await this.sink.write(b.here[k]);
    else if (end < 0 || this.escaper == null) await this.sink.write(JSON.stringify(b.texts[k]));
    else await this.sink.writeBytes(this.escaper.output(b.slot).subarray(k === 0 ? 0 : startOf(b.back as Int32Array, k), end));
    b.pending--;
  }
}

/** Where text k's bytes start: the end of the last text before it that the other thread wrote. */
function startOf(ends: Int32Array, k: number): number {
  for (let j = k - 1; j >= 0; j--) if (ends[j] >= 0) return ends[j];
  return 0;
}

// 16 slots of 64 Ki code units: 5 MiB shared. Larger slots saved no time and keep more output queued.
const SLOTS = 16;
const SLOT_CHARS = 1 << 16;
/** Escaped UTF-8 takes at most 3 bytes per code unit but for the rare control character (6). */
const OUT_BYTES = 3 * SLOT_CHARS;

/** The escaping thread, or null without a build to run it from (tests from sources before a build). */
export function workerEscaper(): Escaper | null {
  const script = workerScript("replay/escape-worker.js");
  if (script === null) return null;
  const { port1, port2 } = new MessageChannel();
  const data: EscapeWorkerData = {
    input: new SharedArrayBuffer(SLOTS * 2 * SLOT_CHARS),
    output: new SharedArrayBuffer(SLOTS * OUT_BYTES),
    slotChars: SLOT_CHARS,
    outBytes: OUT_BYTES,
    results: port2,
    signal: new Int32Array(new SharedArrayBuffer(4)),
  };
  const worker = new Worker(script, { workerData: data, transferList: [port2] });
  // Never what keeps the process alive; a thread that fails is only a thread that does not answer.
  worker.unref();
  let alive = true;
  worker.on("error", () => (alive = false));
  worker.on("exit", () => (alive = false));
  // Batches taken so far: the signal counts those sent, so a wait returns at once when one is already here.
  let taken = 0;
  // One view per slot, made once: a view costs more to make than a short text to copy.
  const inputs = Array.from({ length: SLOTS }, (_, i) => Buffer.from(data.input, 2 * SLOT_CHARS * i, 2 * SLOT_CHARS));
  const outputs = Array.from({ length: SLOTS }, (_, i) => Buffer.from(data.output, OUT_BYTES * i, OUT_BYTES));
  return {
    slots: SLOTS,
    slotChars: SLOT_CHARS,
    input: (i) => inputs[i],
    output: (i) => outputs[i],
    post: (b) => {
      if (alive) worker.postMessage(b);
    },
    poll: () => {
      // The counter first: a look at the port costs a call into Node for every piece written.
      if (Atomics.load(data.signal, 0) === taken) return undefined;
      const r = receiveMessageOnPort(port1)?.message as EscapedBatch | undefined;
      if (r !== undefined) taken++;
      return r;
    },
    wait: (ms) => alive && (Atomics.load(data.signal, 0) > taken || Atomics.wait(data.signal, 0, taken, ms) !== "timed-out"),
    close: () => {
      port1.close();
      void worker.terminate();
    },
  };
}
