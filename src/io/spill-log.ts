// An append-only file of text records in the audit's spill folder (app/audit/spill.ts decides what they hold):
// records are appended as sessions finish, in any order, and read back by their offset and length. Appends go
// through a small buffer (one system call per 64 KiB), reads through one reused buffer (one call per record).
import { closeSync, openSync, readSync, writeSync } from "node:fs";

const WINDOW = 1 << 16;

// A log its owner dropped without closing (an audit result garbage-collected unreleased) still closes its file.
const closer = new FinalizationRegistry<number>((fd) => {
  try {
    closeSync(fd);
  } catch {
    // Already closed.
  }
});

export class SpillLog {
  private fd: number | null;
  /** Bytes appended so far (written or pending). */
  private size = 0;
  private readonly pending = Buffer.allocUnsafe(WINDOW);
  private pendingUsed = 0;
  private scratch = Buffer.allocUnsafe(WINDOW);

  constructor(readonly path: string) {
    this.fd = openSync(path, "w+");
    closer.register(this, this.fd, this);
  }

  /** Appends `text` (UTF-8); returns its offset and byte length. */
  append(text: string): { offset: number; length: number } {
    const offset = this.size;
    const length = Buffer.byteLength(text);
    if (this.pendingUsed + length > WINDOW) this.flush();
    if (length > WINDOW) this.writeAll(Buffer.from(text));
    else this.pendingUsed += this.pending.write(text, this.pendingUsed, "utf8");
    this.size += length;
    return { offset, length };
  }

  /** The record at `offset` (as append returned it). */
  read(offset: number, length: number): string {
    if (this.pendingUsed > 0 && offset + length > this.size - this.pendingUsed) this.flush();
    const fd = this.open();
    // Exactly the record: the walks go in input order, the records lie in the order sessions finished.
    if (length > this.scratch.length) this.scratch = Buffer.allocUnsafe(Math.max(length, 2 * this.scratch.length));
    for (let at = 0; at < length; ) {
      const n = readSync(fd, this.scratch, at, length - at, offset + at);
      if (n === 0) throw new Error(`${this.path}: a spilled record is shorter than written`);
      at += n;
    }
    return this.scratch.toString("utf8", 0, length);
  }

  close(): void {
    if (this.fd === null) return;
    closer.unregister(this);
    closeSync(this.fd);
    this.fd = null;
  }

  private open(): number {
    if (this.fd === null) throw new Error(`${this.path}: the audit's spill folder was released`);
    return this.fd;
  }

  private flush(): void {
    this.writeAll(this.pending.subarray(0, this.pendingUsed));
    this.pendingUsed = 0;
  }

  private writeAll(b: Uint8Array): void {
    const fd = this.open();
    for (let off = 0; off < b.length; ) off += writeSync(fd, b, off, b.length - off);
  }
}
