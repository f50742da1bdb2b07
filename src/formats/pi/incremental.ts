// Incremental contexts (docs/product.md §3, §8 "O(events) in delta mode"): one state per tree node, extended from its
// parent's in O(1) amortised, equal to toMsgs(buildPiContext(node)) by construction.
//
// A state is a finalised prefix (a persistent list of Msgs that no later entry can change) plus a short tail
// of emitted items still open to the v17 passes: an assistant leaves the tail once its tool calls are paired
// (or, failed, once its fate is decided) and the message after it is certain. Later pairings of a call that
// was stripped while finalised, and compactions, rebuild the state from the emitted part of its path (from
// the kept entry, the compaction or the reset on: O(window), never a walk to the root). omp18 (docs/pi.md §8)
// rebuilds its compaction windows from the whole path (a recovered request and the summary's rewrite marker
// look outside the window), and keeps the path's context notes as the first cell of the finalised prefix: a new
// revision (or a reset) rebuilds the window under it. (A summary's rewrite marker, which may come from the entry
// after the compaction, is no part of a Msg.)
import { isObject } from "../../shared/json.js";
import { push, tail, type List } from "../../shared/plist.js";
import type { Msg } from "../types.js";
import { emitItems, entryMessage } from "./context.js";
import { eulerTimes, type Euler } from "./euler.js";
import { cachedMsg, msgCacheOf, type MsgCache } from "./lower.js";
import type { AgentMessage } from "./messages.js";
import { remoteCompactionPayload } from "./messages.js";
import { isOmp, type PiEntry, type PiProfile, type PiSession } from "./model.js";
import { anthropicPayload, isUserRequestEntry, isValidNotesEntry, notesMessage, openAiPayload18 } from "./omp18.js";
import { blocksOf, isFailed, isInterruptedThinking as isIT, isToolCall, postprocessOmp17, stripDangling, type Item } from "./postprocess.js";

/** Tail length after which an assistant with unanswered calls is finalised as stripped (and watched). */
const CAP = 64;

/** Which path depths are emitted: 0 all; 1 after a reset at depth a; 2 after a compaction at depth a, plus kept depths [b, a). */
interface Win {
  kind: 0 | 1 | 2;
  a: number;
  b: number;
  /** omp18: the depth a rebuild emits from (the kept range, a recovered request, the replay-through entry). */
  s?: number;
}
interface Chain {
  ids: ReadonlySet<unknown>;
  next: Chain | null;
}
interface St {
  node: PiEntry;
  depth: number;
  path: List<PiEntry>;
  win: Win;
  done: List<Msg>;
  tail: Item[];
  /** Call ids of finalised failed turns that were dropped: their later tool results are dropped too. */
  dropped: Chain | null;
  /** Call ids stripped from finalised assistants: a later result for one of them forces a rebuild. */
  watch: Chain | null;
  /** omp18: the latest valid context notes entry after the last reset on the path (its message heads `done`). */
  notes: PiEntry | null;
}

const inChain = (c: Chain | null, id: unknown): boolean => {
  for (; c; c = c.next) if (c.ids.has(id)) return true;
  return false;
};
const callIds = (m: AgentMessage): unknown[] => {
  const ids: unknown[] = [];
  for (const b of blocksOf(m)) if (isToolCall(b)) ids.push(b.id);
  return ids;
};
/**
 * The empty tail every state starts with and returns to (never written to: a tail is replaced, not changed):
 * an omp message is usually finalised as soon as it is appended, and one empty array per entry was garbage.
 */
const NO_ITEMS: Item[] = [];

/** True when the incremental builder applies (a well-formed tree; otherwise callers build each context). */
export const incrementalApplies = (s: PiSession): boolean =>
  !s.diagnostics.some((d) => d.code === "PI_DUPLICATE_ID" || d.code === "PI_DANGLING_PARENT" || d.code === "PI_PARENT_CYCLE");

