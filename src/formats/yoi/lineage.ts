// Segment lineage (docs/yoi.md §1, §7): which file of a session folder is replayed, the compaction a
// compacted segment records, and the before/after inputs of its diff (the app layer loads the source).
import type { Diagnostic } from "../../shared/diagnostics.js";
import { diag } from "../../shared/diagnostics.js";
import { isObject } from "../../shared/json.js";
import type { CompactionRef, Msg, NativeContext } from "../types.js";
import { buildYoiContext, yoiItemToMsg } from "./context.js";
import { baseKind, type YoiHistoryItem, type YoiSession } from "./model.js";
import { foldEntries } from "./restore.js";
import { SEGMENT_FILE } from "./segment-name.js";

/**
 * The file a folder stands for: its newest segment. FsStore lists segment ids descending and ids are
 * UUID v7 (time-ordered), so the newest is the greatest id. Debug `*.trace.jsonl` files are not segments.
 */
export function pickNewestSegment(names: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestId = "";
  for (const n of names) {
    const m = SEGMENT_FILE.exec(n);
    if (!m) continue;
    const id = m[1].toLowerCase();
    if (id > bestId) [best, bestId] = [n, id];
  }
  return best;
}

export interface SegmentOrigin {
  segment_id: string;
  at_turn_index: number;
}

export interface YoiCompactionRef extends CompactionRef {
  sourceSegmentId: string;
  atTurnIndex: number;
}

const originOf = (v: unknown): SegmentOrigin | undefined =>
  isObject(v) && typeof v.segment_id === "string" && typeof v.at_turn_index === "number" ? (v as unknown as SegmentOrigin) : undefined;

/** The summary text of a compacted history: its `[Compacted context summary]` system message. */
const SUMMARY_PREFIX = "[Compacted context summary]";

/** A segment with `compacted_from` is a compacted segment: one compaction, "after" = its seeded history. */
export function yoiCompactions(session: YoiSession): YoiCompactionRef[] {
  const first = session.entries[0];
  const origin = session.segmentStart ? originOf(session.segmentStart.compacted_from) : undefined;
  if (!first || !origin) return [];
  const seeded = buildYoiContext(session, first.id).messages.map(yoiItemToMsg);
  const summary = seeded.find((m) => m.role === "system" && m.text.startsWith(SUMMARY_PREFIX))?.text ?? "";
  // "before" lives in the source segment (another file): no leaf of this session.
  return [
    {
      id: first.id,
      beforeLeafId: null,
      afterLeafId: first.id,
      line: first.line,
      summary,
      sourceSegmentId: origin.segment_id,
      atTurnIndex: origin.at_turn_index,
    },
  ];
}

/**
 * fork_at's cut (docs/yoi.md §7): entries up to and including the turn_end whose turn_count == at_turn_index;
 * 0 = right after the leading segment_start(s) (and a v3 input_segments_checkpoint, docs/yoi.md §9.3); not found =
 * the whole log. Returns the last kept entry id.
 */
export function forkAtLeaf(source: YoiSession, atTurnIndex: number): string | null {
  const es = source.entries;
  let cut: number;
  if (atTurnIndex === 0) {
    cut = es.findIndex((e) => baseKind(e.kind) !== "segment_start" && e.kind !== "input_segments_checkpoint");
    if (cut < 0) cut = es.length;
  } else {
    const i = es.findIndex((e) => e.kind === "turn_end" && e.raw.turn_count === atTurnIndex);
    cut = i < 0 ? es.length : i + 1;
  }
  return cut > 0 ? es[cut - 1].id : null;
}

export interface YoiContextView {
  leafId: string | null;
  context: NativeContext<YoiHistoryItem>;
  messages: Msg[];
}

/** The two contexts a compaction diff compares: the source at at_turn_index and the compacted seed. */
export function yoiCompactionDiffInput(compacted: YoiSession, source: YoiSession): { before: YoiContextView; after: YoiContextView } | undefined {
  const ref = yoiCompactions(compacted)[0];
  if (!ref) return undefined;
  const beforeLeaf = forkAtLeaf(source, ref.atTurnIndex);
  // The source is replayed with its own reader profile; the seeded side with the compacted segment's.
  const before = buildYoiContext(source, beforeLeaf);
  const after = buildYoiContext(compacted, ref.afterLeafId);
  return {
    before: { leafId: beforeLeaf, context: before, messages: before.messages.map(yoiItemToMsg) },
    after: { leafId: ref.afterLeafId, context: after, messages: after.messages.map(yoiItemToMsg) },
  };
}

/** docs/yoi.md §8.3 against the session folder: the origin segment exists and at_turn_index ≤ its final turn_count. */
export function yoiOriginFindings(segment: YoiSession, source: YoiSession | undefined): Diagnostic[] {
  const start = segment.segmentStart;
  const origin = start ? (originOf(start.compacted_from) ?? originOf(start.forked_from)) : undefined;
  const first = segment.entries[0];
  if (!origin || !first) return [];
  const where = { file: segment.file, line: first.line, eventId: first.id };
  if (!source) return [diag("YOI_ORIGIN_MISSING", where, { segmentId: origin.segment_id })];
  const final = foldEntries(source.entries, source.profile).turn_count;
  return origin.at_turn_index > final ? [diag("YOI_ORIGIN_TURN", where, { at: origin.at_turn_index, final })] : [];
}
