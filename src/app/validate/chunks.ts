// One range of a pi file (whole lines, io/ranges.ts) → the facts of its lines (formats/pi/line-facts.ts),
// slimmed: handed on line by line on the reading thread, encoded for the trip back on a chunk worker.
import { eachLineOf } from "../../io/lines.js";
import type { MessagePort } from "node:worker_threads";
import { readRange } from "../../io/ranges.js";
import { piLineFacts, plainFacts, slimFacts, type PiLineFacts } from "../../formats/pi/line-facts.js";
import type { PiVersion } from "../../formats/pi/model.js";
import type { SchemaIssue } from "../../schema/ajv.js";

export interface ChunkTask {
  path: string;
  start: number;
  end: number;
  version: PiVersion;
}

/**
 * What a chunk worker is given once: the file, its ranges, the shared claim (claim.ts) and the port it sends
 * each range's facts on (the reading thread takes them from it between its own ranges, without waiting).
 */
export interface RangeJob {
  path: string;
  ranges: [number, number][];
  version: PiVersion;
  claim: SharedArrayBuffer;
  port: MessagePort;
}

/**
 * The facts of a range as they cross threads: JSON text (an array), which the reading thread parses faster
 * than it takes in a structured clone; the facts themselves when JSON would not carry them exactly (a number
 * it cannot write: ±Infinity from a literal such as 1e999, or -0).
 */
export type ChunkResult = string | PiLineFacts[];

/**
 * Hands the slimmed facts of every line of a range's bytes to `onFacts`, numbered from 1 within it, one line at
 * a time (each line's text and whole value are garbage before the next is read); returns the line count.
 */
export function eachFactsOf(bytes: Buffer, version: PiVersion, onFacts: (f: PiLineFacts) => void): number {
  // A line without "\u" holds no escaped surrogate: it skips that scan.
  return eachLineOf(bytes, (rec) => onFacts(slimFacts(piLineFacts(rec, version, rec.noUnicodeEscape !== true))));
}

/** The facts of a range's bytes, encoded (what a chunk worker sends back). */
export function chunkFactsOf(bytes: Buffer, version: PiVersion): ChunkResult {
  // Each line is written as JSON at once, so only text is kept while the range is read.
  const texts: string[] = [];
  let kept: PiLineFacts[] | undefined;
  eachFactsOf(bytes, version, (f) => {
    const packed = kept ? undefined : pack(f);
    if (packed && jsonExact(packed)) texts.push(JSON.stringify(packed));
    else {
      kept ??= texts.map((x) => unpack(JSON.parse(x) as Packed));
      kept.push(f);
    }
  });
  return kept ?? `[${texts.join(",")}]`;
}

/** The facts of a range of a file, encoded (tests: another reader on the reading thread). */
export async function chunkFacts(t: ChunkTask): Promise<ChunkResult> {
  return chunkFactsOf(await readRange(t.path, t.start, t.end), t.version);
}

export const decodeFacts = (r: ChunkResult): PiLineFacts[] => (typeof r === "string" ? (JSON.parse(r) as Packed[]).map(unpack) : r);

/**
 * The facts of a line that parsed, with nothing else to say about its bytes (most lines), as an array:
 * [no, 1 if terminated + 2 if it ends with "\r", the slimmed value, the schema issues or 0 for none computed].
 * Without the facts' key names the text is about a third shorter to write and to parse. Other lines: as they are.
 */
type Packed = [number, number, unknown, SchemaIssue[] | 0] | PiLineFacts;

function pack(f: PiLineFacts): Packed {
  if (f.invalidUtf8 || f.blank || !f.parsed?.ok || f.surrogate !== undefined) return f;
  return [f.no, (f.terminated ? 1 : 0) | (f.cr ? 2 : 0), f.parsed.value, f.schema ?? 0];
}

function unpack(p: Packed): PiLineFacts {
  if (!Array.isArray(p)) return p;
  return plainFacts(p[0], (p[1] & 1) === 1, (p[1] & 2) === 2, p[2], p[3] === 0 ? undefined : p[3]);
}

/** Whether JSON.parse(JSON.stringify(v)) equals v (facts are shallow: slimmed entries, findings). */
function jsonExact(v: unknown): boolean {
  if (typeof v === "number") return Number.isFinite(v) && !Object.is(v, -0);
  if (typeof v !== "object" || v === null) return true;
  if (Array.isArray(v)) return v.every(jsonExact);
  for (const k in v) if (!jsonExact((v as Record<string, unknown>)[k])) return false;
  return true;
}
