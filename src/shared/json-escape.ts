// A JSON string written straight as UTF-8 bytes: the bytes of JSON.stringify(text), without the escaped text
// as a string first. V8's JSON.stringify appends a string one character at a time (≈ 4 ns a character here),
// and the result must then be encoded as well; Buffer.write encodes the text natively and one pass over the
// bytes adds the escapes, at about half the cost (`replay --json`: 37.6 M characters of message texts in a
// long session, docs/performance.md §4.30). Where WebAssembly SIMD is available, a text of SIMD_MIN units or
// more is escaped 16 bytes at a time by shared/json-escape-simd.ts instead (docs/performance.md §4.38); the
// same bytes.

import { SIMD_MAX_UNITS, SimdEscaper } from "./json-escape-simd.js";

/** The byte after the backslash for a byte JSON escapes (0x75, "u", for \u00XX); REPLACEMENT_LEAD: look again; 0: as it is. */
const ESCAPE = new Uint8Array(256);
for (let c = 0; c < 0x20; c++) ESCAPE[c] = 0x75;
ESCAPE[0x08] = 0x62; // \b
ESCAPE[0x09] = 0x74; // \t
ESCAPE[0x0a] = 0x6e; // \n
ESCAPE[0x0c] = 0x66; // \f
ESCAPE[0x0d] = 0x72; // \r
ESCAPE[0x22] = 0x22; // \"
ESCAPE[0x5c] = 0x5c; // \\
/**
 * First byte of U+FFFD (EF BF BD), which is also what the UTF-8 encoder writes for a lone surrogate, that
 * JSON.stringify escapes as \udXXX instead: the bytes cannot tell the two apart, so such a text is left to
 * JSON.stringify. Other characters from U+F000 share the byte and are copied as they are.
 */
const REPLACEMENT_LEAD = 0xef;
ESCAPE[REPLACEMENT_LEAD] = 1;
const HEX = Buffer.from("0123456789abcdef");

/** Room `escapeJsonInto` may need for a text of `length` UTF-16 units: 6 bytes per unit (\u00XX) and the quotes. */
export const escapedRoom = (length: number): number => 6 * length + 2;

/**
 * Writes JSON.stringify(text) as UTF-8 into `out` at `at` (room: escapedRoom(text.length)), encoding the text
 * through `scratch` (room: 3 bytes per unit); returns the end, or -1 when the text holds U+FFFD or a lone
 * surrogate (nothing usable written: the caller writes JSON.stringify(text) itself).
 */
export function escapeJsonInto(text: string, out: Uint8Array, at: number, scratch: Buffer): number {
  return escapeWith(ESCAPE, REPLACEMENT_LEAD, text, out, at, scratch);
}

/** As ESCAPE, for a script file's JSON (report/escape.ts escapeScriptFileJson): also U+2028/2029. */
const FILE_ESCAPE = ESCAPE.slice();
/** First byte of U+2000–U+2FFF: U+2028 (E2 80 A8) and U+2029 (E2 80 A9) become \u2028 and \u2029. */
const LINE_SEP_LEAD = 0xe2;
FILE_ESCAPE[LINE_SEP_LEAD] = 2;
const U2028 = Buffer.from("\\u2028");

/**
 * Writes escapeScriptFileJson(JSON.stringify(text)) as UTF-8 into `out` at `at` (room: escapedRoom(text.length)),
 * through `scratch` (room: 3 bytes per unit); returns the end, or -1 when the text holds U+FFFD or a lone surrogate
 * (nothing usable written: the caller takes the slower path).
 */
export function escapeScriptFileJsonInto(text: string, out: Uint8Array, at: number, scratch: Buffer): number {
  return escapeWith(FILE_ESCAPE, LINE_SEP_LEAD, text, out, at, scratch);
}

/** Shorter texts are escaped by the loop below: a call into the module and the copy out cost more for them. */
const SIMD_MIN = 24;
/** This thread's module instance; null where WebAssembly SIMD is not available. */
let simd: SimdEscaper | null | undefined;

/**
 * Both escapings: a short ASCII text from its units, a longer text by the module (`lead`: U+2028/2029's lead
 * byte for a script file, else REPLACEMENT_LEAD), anything else by the loop.
 */
function escapeWith(table: Uint8Array, lead: number, text: string, out: Uint8Array, at: number, scratch: Buffer): number {
  if (text.length < SIMD_MIN) {
    const end = escapeAscii(table, text, out, at);
    if (end >= 0) return end;
  } else if (text.length <= SIMD_MAX_UNITS) {
    simd ??= SimdEscaper.create() ?? null;
    if (simd !== null) return simd.write(text, out, at, lead);
  }
  return escapeLoop(table, text, out, at, scratch);
}

/**
 * A short text of ASCII characters (a role, an id) escaped from its UTF-16 units, without the call that encodes
 * it (which costs more than the loop for a few characters); -1 at the first other unit (the loop takes over).
 */
function escapeAscii(table: Uint8Array, text: string, out: Uint8Array, at: number): number {
  out[at++] = 0x22;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0x80) return -1;
    const e = table[c];
    if (e === 0) {
      out[at++] = c;
      continue;
    }
    at = writeEscape(out, at, c, e);
  }
  out[at++] = 0x22;
  return at;
}

/**
 * The one escaping loop of both: `table` gives, per byte, 0 (copied), 1 (a lead byte of U+FFFD's range), 2 (the
 * lead byte of U+2028/2029, FILE_ESCAPE only) or the letter after the backslash ("u" for \u00XX).
 */
function escapeLoop(table: Uint8Array, text: string, out: Uint8Array, at: number, scratch: Buffer): number {
  const n = scratch.write(text, 0, "utf8");
  const src: Uint8Array = scratch;
  out[at++] = 0x22;
  for (let i = 0; i < n; i++) {
    const c = src[i];
    const e = table[c];
    if (e === 0) {
      out[at++] = c;
      continue;
    }
    if (e === 1) {
      if (src[i + 1] === 0xbf && src[i + 2] === 0xbd && i + 2 < n) return -1;
      out[at++] = c;
      continue;
    }
    if (e === 2) {
      const d = src[i + 2];
      if (src[i + 1] === 0x80 && (d === 0xa8 || d === 0xa9) && i + 2 < n) {
        for (let k = 0; k < 5; k++) out[at++] = U2028[k];
        out[at++] = d === 0xa8 ? 0x38 : 0x39;
        i += 2;
      } else out[at++] = c;
      continue;
    }
    at = writeEscape(out, at, c, e);
  }
  out[at++] = 0x22;
  return at;
}

/** Writes the escape of byte `c` (`e`: the letter after the backslash, "u" for \u00XX) at `at`; returns its end. */
function writeEscape(out: Uint8Array, at: number, c: number, e: number): number {
  out[at++] = 0x5c;
  out[at++] = e;
  if (e === 0x75) {
    out[at++] = 0x30;
    out[at++] = 0x30;
    out[at++] = HEX[c >> 4];
    out[at++] = HEX[c & 15];
  }
  return at;
}

/**
 * Free bytes of an output that a writer fills itself (io/spill.ts FileSink): `reserve` makes `room` bytes free
 * from `at` (writing out what came before when it must), or gives null when it never can; the writer sets `at`
 * to its end to keep what it wrote, or leaves it to drop it.
 */
export interface ByteRoom {
  reserve(room: number): Buffer | null;
  at: number;
  /** For escapeScriptFileJsonInto: half the largest room `reserve` gives. */
  readonly scratch: Buffer;
}
