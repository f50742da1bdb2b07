// Compaction diffs (docs/product.md §3): for each compaction, the context before (at its parent) and after (at the
// compaction itself), matched message by message, with token figures beside the log's own and the
// CompactCapsule check.
import { createTwoFilesPatch } from "diff";
import type { CompactionRef, FormatModule, Msg, NativeContext, SessionBase } from "../formats/types.js";
import { messageTag, reminderMarks, renderContextText } from "./render-text.js";
import { charsPer4, contextTokens, estimatorName, unrecordedIn, type TokenCounter, type Unrecorded } from "./tokens.js";
import type { FullTurn } from "./turns.js";

export interface CapsuleCheckResult {
  valid: boolean;
  missing: string[];
  warnings: string[];
  lost: Array<{ kind: string; value: string }>;
}

export interface CompactionDiff {
  id: string;
  before: FullTurn;
  after: FullTurn;
  dropped: Msg[];
  kept: Msg[];
  /** Where each kept message was and is (parallel to `kept`): a kept message may move, it never changes. */
  keptPositions: Array<{ before: number; after: number }>;
  added: Msg[];
  /** loggedAlsoCounts: with a logged figure, what it also counts that the file does not record. */
  tokens: { before: number; after: number; loggedBefore?: number; loggedAfter?: number; loggedAlsoCounts?: Unrecorded[] };
  capsule?: CapsuleCheckResult;
  /** Unified diff of the rendered contexts (not part of the JSON contract's required fields). */
  patch: string;
}

export interface CompactionDiffOptions {
  /** Only this compaction (--compaction ID). */
  compactionId?: string;
  tokens?: TokenCounter;
  profile?: string;
  /** Checks a capsule against the text of the context after compaction (docs/capsule.md; injected to keep layers apart). */
  capsuleCheck?: (capsule: unknown, afterText: string) => CapsuleCheckResult;
  /** Overrides the "before" context (yoi: the source segment's context is read by the app layer). */
  beforeOf?: (c: CompactionRef) => { context: NativeContext; leafId: string | null; label: string } | undefined;
  /** Lines kept per message in the unified patch (terminal previews); undefined = whole messages. */
  patchLines?: number;
  /** Compute the unified patch (default true; reports that show their own views skip it: it is the costly part). */
  withPatch?: boolean;
}

const byIdentity = (m: Msg) => `${m.role}\u0000${m.sourceIds.join(",")}\u0000${m.text}`;
const byContent = (m: Msg) => `${m.role}\u0000${m.text}`;

/**
 * Pairs the messages of before and after: by (role, sourceIds, text) first, then the rest by (role, text)
 * alone — a yoi compacted segment re-seeds kept messages under new ids. Multiplicity is respected; the
 * result maps a kept message's position in before to its position in after.
 */
export function matchPositions(before: readonly Msg[], after: readonly Msg[]): Map<number, number> {
  const keptBefore = new Map<number, number>();
  const keptAfter = new Set<number>();
  for (const key of [byIdentity, byContent]) {
    const pool = new Map<string, number[]>();
    before.forEach((m, i) => {
      if (keptBefore.has(i)) return;
      const k = key(m);
      const list = pool.get(k);
      if (list) list.push(i);
      else pool.set(k, [i]);
    });
    after.forEach((m, j) => {
      if (keptAfter.has(j)) return;
      const i = pool.get(key(m))?.shift();
      if (i === undefined) return;
      keptBefore.set(i, j);
      keptAfter.add(j);
    });
  }
  return keptBefore;
}

/** Splits before/after into dropped, kept and added (order within each list follows its side). */
export function matchMessages(before: readonly Msg[], after: readonly Msg[], kept = matchPositions(before, after)): { dropped: Msg[]; kept: Msg[]; added: Msg[] } {
  const keptAfter = new Set(kept.values());
  return {
    dropped: before.filter((_, i) => !kept.has(i)),
    kept: after.filter((_, j) => keptAfter.has(j)),
    added: after.filter((_, j) => !keptAfter.has(j)),
  };
}

/**
 * Message headers for the unified patch. A kept message gets the same header on both sides, naming both
 * positions (and both ids when they differ), so a message that only moved is context, never -/+ lines.
 */
