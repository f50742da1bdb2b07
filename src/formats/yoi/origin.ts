// The yoi format's lineage hooks (docs/yoi.md §1, §7, §8.3): a compacted or forked segment names its source
// segment, a file of the same folder. readSession reads that file into `session.origin`; the compaction's
// "before" and the lineage findings are then pure functions of the session.
import type { Diagnostic } from "../../shared/diagnostics.js";
import type { CompactionBefore, CompactionRef } from "../types.js";
import { buildYoiContext } from "./context.js";
import { forkAtLeaf, yoiCompactions, yoiOriginFindings } from "./lineage.js";
import type { YoiSession } from "./model.js";

/** The source segment's file name (same folder), when the segment names one. */
export function yoiOriginFile(segment: YoiSession): string | undefined {
  const start = segment.segmentStart;
  const origin = (start?.compacted_from ?? start?.forked_from) as { segment_id?: unknown } | undefined;
  // The id comes from an untrusted log: a name with a path in it never leaves the folder.
  if (!origin || typeof origin.segment_id !== "string" || !/^[^/\\]+$/.test(origin.segment_id) || /^\.\.?$/.test(origin.segment_id)) return undefined;
  return `${origin.segment_id}.jsonl`;
}

export function setYoiOrigin(segment: YoiSession, origin: YoiSession | undefined): void {
  segment.origin = origin ?? null;
}

/** docs/yoi.md §8.3 findings against the origin readSession read (none read = the origin is missing). */
export const yoiOriginFindingsOf = (segment: YoiSession): Diagnostic[] => yoiOriginFindings(segment, segment.origin ?? undefined);

/** A compacted segment's "before": its source replayed up to at_turn_index (undefined without the source). */
export function yoiCompactionBefore(compacted: YoiSession, c: CompactionRef): CompactionBefore | undefined {
  const ref = yoiCompactions(compacted).find((r) => r.id === c.id);
  const source = compacted.origin;
  if (!ref || !source) return undefined;
  const leafId = forkAtLeaf(source, ref.atTurnIndex);
  return { context: buildYoiContext(source, leafId), leafId, label: `${ref.sourceSegmentId} at turn ${ref.atTurnIndex} (${leafId ?? "start"})` };
}
