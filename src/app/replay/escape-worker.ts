// The thread that escapes `replay --json`'s long texts (json-values.ts). Texts arrive as UTF-16 code units in a
// slot of shared memory and go back as the UTF-8 of JSON.stringify of each in the slot's half of a second
// shared buffer: only the slot's number and the texts' ends cross as messages. Posting the strings
// themselves cost the sending thread up to as much as escaping them (a copy into fresh memory per message).
import { type MessagePort, parentPort, workerData } from "node:worker_threads";

export interface EscapeWorkerData {
  /** Slot i holds `slotChars` code units at byte 2 × slotChars × i. */
  input: SharedArrayBuffer;
  /** Slot i's escaped texts go at byte outBytes × i. */
  output: SharedArrayBuffer;
  slotChars: number;
  outBytes: number;
  results: MessagePort;
  /** [0] counts the batches sent back, so the writing thread can wait for one without running its event loop. */
  signal: Int32Array;
}

export interface EscapeBatch {
  id: number;
  slot: number;
  /** End (in code units) of text k in the slot; it starts where text k − 1 ends (0 for the first). */
  ends: Uint32Array;
}

export interface EscapedBatch {
  id: number;
  /** End (in bytes) of text k's escaped UTF-8 in the output slot, or −1 when it did not fit (escape it yourself). */
  ends: Int32Array;
}

/** Escapes the texts of one slot (`input`, code units as UTF-16LE) into `output`. */
export function escapeSlot(input: Buffer, ends: Uint32Array, output: Buffer): Int32Array {
  const out = new Int32Array(ends.length);
  let from = 0;
  let at = 0;
  for (let k = 0; k < ends.length; k++) {
    const escaped = JSON.stringify(input.toString("utf16le", 2 * from, 2 * ends[k]));
    from = ends[k];
    // At most 3 bytes of UTF-8 per code unit: the exact length is counted only near the end of the slot.
    if (at + 3 * escaped.length > output.length && at + Buffer.byteLength(escaped, "utf8") > output.length) out[k] = -1;
    else {
      at += output.write(escaped, at, "utf8");
      out[k] = at;
    }
  }
  return out;
}

if (parentPort !== null && workerData !== null && typeof workerData === "object" && "signal" in workerData) {
  const d = workerData as EscapeWorkerData;
  parentPort.on("message", (b: EscapeBatch) => {
    const input = Buffer.from(d.input, 2 * d.slotChars * b.slot, 2 * d.slotChars);
    const output = Buffer.from(d.output, d.outBytes * b.slot, d.outBytes);
    const r: EscapedBatch = { id: b.id, ends: escapeSlot(input, b.ends, output) };
    d.results.postMessage(r);
    Atomics.add(d.signal, 0, 1);
    Atomics.notify(d.signal, 0);
  });
}