function patchHeaders(before: readonly Msg[], after: readonly Msg[], kept: ReadonlyMap<number, number>): { before: (m: Msg, i: number) => string; after: (m: Msg, j: number) => string } {
  const plain = (m: Msg, i: number) => `#${i} ${messageTag(m)} ${m.sourceIds.join(",")}${reminderMarks(m)}`;
  const keptHeader = (i: number, j: number) => {
    const x = before[i];
    const y = after[j];
    const ids = x.sourceIds.join(",") === y.sourceIds.join(",") ? y.sourceIds.join(",") : `${x.sourceIds.join(",")} → ${y.sourceIds.join(",")}`;
    return `#${i} → #${j} kept ${messageTag(y)} ${ids}${reminderMarks(y)}`;
  };
  const byAfter = new Map<number, number>([...kept].map(([i, j]) => [j, i]));
  return {
    before: (m, i) => (kept.has(i) ? keptHeader(i, kept.get(i)!) : plain(m, i)),
    after: (m, j) => (byAfter.has(j) ? keptHeader(byAfter.get(j)!, j) : plain(m, j)),
  };
}

export function compactionDiffs(module: FormatModule, session: SessionBase, opts: CompactionDiffOptions = {}): CompactionDiff[] {
  const counter = opts.tokens ?? charsPer4;
  const count = (sp: string | null, ms: readonly Msg[]) => contextTokens(sp, ms, counter);
  const out: CompactionDiff[] = [];
  module.compactions(session).forEach((c, i) => {
    if (opts.compactionId !== undefined && c.id !== opts.compactionId) return;
    const other = opts.beforeOf?.(c);
    const ctxBefore = other?.context ?? module.buildContext(session, c.beforeLeafId, { profile: opts.profile });
    const beforeLeaf = other ? other.leafId : c.beforeLeafId;
    const ctxAfter = module.buildContext(session, c.afterLeafId, { profile: opts.profile });
    const before = module.toMsgs(session, ctxBefore, { profile: opts.profile });
    const after = module.toMsgs(session, ctxAfter, { profile: opts.profile });
    const turn = (leafId: string | null, sp: string | null, ms: Msg[]): FullTurn => ({
      index: i,
      leafId,
      responseId: c.id,
      systemPrompt: sp,
      messages: ms,
      tokens: { estimated: count(sp, ms), estimator: estimatorName(counter) },
    });
    const tokens: CompactionDiff["tokens"] = { before: count(ctxBefore.systemPrompt, before), after: count(ctxAfter.systemPrompt, after) };
    if (c.tokensBefore !== undefined) tokens.loggedBefore = c.tokensBefore;
    if (c.tokensAfter !== undefined) tokens.loggedAfter = c.tokensAfter;
    if (c.tokensBefore !== undefined || c.tokensAfter !== undefined) tokens.loggedAlsoCounts = unrecordedIn(ctxBefore.systemPrompt);
    const kept = matchPositions(before, after);
    const headers = patchHeaders(before, after, kept);
    const patch = () =>
      createTwoFilesPatch(
        `before ${other?.label ?? beforeLeaf ?? "(empty)"}`,
        `after ${c.afterLeafId}`,
        renderContextText(ctxBefore.systemPrompt, before, { maxLines: opts.patchLines, header: headers.before, blocks: true }),
        renderContextText(ctxAfter.systemPrompt, after, { maxLines: opts.patchLines, header: headers.after, blocks: true }),
        "",
        "",
        { context: 2 },
      );
    const d: CompactionDiff = {
      id: c.id,
      before: turn(beforeLeaf, ctxBefore.systemPrompt, before),
      after: turn(c.afterLeafId, ctxAfter.systemPrompt, after),
      ...matchMessages(before, after, kept),
      keptPositions: [...kept].map(([i, j]) => ({ before: i, after: j })).sort((p, q) => p.after - q.after),
      tokens,
      patch: opts.withPatch === false ? "" : patch(),
    };
    if (c.capsule !== undefined && opts.capsuleCheck) d.capsule = opts.capsuleCheck(c.capsule, after.map((m) => m.text).join("\n"));
    out.push(d);
  });
  return out;
}