export class IncrementalContexts {
  /**
   * The states kept: those asked for, and those of nodes a later question may start from (keeps, below). Every
   * other node's state is a step on the way, dropped once its child's is made (they were most of what a
   * session's contexts kept alive).
   */
  private readonly states = new Map<string, St>();
  #keeps: Set<string> | undefined;
  // The Euler times and the maps below are made on first use: a pi session without compactions never asks
  // an ancestor question, and only omp pairs results and only pi-1.5 edits (≈ 60 ms on a 40,000-entry file).
  #euler: Euler | undefined;
  #results: Map<unknown, PiEntry[]> | undefined;
  /** pi-1.5: context_edit entries per target id (an edit may precede its target on a path). */
  #editsOf: Map<unknown, PiEntry[]> | undefined;

  /**
   * False when some context is beyond this builder: an omp18 rollover compaction whose firstKeptEntryId names one
   * of its descendants (upstream finds that entry on the paths below it and recovers a request there, which the
   * compaction's own window cannot know). Callers then build each context in full.
   */
  readonly exact: boolean;
  /** The session's Msgs (lower.ts msgCacheOf), shared with piToMsgs. */
  private readonly msgs: MsgCache;

  constructor(
    private readonly s: PiSession,
    private readonly profile: PiProfile,
  ) {
    this.exact = !(profile === "omp18" && s.entries.some((e) => this.keepsDescendant(e)));
    this.msgs = msgCacheOf(s);
  }

  private get euler(): Euler {
    this.#euler ??= eulerTimes(this.s);
    return this.#euler;
  }

  private get results(): Map<unknown, PiEntry[]> {
    if (this.#results === undefined) {
      this.#results = new Map();
      for (const e of this.s.entries) {
        const m = e.raw.message as Record<string, unknown> | undefined;
        if (e.type === "message" && m && typeof m === "object" && m.role === "toolResult") {
          const list = this.#results.get(m.toolCallId);
          if (list) list.push(e);
          else this.#results.set(m.toolCallId, [e]);
        }
      }
    }
    return this.#results;
  }

  private get editsOf(): Map<unknown, PiEntry[]> {
    if (this.#editsOf === undefined) {
      this.#editsOf = new Map();
      for (const e of this.s.entries) {
        if (e.type !== "context_edit") continue;
        const list = this.#editsOf.get(e.raw.targetId);
        if (list) list.push(e);
        else this.#editsOf.set(e.raw.targetId, [e]);
      }
    }
    return this.#editsOf;
  }

  private keepsDescendant(e: PiEntry): boolean {
    const r = e.raw;
    if (e.type !== "compaction" || !isObject(r.details) || r.details.kind !== "experimental-context-rollover") return false;
    const fk = r.firstKeptEntryId;
    const { slot } = this.euler;
    return typeof fk === "string" && fk !== e.id && slot.has(fk) && slot.has(e.id) && this.isAncestorOrSelf(e.id, fk);
  }

  private isAncestorOrSelf(a: string, b: string): boolean {
    const { slot, tin, tout } = this.euler;
    const x = slot.get(a);
    const y = slot.get(b);
    return x !== undefined && y !== undefined && tin[x] <= tin[y] && tout[y] <= tout[x];
  }

  /** The depth of a node of the tree (the Euler walk's). */
  private depthOf(id: string): number {
    const { slot, depth } = this.euler;
    return depth[slot.get(id)!];
  }

  private emitted(r: PiEntry, st: St): boolean {
    if (!this.isAncestorOrSelf(r.id, st.node.id)) return false;
    const d = this.depthOf(r.id);
    const w = st.win;
    return w.kind === 0 || (w.kind === 1 ? d > w.a : d > w.a || (w.b >= 0 && w.b <= d && d < w.a));
  }

  /** Some toolResult in the node's emitted list answers the call (the whole list, as upstream pairs). */
  private paired(st: St, id: unknown): boolean {
    for (const r of this.results.get(id) ?? []) if (this.emitted(r, st)) return true;
    return false;
  }

