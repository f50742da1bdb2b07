// yoi segments are self-contained, but lineage lives in other files of the session folder (docs/yoi.md §1,
// docs/yoi.md §7): a folder stands for its newest segment. (A segment's source is read by readSession, see read.ts.)
import { listDir } from "../io/text.js";
import { join } from "node:path";
import { pickNewestSegment } from "../formats/yoi/index.js";

/** The newest segment file of a folder, or undefined when it holds none. */
export async function newestSegmentIn(dir: string): Promise<string | undefined> {
  const name = pickNewestSegment(await listDir(dir));
  return name === undefined ? undefined : join(dir, name);
}
