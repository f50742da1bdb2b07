// Streaming file input: bytes in chunks → line records → a LineSink (a format parser). A file is never
// held whole in memory as text; only the parsed records the sink keeps.
import { closeSync, createReadStream, fstatSync, openSync, readFileSync, readSync, statSync } from "node:fs";
import { open } from "node:fs/promises";
import type { Readable } from "node:stream";
import type { LineRecord, LineSink } from "../shared/lines.js";
import { borrowScanBuffer, returnScanBuffer } from "./escapes.js";
import { ByteLineSplitter } from "./lines.js";

export interface StreamStats {
  bytes: number;
  /** Offset of a NUL byte near the start (binary file), or -1. */
  nulOffset: number;
}

export const STDIN = "-";
/** What the CLI passes for a "-" argument (yargs cannot carry a bare "-" as a positional). */
export const STDIN_ARG = "\u0000stdin";
export const isStdin = (path: string): boolean => path === STDIN || path === STDIN_ARG;
export const STDIN_LABEL = "<stdin>";

/** Feeds every line of a byte stream into `onLine`; resolves with stats once the stream ends. */
export async function pumpLines(stream: AsyncIterable<Uint8Array>, onLine: (l: LineRecord) => void): Promise<StreamStats> {
  const splitter = new ByteLineSplitter(onLine);
  for await (const chunk of stream) splitter.push(chunk);
  splitter.end();
  return { bytes: splitter.bytes, nulOffset: splitter.nulOffset };
}

export function openInput(path: string, stdin: Readable = process.stdin): AsyncIterable<Uint8Array> {
  return isStdin(path) ? stdin : createReadStream(path, { highWaterMark: 1 << 20 });
}

/** Bytes per read of a file: the chunk size of the streams before (what the splitter is tuned for). */
const CHUNK = 1 << 20;

/**
 * Feeds every line of a file (not "-") into `onLine`, as pumpLines over its stream would. The chunks are read
 * into the two halves of a ScanBuffer, the next one while the splitter works on the last (as a stream reads
 * ahead): the splitter finds "\u" escapes there 16 bytes at a time (io/escapes.ts), and no chunk is allocated
 * per read. Where WebAssembly SIMD is not available, the stream.
 */
export async function pumpFile(path: string, onLine: (l: LineRecord) => void, chunkBytes = CHUNK): Promise<StreamStats> {
  const scan = borrowScanBuffer();
  if (scan === undefined) return pumpLines(openInput(path), onLine);
  const fh = await open(path, "r").catch((e: unknown) => {
    returnScanBuffer(scan);
    throw e;
  });
  const splitter = new ByteLineSplitter(onLine);
  // Valid while no other get: this read holds the buffer until it gives it back.
  const halves = scan.get(2 * chunkBytes);
  let next: Promise<{ bytesRead: number }> | undefined;
  try {
    let half = 0;
    next = fh.read(halves, 0, chunkBytes, null);
    for (;;) {
      const { bytesRead } = await next;
      next = undefined;
      if (bytesRead === 0) break;
      const chunk = halves.subarray(half * chunkBytes, half * chunkBytes + bytesRead);
      half ^= 1;
      next = fh.read(halves, half * chunkBytes, chunkBytes, null);
      splitter.push(chunk);
    }
    splitter.end();
  } finally {
    // A read still under way writes into the buffer: it ends before the buffer goes back (its error is the
    // splitter's, or the next read's, already thrown).
    await next?.catch(() => undefined);
    returnScanBuffer(scan);
    await fh.close();
  }
  return { bytes: splitter.bytes, nulOffset: splitter.nulOffset };
}

/** Streams a file (or "-") into a sink and returns the sink's result plus stream stats. */
export async function readInto<T>(path: string, sink: LineSink<T>): Promise<{ result: T; stats: StreamStats }> {
  const onLine = (l: LineRecord) => sink.push(l);
  const stats = await (isStdin(path) ? pumpLines(openInput(path), onLine) : pumpFile(path, onLine));
  return { result: sink.finish(), stats };
}

/** Feeds a file's bytes, already in memory, into a sink: the same lines, result and stats as readInto. */
export function bytesInto<T>(bytes: Uint8Array, sink: LineSink<T>): { result: T; stats: StreamStats } {
  const splitter = new ByteLineSplitter((l) => sink.push(l));
  splitter.push(bytes);
  splitter.end();
  return { result: sink.finish(), stats: { bytes: splitter.bytes, nulOffset: splitter.nulOffset } };
}

/**
 * A regular file of at most `maxBytes`, read whole and synchronously; undefined for anything else (stdin, a
 * folder, a larger file, a path that cannot be read: the streaming readers handle and report those). For a
 * thread that reads one file at a time (a pool worker), asynchronous reads only add trips through the event
 * loop and the I/O threads.
 */
export function readSmallFileSync(path: string, maxBytes: number): Buffer | undefined {
  if (isStdin(path)) return undefined;
  try {
    const st = statSync(path);
    return st.isFile() && st.size <= maxBytes ? readFileSync(path) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * One buffer a thread reads small files into, reused by every read: a pool worker reads one file at a time and
 * keeps nothing of its bytes (the line splitter copies what it keeps, as text), so a fresh buffer per file (and
 * the 1 MiB chunks a stream allocates per read) would only be garbage. Such garbage is outside V8's heap: it is
 * freed only when a collection happens to run, and V8 lets tens of megabytes of it pile up first (issue 21: 30–50
 * MB per audit worker between collections on a Claude Code tree, where each subagent reads its parent again).
 * The bytes a read returns are valid until the next read through the same scratch.
 */
export class ReadScratch {
  private buf: Buffer | undefined;

  /** `maxBytes`: files larger than this are not read (the caller streams them). */
  constructor(readonly maxBytes: number) {}

  /** readSmallFileSync into the reused buffer: a view of it, valid until the next call. */
  read(path: string, maxBytes = this.maxBytes): Buffer | undefined {
    if (isStdin(path)) return undefined;
    let fd: number;
    try {
      fd = openSync(path, "r");
    } catch {
      return undefined;
    }
    try {
      const st = fstatSync(fd);
      if (!st.isFile() || st.size > maxBytes) return undefined;
      // One byte more than the size: a file that grew since its stat is read by readFileSync below.
      const want = st.size + 1;
      if (!this.buf || this.buf.length < want)
        this.buf = Buffer.allocUnsafeSlow(Math.max(want, 64 * 1024, Math.min(2 * (this.buf?.length ?? 0), maxBytes + 1)));
      let got = 0;
      while (got < want) {
        const n = readSync(fd, this.buf, got, want - got, null);
        if (n === 0) break;
        got += n;
      }
      if (got < want) return this.buf.subarray(0, got);
    } catch {
      return undefined;
    } finally {
      closeSync(fd);
    }
    return readSmallFileSync(path, maxBytes);
  }
}

/** The first `bytes` bytes of a file as text (classification by content never needs the whole file). */
export async function readHead(path: string, bytes = 4096): Promise<string> {
  const fh = await open(path, "r");
  try {
    const buf = Buffer.alloc(bytes);
    const { bytesRead } = await fh.read(buf, 0, bytes, 0);
    return buf.subarray(0, bytesRead).toString("utf8");
  } finally {
    await fh.close();
  }
}
