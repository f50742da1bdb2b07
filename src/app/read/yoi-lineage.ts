// yoi segments are self-contained, but lineage lives in other files of the session folder (docs/yoi.md §1,
// docs/yoi.md §7): a folder stands for its newest segment. (A segment's source is read by readSession, see read.ts.)
// The Worker Session store keeps its segments one level down, in `segments/` beside `session.json` (docs/yoi.md §9).
import { listDir } from "../../io/text.js";
import { join } from "node:path";
import { pickNewestSegment } from "../../formats/yoi/index.js";

/** The newest segment file of a folder (or of its `segments/` folder), or undefined when it holds none. */
export async function newestSegmentIn(dir: string): Promise<string | undefined> {
  const names = await listDir(dir);
  const name = pickNewestSegment(names);
  if (name !== undefined) return join(dir, name);
  return names.includes("segments") && names.includes("session.json") ? newestSegmentIn(join(dir, "segments")) : undefined;
}
