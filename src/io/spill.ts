// Bytes of the audit's spill folder (app/audit/spill.ts decides what goes in it): a temporary folder per run,
// files written piece by piece through one reused buffer, read back whole. The folder lives under the OS temp
// folder (or a folder the caller names, e.g. the run folder) and is removed when its owner says so, when the
// owner is garbage-collected, or when the process exits normally. A process killed by a signal leaves it to
// the OS temp cleanup.
import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, renameSync, rmSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ByteRoom } from "../shared/json-escape.js";

// Per thread, reused by every file: writing is synchronous, one file at a time.
let sinkBuffer: Buffer | undefined;
let sinkScratch: Buffer | undefined;

/**
 * A file written through a reused 1 MiB buffer: strings are encoded as UTF-8 straight into it and it is
 * written out when full — no joined copy of the pieces and no new buffer per flush (the pieces of a long
 * session are most of the spill's garbage). close() writes the rest.
 */
class FileSink implements ByteRoom {
  private readonly fd: number;
  private readonly buf: Buffer;
  private used = 0;

  constructor(path: string) {
    this.buf = sinkBuffer ??= Buffer.allocUnsafe(1 << 20);
    this.fd = openSync(path, "w");
  }

  put(t: string): void {
    // A UTF-16 code unit takes at most 3 bytes of UTF-8 (a surrogate pair: 4 bytes for 2 units).
    if (this.used + 3 * t.length > this.buf.length) {
      this.flush();
      // A longer piece (a long tool output) goes through the buffer in slices, not as a buffer of its own:
      // such buffers live outside V8's heap until a collection finds them (issue 21).
      const most = Math.floor(this.buf.length / 3);
      let at = 0;
      while (3 * (t.length - at) > this.buf.length) {
        let end = at + most;
        // Never between the two halves of a surrogate pair: each half alone would be written as U+FFFD.
        if (isHighSurrogate(t.charCodeAt(end - 1))) end--;
        this.used = this.buf.write(t.slice(at, end), 0, "utf8");
        this.flush();
        at = end;
      }
      if (at > 0) t = t.slice(at);
    }
    this.used += this.buf.write(t, this.used, "utf8");
  }

  /** ByteRoom: a writer fills the buffer itself (report/page-bytes.ts). */
  get at(): number {
    return this.used;
  }

  set at(end: number) {
    this.used = end;
  }

  get scratch(): Buffer {
    sinkScratch ??= Buffer.allocUnsafe(this.buf.length / 2);
    return sinkScratch;
  }

  reserve(room: number): Buffer | null {
    if (room > this.buf.length) return null;
    if (this.used + room > this.buf.length) this.flush();
    return this.buf;
  }

  close(): void {
    try {
      this.flush();
    } finally {
      closeSync(this.fd);
    }
  }

  private flush(): void {
    this.writeAll(this.buf.subarray(0, this.used));
    this.used = 0;
  }

  private writeAll(b: Uint8Array): void {
    for (let off = 0; off < b.length; ) off += writeSync(this.fd, b, off, b.length - off);
  }
}

const isHighSurrogate = (c: number): boolean => c >= 0xd800 && c <= 0xdbff;

/** Writes `path` from the pieces `write` puts, in order, without ever joining them; or that it writes into `bytes`. */
export function writePiecesSync(path: string, write: (put: (piece: string) => void, bytes: ByteRoom) => void): void {
  const out = new FileSink(path);
  try {
    write((t) => out.put(t), out);
  } finally {
    out.close();
  }
}

export const spillFileExists = (path: string): boolean => existsSync(path);
export const readSpillText = (path: string): string => readFileSync(path, "utf8");
export const readSpillBytes = (path: string): Uint8Array => readFileSync(path);

/**
 * Moves a finished spill file to `target` (replacing it atomically) when both are on one file system; false
 * when it cannot be moved (another file system, a missing folder), for the caller to copy it instead.
 */
export function moveSpillFile(path: string, target: string): boolean {
  try {
    renameSync(path, target);
    return true;
  } catch {
    return false;
  }
}

const live = new Set<string>();
let hooked = false;
/** Removes a spill folder now. */
export const removeSpillDir = (dir: string): void => {
  rmSync(dir, { recursive: true, force: true });
  live.delete(dir);
};
// Held value: the folder name only, so the registration does not keep its owner alive.
const collected = new FinalizationRegistry<string>(removeSpillDir);

/** Removes `dir` once `owner` is garbage-collected (unless forgetOwner is called first). */
export const removeWithOwner = (owner: object, dir: string): void => collected.register(owner, dir, owner);
export const forgetOwner = (owner: object): void => {
  collected.unregister(owner);
};

/** Removes every spill folder this process still has (test runners end their workers without "exit"). */
export function removeSpillDirs(): void {
  for (const d of [...live]) removeSpillDir(d);
}

/** A fresh spill folder, removed at process exit (or by its owner). */
export function makeSpillDir(root = tmpdir()): string {
  mkdirSync(root, { recursive: true });
  const dir = mkdtempSync(join(root, ".sightline-audit-spill-"));
  live.add(dir);
  if (!hooked) {
    hooked = true;
    process.once("exit", removeSpillDirs);
  }
  return dir;
}
