// yoi segments are self-contained, but lineage lives in other files of the session folder (docs/yoi.md §1,
// docs/yoi.md §7): a folder stands for its newest segment, and a compacted segment's "before" is its source segment.
import { listDir } from "../io/text.js";
import { dirname, join } from "node:path";
import { isSession } from "../formats/index.js";
import type { NativeContext } from "../formats/types.js";
import { forkAtLeaf, pickNewestSegment, yoiCompactions, yoiOriginFindings, type YoiSession } from "../formats/yoi/index.js";
import { buildYoiContext } from "../formats/yoi/index.js";
import type { Diagnostic } from "../shared/diagnostics.js";
import type { ReadOptions } from "./read.js";

/** The newest segment file of a folder, or undefined when it holds none. */
export async function newestSegmentIn(dir: string): Promise<string | undefined> {
  const name = pickNewestSegment(await listDir(dir));
  return name === undefined ? undefined : join(dir, name);
}

type Reader = (path: string, opts?: ReadOptions) => Promise<unknown>;

/** Reads the source segment a compacted or forked segment names (same folder), if it is there. */
export async function sourceSegment(segment: YoiSession, read: Reader): Promise<YoiSession | undefined> {
  const start = segment.segmentStart as Record<string, unknown> | undefined;
  const origin = (start?.compacted_from ?? start?.forked_from) as { segment_id?: unknown } | undefined;
  if (!origin || typeof origin.segment_id !== "string" || segment.file === "<stdin>") return undefined;
  const s = (await read(join(dirname(segment.file), `${origin.segment_id}.jsonl`))) as Parameters<typeof isSession>[0];
  return isSession(s) && s.format === "yoi" ? (s as YoiSession) : undefined;
}

/** The "before" context of a compacted segment's compaction: the source replayed up to at_turn_index. */
export function yoiBeforeContext(compacted: YoiSession, source: YoiSession | undefined): { context: NativeContext; leafId: string | null; label: string } | undefined {
  const ref = yoiCompactions(compacted)[0];
  if (!ref || !source) return undefined;
  const leafId = forkAtLeaf(source, ref.atTurnIndex);
  return { context: buildYoiContext(source, leafId), leafId, label: `${ref.sourceSegmentId} at turn ${ref.atTurnIndex} (${leafId ?? "start"})` };
}

/** docs/yoi.md §8.3 lineage findings of a segment against its folder (origin exists, at_turn_index in range). */
export async function yoiLineageFindings(segment: YoiSession, read: Reader): Promise<Diagnostic[]> {
  const start = segment.segmentStart as Record<string, unknown> | undefined;
  if (!start || (start.compacted_from === undefined && start.forked_from === undefined)) return [];
  return yoiOriginFindings(segment, await sourceSegment(segment, read));
}