  state(id: string): St {
    const chain: PiEntry[] = [];
    let cur: PiEntry | undefined = this.s.byId.get(id);
    while (cur && !this.states.has(cur.id)) {
      chain.push(cur);
      cur = cur.parentId ? this.s.byId.get(cur.parentId) : undefined;
    }
    let st = cur ? this.states.get(cur.id) : undefined;
    const keeps = this.keeps;
    for (let i = chain.length - 1; i >= 0; i--) {
      st = this.extend(st, chain[i]);
      if (i === 0 || keeps.has(chain[i].id)) this.states.set(chain[i].id, st);
    }
    return st!;
  }

  /**
   * Nodes whose state is kept when a walk passes them: where the tree branches (a later walk down another branch
   * starts there), every turn's leaf and both sides of every compaction (asked for in any order). So no node is
   * extended twice by the turns and the compactions, and their contexts share the same list cells as when every
   * state was kept.
   */
  private get keeps(): Set<string> {
    if (this.#keeps === undefined) {
      const keeps = new Set<string>();
      for (const [id, kids] of this.s.tree.children) if (kids.length > 1) keeps.add(id);
      for (const e of this.s.entries) {
        if (e.type === "compaction") {
          keeps.add(e.id);
          if (e.parentId) keeps.add(e.parentId);
        } else if (e.type === "message" && e.parentId && isObject(e.raw.message) && e.raw.message.role === "assistant") keeps.add(e.parentId);
      }
      this.#keeps = keeps;
    }
    return this.#keeps;
  }

  /** The context at a node as a persistent list: the finalised prefix plus the tail after the v17 passes. */
  list(st: St): List<Msg> {
    if (!isOmp(this.profile) || st.tail.length === 0) return st.done;
    const items = postprocessOmp17(st.tail, (id) => this.paired(st, id)).filter(
      (it) => !(it.msg.role === "toolResult" && inChain(st.dropped, it.msg.toolCallId)),
    );
    let l = st.done;
    items.forEach((it, i) => {
      l = push(l, cachedMsg(it.msg, it.src, this.profile, it.msg.role === "assistant" && isIT(items[i + 1]?.msg), this.msgs));
    });
    return l;
  }

  private extend(parent: St | undefined, e: PiEntry): St {
    const notes = this.profile !== "omp18" || e.type === "reset_boundary" ? null : isValidNotesEntry(e) ? e : (parent?.notes ?? null);
    const depth = parent ? parent.depth + 1 : 0;
    const path = push(parent?.path ?? null, e);
    if (e.type === "compaction") return this.rebuild(e, path, depth, this.compactionWindow(e, depth, path), notes);
    if (isOmp(this.profile) && e.type === "reset_boundary")
      return { node: e, depth, path, win: { kind: 1, a: depth, b: -1 }, done: null, tail: NO_ITEMS, dropped: null, watch: null, notes: null };
    const base: St = parent ?? { node: e, depth, path, win: { kind: 0, a: -1, b: -1 }, done: null, tail: NO_ITEMS, dropped: null, watch: null, notes: null };
    // Field by field: object spread costs more per node, and every node of the tree gets a state.
    const st: St = { node: e, depth, path, win: base.win, done: base.done, tail: base.tail, dropped: base.dropped, watch: base.watch, notes };
    // omp18: a new notes revision heads the context: rebuild the window under it.
    if (notes !== (parent?.notes ?? null)) return this.rebuild(e, path, depth, st.win, notes);
    // pi-1.5: an edit can change any emitted message, and an edit earlier on the path can target this entry:
    // both rebuild the window (the projection applies the latest edit per target).
    if (this.profile === "pi-1.5" && (e.type === "context_edit" || (this.editsOf.get(e.id) ?? []).some((x) => this.emitted(x, st))))
      return this.rebuild(e, path, depth, st.win, notes);
    const m = entryMessage(e, this.profile);
    if (m === undefined) return st;
    // A message entry keeps its parent's window (only compactions and resets open a new one).
    if (isOmp(this.profile) && m.role === "toolResult" && inChain(st.watch, m.toolCallId)) return this.rebuild(e, path, depth, st.win, notes);
    this.append(st, { msg: m, src: [e.id] });
    return st;
  }

