// Byte ranges of a file for reading one file on several threads: cut points that start a line, and the
// bytes of one range. A range that starts right after a "\n" and ends right after one (or at the end of
// the file) holds whole lines, so each thread splits its own range as the streaming reader would.
import { closeSync, openSync, readSync } from "node:fs";
import { open } from "node:fs/promises";
import { ScanBuffer } from "./escapes.js";

/** The bytes [start, end) of a file. */
export async function readRange(path: string, start: number, end: number): Promise<Buffer> {
  const fh = await open(path, "r");
  try {
    const buf = Buffer.allocUnsafe(end - start);
    for (let off = 0; off < buf.length; ) {
      const { bytesRead } = await fh.read(buf, off, buf.length - off, start + off);
      if (bytesRead === 0) return buf.subarray(0, off);
      off += bytesRead;
    }
    return buf;
  } finally {
    await fh.close();
  }
}

/**
 * One file opened once for many of its ranges, each read synchronously: a thread that reads range after range
 * of a cached file spends less on a plain copy than on an open, a read and a close through the thread pool each
 * time, and never waits for a pool thread that the other busy threads keep from running.
 */
export class RangeReader {
  readonly #fd: number;
  #scratch: Buffer | undefined;
  /** Where views are read when WebAssembly is there: eachLineOf then finds "\\u" escapes 16 bytes at a time (io/escapes.ts). */
  readonly #scan = ScanBuffer.create();

  constructor(path: string) {
    this.#fd = openSync(path, "r");
  }

  /** The bytes [start, end) (fewer when the file ends first). */
  read(start: number, end: number): Buffer {
    return this.#fill(Buffer.allocUnsafe(end - start), start);
  }

  /**
   * The bytes [start, end) in a buffer the reader reuses: valid until its next `view`. A thread that decodes each
   * range and drops its bytes spares a fresh 2 MiB allocation per range (≈ a third of the time of a copy from the
   * page cache goes to faulting new pages in), and its collector the external memory to account for.
   */
  view(start: number, end: number): Buffer {
    if (this.#scan) return this.#fill(this.#scan.get(end - start), start);
    if (!this.#scratch || this.#scratch.length < end - start) this.#scratch = Buffer.allocUnsafe(end - start);
    return this.#fill(this.#scratch.subarray(0, end - start), start);
  }

  #fill(buf: Buffer, start: number): Buffer {
    for (let off = 0; off < buf.length; ) {
      const n = readSync(this.#fd, buf, off, buf.length - off, start + off);
      if (n === 0) return buf.subarray(0, off);
      off += n;
    }
    return buf;
  }

  /** lineStartsAt, on this file (synchronously: a few small reads near each offset). */
  lineStartsAt(offsets: readonly number[], size: number): number[] {
    const window = Buffer.allocUnsafe(1 << 16);
    const out: number[] = [];
    for (const o of offsets) {
      // A line starts at `o` when the byte before it is "\n": search from o - 1.
      let p = Math.max(0, Math.min(o, size) - 1);
      let found = o <= 0 ? 0 : -1;
      while (found < 0 && p < size) {
        const n = readSync(this.#fd, window, 0, window.length, p);
        if (n === 0) break;
        const nl = window.subarray(0, n).indexOf(10);
        if (nl >= 0) found = p + nl + 1;
        else p += n;
      }
      out.push(found < 0 ? size : found);
    }
    return out;
  }

  close(): void {
    closeSync(this.#fd);
  }
}

/**
 * For each offset (ascending), the first line start at or after it: a position right after a "\n", or the
 * file's size when no "\n" follows. A line longer than the distance between offsets makes cuts coincide.
 */
export async function lineStartsAt(path: string, offsets: readonly number[], size: number): Promise<number[]> {
  const r = new RangeReader(path);
  try {
    return r.lineStartsAt(offsets, size);
  } finally {
    r.close();
  }
}
