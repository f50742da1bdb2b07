// Compaction diffs (docs/product.md §3): for each compaction, the context before (at its parent) and after (at the
// compaction itself), matched message by message, with token figures beside the log's own and the
// CompactCapsule check.
import { createTwoFilesPatch } from "diff";
import { capsuleCheck, type CapsuleCheck } from "../capsule/check.js";
import { compact } from "./blocks.js";
import { moduleOf } from "../formats/registry.js";
import type { LoweredContext, Msg, NativeContext, NotRecordedPart, SessionBase } from "../formats/types.js";
import { messageTag, reminderMarks, renderContextText } from "./render-text.js";
import { charsPer4, contextTokens, estimatorName, unrecordedIn, type TokenCounter, type Unrecorded } from "./tokens.js";
import type { FullTurn } from "./turns.js";

export interface CompactionDiff {
  id: string;
  /** Who started the compaction, where the log says so (CompactionRef.trigger). */
  trigger?: "manual" | "automatic";
  before: FullTurn;
  after: FullTurn;
  dropped: Msg[];
  kept: Msg[];
  /** Where each kept message was and is (parallel to `kept`): a kept message may move, it never changes. */
  keptPositions: Array<{ before: number; after: number }>;
  added: Msg[];
  /** loggedAlsoCounts: with a logged figure, what it also counts that the file does not record. */
  tokens: { before: number; after: number; loggedBefore?: number; loggedAfter?: number; loggedAlsoCounts?: Unrecorded[] };
  /** The check of a CompactCapsule the compaction carries (docs/capsule.md): what "after" lost. */
  capsule?: CapsuleCheck;
  /** The compaction request itself, reconstructed where the format can (Claude Code: docs/claude-code.md §6). */
  request?: Record<string, unknown>;
  notRecorded?: NotRecordedPart[];
  /** Unified diff of the rendered contexts (not part of the JSON contract's required fields). */
  patch: string;
}

export interface CompactionDiffOptions {
  /** Only this compaction (--compaction ID). */
  compactionId?: string;
  tokens?: TokenCounter;
  profile?: string;
  /** Lines kept per message in the unified patch (terminal previews); undefined = whole messages. */
  patchLines?: number;
  /** Compute the unified patch (default true; reports that show their own views skip it: it is the costly part). */
  withPatch?: boolean;
  /** Token counts by message made with the same counter, read and added to (TurnViewOptions.counted). */
  counted?: Map<Msg, number>;
  /** As TurnViewOptions.keepArgsText: tool-call arguments serialised for the count are kept for later views. */
  keepArgsText?: boolean;
}

const byIdentity = (m: Msg) => `${m.role}\u0000${m.sourceIds.join(",")}\u0000${m.text}`;
const byContent = (m: Msg) => `${m.role}\u0000${m.text}`;

/** No NUL in any role or source id (a loop: this runs over every message of both sides of each compaction). */
function plainKeys(ms: readonly Msg[]): boolean {
  for (const m of ms) {
    if (m.role.includes("\u0000")) return false;
    for (const id of m.sourceIds) if (id.includes("\u0000")) return false;
  }
  return true;
}

/**
 * Pairs the messages of before and after: by (role, sourceIds, text) first, then the rest by (role, text)
 * alone — a yoi compacted segment re-seeds kept messages under new ids. Multiplicity is respected; the
 * result maps a kept message's position in before to its position in after.
 */
export function matchPositions(before: readonly Msg[], after: readonly Msg[], heads = new Map<Msg, string>()): Map<number, number> {
  // A NUL inside a role or source id could make two different key tuples one string: the string keys then decide.
  return plainKeys(before) && plainKeys(after) ? matchByTextMaps(before, after, heads) : matchByStringKeys(before, after);
}

/**
 * matchPositions with the text as a key of its own: a message's text is a long string whose hash V8
 * keeps, while a joined key string is new for every message and hashed over all its characters.
 * The smaller side (after a compaction: its summary and the kept window) is pooled by text, then by head,
 * and the other side is walked in order: most of its messages miss on the text alone, so they need no
 * head and no map of their own. Within a key the k-th unpaired message of one side pairs with the k-th of
 * the other, which are the pairs of pooling `before` and taking `after` in order; each round's pairs are
 * entered in `after` order, as that way enters them.
 */
