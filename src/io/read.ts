// Streaming file input: bytes in chunks → line records → a LineSink (a format parser). A file is never
// held whole in memory as text; only the parsed records the sink keeps.
import { createReadStream, readFileSync, statSync } from "node:fs";
import { open } from "node:fs/promises";
import type { Readable } from "node:stream";
import type { LineRecord, LineSink } from "../shared/lines.js";
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

/** Streams a file (or "-") into a sink and returns the sink's result plus stream stats. */
export async function readInto<T>(path: string, sink: LineSink<T>): Promise<{ result: T; stats: StreamStats }> {
  const stats = await pumpLines(openInput(path), (l) => sink.push(l));
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
