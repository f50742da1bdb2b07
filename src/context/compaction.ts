// Compaction diffs (design §3): for each compaction, the context before (at its parent) and after (at the
// compaction itself), matched message by message, with token figures beside the log's own and the
// CompactCapsule check.
import { createTwoFilesPatch } from "diff";
import type { CompactionRef, FormatModule, Msg, NativeContext, SessionBase } from "../formats/types.js";
import { renderContextText } from "./render-text.js";
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
  /** Checks a capsule against the text of the context after compaction (capsule.md; injected to keep layers apart). */
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
 * Splits before/after into dropped, kept and added. Messages are matched by (role, sourceIds, text) first,
 * then the rest by (role, text) alone — a yoi compacted segment re-seeds kept messages under new ids.
 * Multiplicity is respected; order within each list follows its side.
 */
export function matchMessages(before: readonly Msg[], after: readonly Msg[]): { dropped: Msg[]; kept: Msg[]; added: Msg[] } {
  const keptBefore = new Set<number>();
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
      keptBefore.add(i);
      keptAfter.add(j);
    });
  }
  return {
    dropped: before.filter((_, i) => !keptBefore.has(i)),
    kept: after.filter((_, j) => keptAfter.has(j)),
    added: after.filter((_, j) => !keptAfter.has(j)),
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
    const patch = () =>
      createTwoFilesPatch(
        `before ${other?.label ?? beforeLeaf ?? "(empty)"}`,
        `after ${c.afterLeafId}`,
        renderContextText(ctxBefore.systemPrompt, before, { maxLines: opts.patchLines, blocks: true }),
        renderContextText(ctxAfter.systemPrompt, after, { maxLines: opts.patchLines, blocks: true }),
        "",
        "",
        { context: 2 },
      );
    const d: CompactionDiff = {
      id: c.id,
      before: turn(beforeLeaf, ctxBefore.systemPrompt, before),
      after: turn(c.afterLeafId, ctxAfter.systemPrompt, after),
      ...matchMessages(before, after),
      tokens,
      patch: opts.withPatch === false ? "" : patch(),
    };
    if (c.capsule !== undefined && opts.capsuleCheck) d.capsule = opts.capsuleCheck(c.capsule, after.map((m) => m.text).join("\n"));
    out.push(d);
  });
  return out;
}