function matchByTextMaps(before: readonly Msg[], after: readonly Msg[], heads: Map<Msg, string>): Map<number, number> {
  const keptBefore = new Map<number, number>();
  const keptAfter = new Set<number>();
  // A message's (role, sourceIds) key is made once: the same messages stand on both sides of a compaction
  // and of the next ones (`heads` is shared by a session's compactions).
  const idHead = (m: Msg): string => {
    let h = heads.get(m);
    if (h === undefined) {
      h = `${m.role}\u0000${m.sourceIds.join(",")}`;
      heads.set(m, h);
    }
    return h;
  };
  const poolAfter = after.length <= before.length;
  const pooled = poolAfter ? after : before;
  const walked = poolAfter ? before : after;
  const pooledDone = (k: number) => (poolAfter ? keptAfter.has(k) : keptBefore.has(k));
  const walkedDone = (k: number) => (poolAfter ? keptBefore.has(k) : keptAfter.has(k));
  for (const head of [idHead, (m: Msg) => m.role]) {
    const pool = new Map<string, Map<string, number[]>>();
    // A text's length is looked up before the text: hashing a text not hashed before reads all of it.
    const lengths = new Set<number>();
    for (let k = 0; k < pooled.length; k++) {
      if (pooledDone(k)) continue;
      const m = pooled[k];
      lengths.add(m.text.length);
      let byHead = pool.get(m.text);
      if (!byHead) {
        byHead = new Map();
        pool.set(m.text, byHead);
      }
      const h = head(m);
      const list = byHead.get(h);
      if (list) list.push(k);
      else byHead.set(h, [k]);
    }
    if (pool.size === 0) break;
    const found: Array<[number, number]> = [];
    for (let k = 0; k < walked.length; k++) {
      const m = walked[k];
      if (!lengths.has(m.text.length)) continue;
      const byHead = pool.get(m.text);
      if (byHead === undefined || walkedDone(k)) continue;
      const other = byHead.get(head(m))?.shift();
      if (other === undefined) continue;
      found.push(poolAfter ? [k, other] : [other, k]);
    }
    // Walking `before`, the pairs come in its order.
    if (poolAfter) found.sort((x, y) => x[1] - y[1]);
    for (const [i, j] of found) {
      keptBefore.set(i, j);
      keptAfter.add(j);
    }
  }
  return keptBefore;
}

/** The reference pairing: one string key per message (kept for keys a NUL could make ambiguous; tests). */
export function matchByStringKeys(before: readonly Msg[], after: readonly Msg[]): Map<number, number> {
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
export function matchMessages(
  before: readonly Msg[],
  after: readonly Msg[],
  kept = matchPositions(before, after),
): { dropped: Msg[]; kept: Msg[]; added: Msg[] } {
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
function patchHeaders(
  before: readonly Msg[],
  after: readonly Msg[],
  kept: ReadonlyMap<number, number>,
): { before: (m: Msg, i: number) => string; after: (m: Msg, j: number) => string } {
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

/**
 * The `diff --json` compactions of a session, as the CLI prints them. A yoi compacted segment's "before" is
 * its source segment: readSession reads it into the session (without it, "before" is empty).
 */
export function compactionDiffs(session: SessionBase, opts: CompactionDiffOptions = {}): CompactionDiff[] {
  const module = moduleOf(session);
  const counter = opts.tokens ?? charsPer4;
  const heads = new Map<Msg, string>();
  // Both sides of every compaction mostly hold the same Msg objects: each is counted once per call (or once
  // with the turns, when the caller shares their counts).
  const perMsg = opts.counted ?? new Map<Msg, number>();
  const args = opts.keepArgsText ? compact : undefined;
  const count = (sp: string | null, ms: readonly Msg[]) => contextTokens(sp, ms, counter, perMsg, args);
  const out: CompactionDiff[] = [];
  // Each side is otherwise a build from the root: O(compactions × depth) on a long session.
  const at = module.contextsAt?.(session, { profile: opts.profile });
  const lowered = (ctx: NativeContext): LoweredContext => ({
    systemPrompt: ctx.systemPrompt,
    messages: module.toMsgs(session, ctx, { profile: opts.profile }),
  });
  const side = (leafId: string | null): LoweredContext => at?.(leafId) ?? lowered(module.buildContext(session, leafId, { profile: opts.profile }));
  module.compactions(session).forEach((c, i) => {
    if (opts.compactionId !== undefined && c.id !== opts.compactionId) return;
    const other = module.compactionBefore?.(session, c);
    const ctxBefore = other ? lowered(other.context) : side(c.beforeLeafId);
    const beforeLeaf = other ? other.leafId : c.beforeLeafId;
    const ctxAfter = side(c.afterLeafId);
    const before = ctxBefore.messages;
    const after = ctxAfter.messages;
    const tokens: CompactionDiff["tokens"] = { before: count(ctxBefore.systemPrompt, before), after: count(ctxAfter.systemPrompt, after) };
    const turn = (leafId: string | null, sp: string | null, ms: Msg[], estimated: number): FullTurn => ({
      index: i,
      leafId,
      responseId: c.id,
      systemPrompt: sp,
      messages: ms,
      tokens: { estimated, estimator: estimatorName(counter) },
    });
    if (c.tokensBefore !== undefined) tokens.loggedBefore = c.tokensBefore;
    if (c.tokensAfter !== undefined) tokens.loggedAfter = c.tokensAfter;
    if (c.tokensBefore !== undefined || c.tokensAfter !== undefined) tokens.loggedAlsoCounts = unrecordedIn(ctxBefore.systemPrompt);
    const kept = matchPositions(before, after, heads);
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
      before: turn(beforeLeaf, ctxBefore.systemPrompt, before, tokens.before),
      after: turn(c.afterLeafId, ctxAfter.systemPrompt, after, tokens.after),
      ...matchMessages(before, after, kept),
      keptPositions: [...kept].map(([i, j]) => ({ before: i, after: j })).sort((p, q) => p.after - q.after),
      tokens,
      patch: opts.withPatch === false ? "" : patch(),
    };
    if (c.capsule !== undefined) d.capsule = capsuleCheck(c.capsule, after.map((m) => m.text).join("\n"));
    if (c.trigger !== undefined) d.trigger = c.trigger;
    if (c.request !== undefined) d.request = c.request;
    if (c.notRecorded !== undefined) d.notRecorded = c.notRecorded;
    out.push(d);
  });
  return out;
}
