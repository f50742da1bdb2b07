// One physical line as the Scorel readers see it: parsed once, kept as data. Nothing here decides
// validity; verdict.ts / g0.ts apply the loader rules of the profile to these records.
import type { DiagnosticBag } from "../../shared/diagnostics.js";
import { findLoneSurrogate, hasLoneSurrogate, jsonDepth, MAX_DEPTH, openingBracketsExceed } from "../../shared/json.js";
import type { LineRecord } from "../../shared/lines.js";

export interface LineRec {
  /** 1-based physical line. */
  no: number;
  /** Empty after dropping one trailing "\r": the shipped loader splits on /\r?\n/ and drops length-0 lines. */
  empty: boolean;
  /** Only whitespace (the G0 reader drops these; the shipped loader does not, docs/scorel.md §1 step 3). */
  blank: boolean;
  ok: boolean;
  value?: unknown;
  /** JSON.parse's own message, verbatim (the G0 loader quotes it). */
  error?: string;
  /** The text starts with U+FEFF (Node's readFile keeps a BOM, so JSON.parse fails on it, docs/scorel.md §15.7). */
  bom?: boolean;
  /** A BOM line that parses once the BOM is dropped: used only to keep analysing past the verdict. */
  recovered?: unknown;
  /** Nesting deeper than MAX_DEPTH: value is a copy cut off at MAX_DEPTH (JSON.parse itself accepted it). */
  tooDeep?: boolean;
}

const SURROGATE_ESCAPE = /\\u[dD][89a-fA-F]/;

/** Marker that replaces subtrees below MAX_DEPTH in a TOO_DEEP line's copy. */
export const CUT_MARKER = "[sightline: nesting too deep, cut here]";

export function readLine(line: LineRecord, bag: DiagnosticBag, notes: { crlfSeen: boolean }): LineRec {
  let text = line.text;
  // Only a "\r" that precedes "\n" belongs to the line break (/\r?\n/); a final unterminated "\r" is content.
  if (line.terminated && text.endsWith("\r")) {
    text = text.slice(0, -1);
    if (!notes.crlfSeen) {
      // Once per file: the writers use "\n"; both readers accept "\r\n".
      notes.crlfSeen = true;
      bag.add("CRLF_LINE", { line: line.no });
    }
  }
  if (line.invalidUtf8) bag.add("INVALID_UTF8", { line: line.no });
  // The writers end every line with "\n"; neither reader has a torn-line rule (a torn line simply fails JSON).
  if (!line.terminated && text.length > 0) bag.add("TORN_LAST_LINE", { line: line.no });
  const rec: LineRec = { no: line.no, empty: text.length === 0, blank: text.trim().length === 0, ok: false };
  if (rec.empty) return rec;
  if (text.charCodeAt(0) === 0xfeff) rec.bom = true;
  // The exact depth scan (a loop over every character) only when a native count of brackets cannot rule it out.
  const deep = text.length > 2 * MAX_DEPTH && openingBracketsExceed(text, MAX_DEPTH) && jsonDepth(text) > MAX_DEPTH;
  try {
    const v: unknown = JSON.parse(text);
    rec.ok = true;
    if (deep) {
      rec.tooDeep = true;
      rec.value = cutDeep(v, MAX_DEPTH);
      bag.add("TOO_DEEP", { line: line.no }, { limit: MAX_DEPTH });
    } else rec.value = v;
  } catch (e) {
    rec.error = e instanceof Error ? e.message : String(e);
    if (rec.bom && !deep) {
      try {
        rec.recovered = JSON.parse(text.slice(1));
      } catch {
        // not JSON without the BOM either
      }
    }
    return rec;
  }
  // Only a \uD8xx-\uDFxx escape or a raw lone surrogate in the text can yield one: skip the walk otherwise (the
  // line splitters say when the text holds no "\u" at all; a raw surrogate pair cannot parse into a lone one).
  const escaped = line.noUnicodeEscape !== true && SURROGATE_ESCAPE.test(text);
  const ptr = escaped || hasLoneSurrogate(text) ? findLoneSurrogate(rec.value) : undefined;
  if (ptr !== undefined) bag.add("LONE_SURROGATE", { line: line.no, pointer: ptr }, { pointer: ptr });
  return rec;
}

/** Iterative copy of `v` that keeps `limit` levels; deeper containers become CUT_MARKER. `__proto__` keys stay own keys. */
export function cutDeep(v: unknown, limit: number): unknown {
  const box: { v?: unknown } = {};
  const stack: Array<{ src: unknown; put: (x: unknown) => void; depth: number }> = [{ src: v, put: (x) => (box.v = x), depth: 0 }];
  while (stack.length > 0) {
    const { src, put, depth } = stack.pop()!;
    if (typeof src !== "object" || src === null) {
      put(src);
    } else if (depth >= limit) {
      put(CUT_MARKER);
    } else if (Array.isArray(src)) {
      const out: unknown[] = new Array<unknown>(src.length);
      put(out);
      src.forEach((x, i) => {
        stack.push({ src: x, put: (y) => (out[i] = y), depth: depth + 1 });
      });
    } else {
      const out: Record<string, unknown> = {};
      put(out);
      for (const k of Object.keys(src)) {
        const put1 = (y: unknown): void => void Object.defineProperty(out, k, { value: y, enumerable: true, writable: true, configurable: true });
        stack.push({ src: (src as Record<string, unknown>)[k], put: put1, depth: depth + 1 });
      }
    }
  }
  return box.v;
}