  /**
   * The window a compaction at `depth` opens (it is the last entry of its path, so no reset follows it):
   * its kept entry is the firstKeptEntryId when that is a proper ancestor, found in O(1) by the Euler times
   * instead of a search of the whole path (emitItems keeps nothing when it is off the path or remote).
   */
  private compactionWindow(e: PiEntry, depth: number, path: List<PiEntry>): Win {
    if (this.profile === "omp18") return this.window18(e, depth, path);
    const fk = e.raw.firstKeptEntryId;
    const { slot } = this.euler;
    const onPath = typeof fk === "string" && fk !== e.id && slot.has(fk) && slot.has(e.id) && this.isAncestorOrSelf(fk, e.id);
    // pi-1.5 keeps the range whatever the payload (it has no remote compaction).
    const remote = this.profile !== "pi-1.5" && remoteCompactionPayload(e) !== undefined;
    return { kind: 2, a: depth, b: !remote && onPath ? this.depthOf(fk) : -1 };
  }

  /**
   * The omp18 window (docs/pi.md §8.4, docs/pi.md §8.6) without a walk of the whole path: the kept range from the
   * depths of its entries (O(1) each), the recovered request from a walk back that stops at the first request or
   * reset. A rebuild emits from one entry before the earliest of them, so that emitItems on that suffix finds the
   * replay-through entry and the same request as on the whole path.
   */
  private window18(e: PiEntry, depth: number, path: List<PiEntry>): Win {
    const r = e.raw;
    // Depth of an id on this path (the compaction itself included), or -1.
    const { slot } = this.euler;
    const at = (id: unknown): number => (typeof id === "string" && slot.has(id) && this.isAncestorOrSelf(id, e.id) ? this.depthOf(id) : -1);
    const prt = typeof r.providerReplayThroughEntryId === "string" && r.providerReplayThroughEntryId !== "" ? at(r.providerReplayThroughEntryId) : -1;
    const fk = at(r.firstKeptEntryId);
    let from = depth;
    if (!openAiPayload18(e)) {
      const snapshot = anthropicPayload(e) && r.firstKeptEntryId === "" ? prt : -1;
      const start = fk >= 0 && fk < depth ? fk : snapshot >= 0 ? snapshot + 1 : -1;
      if (start >= 0 && start < depth) from = start;
    } else if (prt >= 0 && prt < depth) from = prt + 1;
    let first = from;
    if (isObject(r.details) && r.details.kind === "experimental-context-rollover") {
      let c = path?.prev ?? null;
      for (let d = depth - 1; c && c.value.type !== "reset_boundary"; d--, c = c.prev) {
        if (!isUserRequestEntry(c.value)) continue;
        if (d < fk) first = Math.min(first, d);
        break;
      }
    }
    return { kind: 2, a: depth, b: from < depth ? from : -1, s: Math.max(0, first - 1) };
  }

  /**
   * Rebuilds a state from the part of its path that the window emits: from the reset, the kept entry or the
   * compaction on (O(window), not O(depth)). emitItems picks the same branch on that suffix as on the whole
   * path: the suffix holds the last compaction / reset and starts at the kept entry when there is one.
   */
  private rebuild(e: PiEntry, path: List<PiEntry>, depth: number, win: Win, notes: PiEntry | null): St {
    const from = win.kind === 0 ? 0 : win.kind === 2 && win.b >= 0 ? win.b : win.a;
    const head = notes ? notesMessage(notes) : undefined;
    const done = notes && head ? push(null, cachedMsg(head, [notes.id], this.profile, false, this.msgs)) : null;
    const st: St = { node: e, depth, path, win, done, tail: NO_ITEMS, dropped: null, watch: null, notes };
    const entries = tail(path, win.s ?? from);
    for (const it of emitItems(entries, this.profile)) this.append(st, it);
    return st;
  }

