// Byte-level line splitting for the streaming reader. "\n" (0x0A) never occurs inside a multi-byte UTF-8
// sequence, so splitting bytes on it is exact; each line is then decoded and checked for valid UTF-8.
// Lines of any length (50 MB and more) are assembled from chunk pieces only once complete.
import { isUtf8 } from "node:buffer";
import { type LineRecord, LONG_LINE_BYTES } from "../shared/lines.js";
import { countOpeningBrackets, ESCAPE, findEscape } from "./escapes.js";

export class ByteLineSplitter {
  private pieces: Buffer[] = [];
  private pending = 0;
  private no = 1;
  /** Offset of the first NUL byte seen in the first 8 KiB (binary detection), or -1. */
  nulOffset = -1;
  private seen = 0;
  bytes = 0;

  constructor(private readonly emit: (line: LineRecord) => void) {}

  push(chunk: Uint8Array): void {
    const buf = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    if (this.seen < 8192 && this.nulOffset < 0) {
      const probe = buf.subarray(0, 8192 - this.seen);
      const at = probe.indexOf(0);
      if (at >= 0) this.nulOffset = this.seen + at;
    }
    this.seen += buf.length;
    this.bytes += buf.length;
    let start = 0;
    // The next "\u" in the chunk, searched once over its bytes (far cheaper than over each decoded line): 16
    // bytes at a time when the chunk sits in a ScanBuffer (the file reader's chunks, io/read.ts).
    let nextEscape = findEscape(buf, 0);
    for (;;) {
      const nl = buf.indexOf(10, start);
      if (nl === -1) break;
      if (nextEscape !== -1 && nextEscape < start) nextEscape = findEscape(buf, start);
      // A long line held whole in the chunk: its brackets counted on its bytes (in a ScanBuffer only).
      const brackets = nl - start > LONG_LINE_BYTES && this.pieces.length === 0 ? countOpeningBrackets(buf, start, nl) : undefined;
      this.line(buf.subarray(start, nl), true, nextEscape === -1 || nextEscape >= nl, brackets);
      start = nl + 1;
    }
    if (start < buf.length) {
      // Copy: the caller may reuse its chunk buffer.
      const rest = Buffer.from(buf.subarray(start));
      this.pieces.push(rest);
      this.pending += rest.length;
    }
  }

  end(): void {
    if (this.pending > 0) this.line(Buffer.alloc(0), false);
  }

  /** `noEscape`: the tail piece holds no "\u" (the whole line when no pieces came before it); `brackets`: its count of them. */
  private line(tailPiece: Buffer, terminated: boolean, noEscape = false, brackets?: number): void {
    let bytes = tailPiece;
    let whole = true;
    if (this.pieces.length > 0) {
      bytes = Buffer.concat([...this.pieces, tailPiece], this.pending + tailPiece.length);
      this.pieces = [];
      this.pending = 0;
      whole = false;
    }
    const rec: LineRecord = { no: this.no++, text: bytes.toString("utf8"), terminated };
    // Pure ASCII lines are valid UTF-8; only check when a replacement char could hide an invalid sequence.
    if (!isUtf8(bytes)) rec.invalidUtf8 = true;
    // Exact whatever the chunking: a line assembled from pieces is searched whole.
    if (whole ? noEscape : bytes.indexOf(ESCAPE) === -1) rec.noUnicodeEscape = true;
    if (brackets !== undefined) rec.openingBrackets = brackets;
    this.emit(rec);
  }
}

/**
 * The lines of bytes held whole (a range of whole lines of a file), as ByteLineSplitter makes them; returns
 * their count. Valid UTF-8, the usual case, is checked once for all of them and each line decoded straight
 * from the bytes (no Buffer view per line); otherwise each line is checked alone, so that each says whether
 * it was valid. (Decoding all of them at once costs more: one non-ASCII character makes the whole text
 * two-byte, and every line with it.)
 */
export function eachLineOf(bytes: Buffer, emit: (line: LineRecord) => void): number {
  let no = 0;
  if (!isUtf8(bytes)) {
    const s = new ByteLineSplitter((l) => {
      no++;
      emit(l);
    });
    s.push(bytes);
    s.end();
    return no;
  }
  // Bytes in a ScanBuffer (a range read by io/ranges.ts) are searched 16 at a time (io/escapes.ts).
  let nextEscape = findEscape(bytes, 0);
  for (let start = 0; ; ) {
    const nl = bytes.indexOf(10, start);
    const end = nl === -1 ? bytes.length : nl;
    if (nl === -1 && start >= bytes.length) return no;
    if (nextEscape !== -1 && nextEscape < start) nextEscape = findEscape(bytes, start);
    const rec: LineRecord = { no: ++no, text: bytes.toString("utf8", start, end), terminated: nl !== -1 };
    if (nextEscape === -1 || nextEscape >= end) rec.noUnicodeEscape = true;
    if (end - start > LONG_LINE_BYTES) {
      const brackets = countOpeningBrackets(bytes, start, end);
      if (brackets !== undefined) rec.openingBrackets = brackets;
    }
    emit(rec);
    if (nl === -1) return no;
    start = nl + 1;
  }
}

/** Splits a whole byte buffer (tests, stdin already in memory). */
export function splitBytes(data: Uint8Array): LineRecord[] {
  const out: LineRecord[] = [];
  const s = new ByteLineSplitter((l) => out.push(l));
  s.push(data);
  s.end();
  return out;
}
