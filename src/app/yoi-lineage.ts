// yoi segments are self-contained, but lineage lives in other files of the session folder (yoi-format §1,
// §7): a folder stands for its newest segment. (A segment's source is read by readSession, see read.ts.)
import { readdir } from "node:fs/promises";
import { join } from "node:path";
import { pickNewestSegment } from "../formats/yoi/index.js";

/** The newest segment file of a folder, or undefined when it holds none. */
export async function newestSegmentIn(dir: string): Promise<string | undefined> {
  const name = pickNewestSegment(await readdir(dir));
  return name === undefined ? undefined : join(dir, name);
}
