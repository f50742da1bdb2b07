// One range of a pi file (whole lines, io/ranges.ts) → the facts of its lines (formats/pi/line-facts.ts),
// slimmed to cross threads. What a chunk worker runs (and the reading thread, for its own share of ranges).
import { splitBytes } from "../../io/lines.js";
import { readRange } from "../../io/ranges.js";
import { piLineFacts, slimFacts, type PiLineFacts } from "../../formats/pi/line-facts.js";
import type { PiVersion } from "../../formats/pi/model.js";

export interface ChunkTask {
  path: string;
  start: number;
  end: number;
  version: PiVersion;
}

/** The facts of every line of the range, numbered from 1 within it; slimmed unless they stay on this thread. */
export async function chunkFacts(t: ChunkTask, slim = true): Promise<PiLineFacts[]> {
  const bytes = await readRange(t.path, t.start, t.end);
  return splitBytes(bytes).map((rec) => (slim ? slimFacts(piLineFacts(rec, t.version)) : piLineFacts(rec, t.version)));
}
