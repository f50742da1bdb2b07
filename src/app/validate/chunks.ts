// One range of a pi file (whole lines, io/ranges.ts) → the facts of its lines (formats/pi/line-facts.ts),
// slimmed: what a chunk worker runs, and the reading thread for the ranges it reads itself.
import { ByteLineSplitter } from "../../io/lines.js";
import { readRange } from "../../io/ranges.js";
import { piLineFacts, slimFacts, type PiLineFacts } from "../../formats/pi/line-facts.js";
import type { PiVersion } from "../../formats/pi/model.js";

export interface ChunkTask {
  path: string;
  start: number;
  end: number;
  version: PiVersion;
}

/**
 * The facts of a range as they cross threads: JSON text, which the reading thread parses faster than it
 * takes in a structured clone; the facts themselves when JSON would not carry them exactly (a number it
 * cannot write: ±Infinity from a literal such as 1e999, or -0).
 */
export type ChunkResult = string | PiLineFacts[];

/** "\u" as bytes: a range without it holds no escaped surrogate, and its lines skip that scan. */
const ESCAPE = Buffer.from("\\u");

/** The slimmed facts of every line of the range, numbered from 1 within it. */
export async function chunkFacts(t: ChunkTask): Promise<PiLineFacts[]> {
  const bytes = await readRange(t.path, t.start, t.end);
  const escapes = bytes.indexOf(ESCAPE) >= 0;
  const out: PiLineFacts[] = [];
  // Line by line: each line's text and whole value are garbage before the next line is read.
  const splitter = new ByteLineSplitter((rec) => out.push(slimFacts(piLineFacts(rec, t.version, escapes))));
  splitter.push(bytes);
  splitter.end();
  return out;
}

export function encodeFacts(facts: PiLineFacts[]): ChunkResult {
  return facts.every((f) => jsonExact(f)) ? JSON.stringify(facts) : facts;
}

export const decodeFacts = (r: ChunkResult): PiLineFacts[] => (typeof r === "string" ? (JSON.parse(r) as PiLineFacts[]) : r);

/** Whether JSON.parse(JSON.stringify(v)) equals v (facts are shallow: slimmed entries, findings). */
function jsonExact(v: unknown): boolean {
  if (typeof v === "number") return Number.isFinite(v) && !Object.is(v, -0);
  if (typeof v !== "object" || v === null) return true;
  if (Array.isArray(v)) return v.every(jsonExact);
  for (const k in v) if (!jsonExact((v as Record<string, unknown>)[k])) return false;
  return true;
}
