// Compaction diffs of a session as the app layer runs them: the context-layer diff plus what only IO can
// supply — a yoi compacted segment's "before" lives in its source segment file (docs/yoi.md §7).
import { compactionDiffs, type CompactionDiff, type CompactionDiffOptions } from "../context/compaction.js";
import type { FormatModule, SessionBase } from "../formats/types.js";
import type { YoiSession } from "../formats/yoi/index.js";
import { readSession } from "./read.js";
import { sourceSegment, yoiBeforeContext } from "./yoi-lineage.js";

export async function sessionCompactionDiffs(module: FormatModule, session: SessionBase, opts: CompactionDiffOptions = {}): Promise<CompactionDiff[]> {
  let beforeOf = opts.beforeOf;
  if (session.format === "yoi" && !beforeOf && module.compactions(session).length > 0) {
    const before = yoiBeforeContext(session as YoiSession, await sourceSegment(session as YoiSession, readSession));
    beforeOf = () => before;
  }
  return compactionDiffs(module, session, { ...opts, beforeOf });
}
