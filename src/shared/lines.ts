// Physical lines as every reader sees them: split on "\n" only, 1-based numbers, and whether the line
// was terminated (the torn-last-line rules differ per format). The IO reader produces the same records
// from bytes; parseSession() uses splitText() on a string.

export interface LineRecord {
  /** 1-based physical line number. */
  no: number;
  /** The line without its "\n" (a trailing "\r" is kept; formats decide what it means). */
  text: string;
  /** false only for a last line that had no "\n". */
  terminated: boolean;
  /** Set by the byte reader when the line's bytes were not valid UTF-8 (text then holds U+FFFD). */
  invalidUtf8?: boolean;
  /** Set by both line splitters when the line holds no "\\u" (no escaped character: a reader can skip looking for one). */
  noUnicodeEscape?: boolean;
  /**
   * How many "{" and "[" the line holds (strings included), when the byte reader counted them: on a line of more
   * than LONG_LINE_BYTES it read from a ScanBuffer. parseJson's bound on the nesting, counted in the same pass.
   */
  openingBrackets?: number;
}

/** Lines longer than this (in bytes) get `openingBrackets` from the byte reader: parseJson counts on longer texts only. */
export const LONG_LINE_BYTES = 2000;

const escapeFrom = (text: string, from: number): number => {
  const i = text.indexOf("\\u", from);
  return i === -1 ? Number.POSITIVE_INFINITY : i;
};

/** Splits a whole text into line records. A final "\n" does not start another line. */
export function splitText(text: string): LineRecord[] {
  const out: LineRecord[] = [];
  let start = 0;
  let no = 1;
  // Where the next "\u" is; Infinity, not -1, when there is none: with -1, V8's optimised loop on a warm thread
  // took seconds on a multi-megabyte text without any (docs/performance.md §4.41).
  let nextEscape = escapeFrom(text, 0);
  for (;;) {
    const nl = text.indexOf("\n", start);
    const end = nl === -1 ? text.length : nl;
    if (nl === -1 && start >= text.length) return out;
    if (nextEscape < start) nextEscape = escapeFrom(text, start);
    const rec: LineRecord = { no: no++, text: text.slice(start, end), terminated: nl !== -1 };
    if (nextEscape >= end) rec.noUnicodeEscape = true;
    out.push(rec);
    if (nl === -1) return out;
    start = nl + 1;
  }
}

/** Something that consumes line records one at a time and then yields a result (a format parser). */
export interface LineSink<T> {
  push(line: LineRecord): void;
  finish(): T;
}

export function feedLines<T>(sink: LineSink<T>, lines: Iterable<LineRecord>): T {
  for (const l of lines) sink.push(l);
  return sink.finish();
}