  private append(st: St, it: Item): void {
    if (!isOmp(this.profile)) {
      st.done = push(st.done, cachedMsg(it.msg, it.src, this.profile, false, this.msgs));
      return;
    }
    st.tail = st.tail.length === 0 ? [it] : [...st.tail, it];
    while (st.tail.length > 0 && this.finalizeFirst(st)) st.tail = st.tail.length === 1 ? NO_ITEMS : st.tail.slice(1);
  }

  /**
   * Index of the item that follows tail[k] once the later passes ran: dropped failed turns, the results
   * they drop and emptied assistants are skipped; `final` also skips results dropped by finalised turns
   * (removed after tail[k]'s own decision upstream). -1 while that is not decided yet.
   */
  private follower(st: St, k: number, final: boolean): number {
    const t = st.tail;
    const droppedIds = new Set<unknown>();
    const pressure = t.length > CAP;
    for (let j = k + 1; j < t.length; j++) {
      const m = t[j].msg;
      if (m.role === "toolResult") {
        if (droppedIds.has(m.toolCallId) || (final && inChain(st.dropped, m.toolCallId))) continue;
        return j;
      }
      if (m.role !== "assistant") return j;
      if (isFailed(m)) {
        const dropped = this.fate(st, j);
        if (dropped === undefined) return -1;
        if (!dropped) return j;
        for (const id of callIds(m)) droppedIds.add(id);
        continue;
      }
      if (stripDangling(m, (id) => this.paired(st, id)) !== null) return j;
      // Emptied by the strip: it comes back if a call is answered later. Under tail pressure it is taken as
      // gone and its calls are watched (a later answer rebuilds the state).
      if (!pressure) return -1;
      st.watch = { ids: new Set(callIds(m).filter((id) => !this.paired(st, id))), next: st.watch };
    }
    return -1;
  }

  /** Whether the failed turn tail[k] is dropped (its follower is not the interrupted-thinking message). */
  private fate(st: St, k: number): boolean | undefined {
    const f = this.follower(st, k, false);
    return f < 0 ? undefined : !isIT(st.tail[f].msg);
  }

  /** Moves tail[0] into the finalised prefix when no later entry can change it; false to wait. */
  private finalizeFirst(st: St): boolean {
    const { msg: y, src } = st.tail[0];
    if (y.role !== "assistant") {
      if (!(y.role === "toolResult" && inChain(st.dropped, y.toolCallId))) st.done = push(st.done, cachedMsg(y, src, this.profile, false, this.msgs));
      return true;
    }
    if (isFailed(y)) {
      const dropped = this.fate(st, 0);
      if (dropped === undefined) return false;
      if (dropped) {
        st.dropped = { ids: new Set(callIds(y)), next: st.dropped };
        return true;
      }
    }
    // Asked again at every entry while its answers come in: calls are mostly answered in order, so the last
    // one is looked at first, and the first unanswered call ends the wait.
    const ids = callIds(y);
    let answered = true;
    for (let j = ids.length - 1; j >= 0 && answered; j--) answered = this.paired(st, ids[j]);
    if (!answered && st.tail.length <= CAP) return false;
    const unpaired = answered ? [] : ids.filter((id) => !this.paired(st, id));
    const k = this.follower(st, 0, true);
    if (k < 0) return false;
    // With every call answered nothing is stripped (stripDangling would return the message itself).
    const stripped = answered ? y : stripDangling(y, (id) => this.paired(st, id));
    if (unpaired.length > 0) st.watch = { ids: new Set(unpaired), next: st.watch };
    if (stripped) st.done = push(st.done, cachedMsg(stripped, src, this.profile, isIT(st.tail[k].msg), this.msgs));
    return true;
  }
}
