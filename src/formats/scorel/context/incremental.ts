// Turn contexts computed incrementally (docs/product.md §3, §8 "O(events) in delta mode"): one persistent list
// per tree node, derived from the parent's list by one walk step (append = push, harness merge =
// replaceLast, compact = one rebuild of its retained window). A context_control becomes active at a
// node when its seq gate opens or its span reaches the node's path; if that changes what is hidden on
// the parent's path, the path is refolded from just above the highest changed id (usually one user
// turn), else from the root. Contract (tested): for every turn, toArray(messages) deep-equals
// toMsgs(buildContext(session, leafId)).
import { fromArray, push, toArray, type List, type PList } from "../../../shared/plist.js";
import type { LoweredContext, Msg, TurnContext } from "../../types.js";
import type { ScorelEvent, ScorelProfile, ScorelSession } from "../model.js";
import { buildScorelContext, resolveProfile, walkPath } from "./build.js";
import { g0Step } from "./g0.js";
import { scorelMsg } from "./lower.js";
import { controlEvents, pathTo } from "./path.js";
import { ControlIndex, TreeIndex, type LiveControl } from "./tree-index.js";
import { rulesFor, type Rules } from "./rules.js";
import { requestIndex, systemPromptBefore } from "./system-prompt.js";
import { loggedTokens, turnInfos } from "./turns.js";
import { BuildFailure, type ScorelContextError, type ScorelContextOptions } from "./types.js";
import { applyEvent, type Entry, type StepEnv } from "./walk.js";

interface NodeState {
  depth: number;
  /** seq of the node's event (-Infinity for the virtual root above the tree). */
  seq: number | undefined;
  /** The context_control events applying at this node, in file order. */
  applicable: readonly LiveControl[];
  hidden: ReadonlySet<string>;
  nat: List<Entry>;
  error?: ScorelContextError;
}

const ROOT: NodeState = { depth: -1, seq: -Infinity, applicable: [], hidden: new Set(), nat: null };

/**
 * Msg lists that mirror entry lists cell for cell, so shared entry cells give shared Msg cells. Each entry is
 * made for one cell (a step pushes a new entry, a merge or a compaction makes new ones), so a cell's Msg is made
 * once with it. A plain map, not a weak one: it lives as long as the engine, whose node states hold every entry
 * cell anyway, and a weak map's entries cost the collector far more (each one is traced as an ephemeron).
 */
class MsgCells {
  private cells = new Map<PList<Entry>, PList<Msg>>();
  constructor(
    private readonly session: ScorelSession,
    private readonly profile: ScorelProfile,
  ) {}

  of(nat: List<Entry>): List<Msg> {
    const stack: PList<Entry>[] = [];
    let out: List<Msg> = null;
    for (let c = nat; c; c = c.prev) {
      const known = this.cells.get(c);
      if (known) {
        out = known;
        break;
      }
      stack.push(c);
    }
    for (let i = stack.length - 1; i >= 0; i--) {
      const e = stack[i].value;
      out = push(out, scorelMsg(this.session, this.profile, e.msg, e.ids));
      this.cells.set(stack[i], out);
    }
    return out;
  }
}

/** The events at path indexes [from, depth) of the node whose parent is `parentId` (undefined: an id without an event). */
function pathEvents(session: ScorelSession, parentId: string | null, from: number, depth: number): (ScorelEvent | undefined)[] {
  const out: (ScorelEvent | undefined)[] = new Array(Math.max(0, depth - from));
  let id = parentId;
  for (let k = depth - 1; k >= from && id != null; k--) {
    out[k - from] = session.byId.get(id);
    id = session.tree.parent.get(id) ?? null;
  }
  return out;
}

/**
 * The step environment of a tree node. One per engine, set for each step (this runs for every event): a step
 * reads it while it runs and keeps nothing of it.
 */
class NodeEnv implements StepEnv {
  hidden: ReadonlySet<string> = new Set();
  index = 0;
  private parentId: string | null = null;
  constructor(
    readonly rules: Rules,
    private readonly session: ScorelSession,
  ) {}

  at(hidden: ReadonlySet<string>, index: number, parentId: string | null): this {
    this.hidden = hidden;
    this.index = index;
    this.parentId = parentId;
    return this;
  }

  before(from: number): (ScorelEvent | undefined)[] {
    return pathEvents(this.session, this.parentId, from, this.index);
  }
}

/** Node states of a tree profile, computed on demand top-down from the nearest computed ancestor. */
class TreeEngine {
  private states = new Map<string, NodeState>();
  private tree: TreeIndex;
  private controls: ControlIndex;
  private rules: Rules;
  private env: NodeEnv;

  constructor(
    private readonly session: ScorelSession,
    private readonly profile: ScorelProfile,
  ) {
    // Its entries are read only through their Msg views (MsgCells): share what a copy would repeat.
    this.rules = { ...rulesFor(profile), share: true };
    this.env = new NodeEnv(this.rules, session);
    this.tree = new TreeIndex(session);
    this.controls = new ControlIndex(this.rules.hiding ? controlEvents(session) : [], this.tree);
  }

  private guarded(depth: number, seq: number | undefined, applicable: readonly LiveControl[], hidden: ReadonlySet<string>, f: () => List<Entry>): NodeState {
    try {
      return { depth, seq, applicable, hidden, nat: f() };
    } catch (e) {
      if (e instanceof BuildFailure) return { depth, seq, applicable, hidden, nat: null, error: e.detail };
      throw e;
    }
  }

  /**
   * Which controls apply at `id` and the ids they hide (docs/scorel.md §7.6), derived from the parent's when seq
   * grows; null when they are the parent's.
   */
  private hiding(id: string, ev: ScorelEvent | undefined, sp: NodeState): [readonly LiveControl[], ReadonlySet<string>] | null {
    const seq = ev?.seq;
    if (typeof seq === "number" && typeof sp.seq === "number" && seq >= sp.seq) {
      const added = this.controls.added(id, seq, sp.seq, this.tree);
      if (added.length === 0) return null;
      const hidden = new Set(sp.hidden);
      for (const c of added) for (const h of this.tree.upTo(c.through, c.anchor)) hidden.add(h);
      return [[...sp.applicable, ...added].sort((a, b) => a.i - b.i), hidden];
    }
    // seq went down or is missing (a file the loader rejects): recompute from scratch
    const applicable = typeof seq === "number" ? this.controls.all(id, seq, this.tree) : [];
    const hidden = new Set<string>();
    for (const c of applicable) for (const h of this.tree.upTo(c.through, c.anchor)) hidden.add(h);
    return [applicable, hidden];
  }

  private compute(id: string, sp: NodeState, parentId: string | null): NodeState {
    const ev = this.session.byId.get(id);
    const depth = sp.depth + 1;
    const changed = this.controls.live.length === 0 ? null : this.hiding(id, ev, sp);
    const applicable = changed ? changed[0] : sp.applicable;
    const hidden = changed ? changed[1] : sp.hidden;
    if (hidden !== sp.hidden) {
      // Ids above this node whose hidden status changed: the parent's context no longer holds.
      let top = Infinity;
      for (const h of hidden) if (h !== id && !sp.hidden.has(h)) top = Math.min(top, this.tree.depth(h)!);
      for (const h of sp.hidden) if (!hidden.has(h)) top = Math.min(top, this.tree.depth(h)!);
      if (top !== Infinity) return this.refold(id, ev?.seq, depth, applicable, hidden, top);
    }
    if (sp.error) return { depth, seq: ev?.seq, applicable, hidden, nat: null, error: sp.error };
    if (!ev) return { depth, seq: undefined, applicable, hidden, nat: sp.nat };
    let nat: List<Entry>;
    try {
      nat = applyEvent(sp.nat, ev, this.env.at(hidden, depth, parentId));
    } catch (e) {
      if (e instanceof BuildFailure) return { depth, seq: ev.seq, applicable, hidden, nat: null, error: e.detail };
      throw e;
    }
    return { depth, seq: ev.seq, applicable, hidden, nat };
  }

  /**
   * A context_control activated at `id` and changed what is hidden from path index `top` on: refold the
   * path from the ancestor just above `top` (its state holds for the new hidden set when the hidden ids
   * above it agree), else from the root.
   */
  private refold(id: string, seq: number | undefined, depth: number, applicable: readonly LiveControl[], hidden: ReadonlySet<string>, top: number): NodeState {
    const { parent } = this.session.tree;
    const seg: string[] = [];
    let up: string | null | undefined = id;
    for (let d = depth; d >= top && up != null; d--, up = parent.get(up)) seg.push(up);
    const base = up == null ? ROOT : this.states.get(up);
    const above = [...hidden].filter((h) => this.tree.depth(h)! < top);
    const agrees = base !== undefined && base.hidden.size === above.length && above.every((h) => base.hidden.has(h));
    if (!agrees) return this.guarded(depth, seq, applicable, hidden, () => walkPath(this.session, pathTo(this.session, id)!, hidden, this.profile));
    if (base.error) return { depth, seq, applicable, hidden, nat: null, error: base.error };
    return this.guarded(depth, seq, applicable, hidden, () => {
      let nat = base.nat;
      for (let k = seg.length - 1, d = top; k >= 0; k--, d++) {
        const ev = this.session.byId.get(seg[k]);
        const parentId = k + 1 < seg.length ? seg[k + 1] : (up ?? null);
        if (ev) nat = applyEvent(nat, ev, this.env.at(hidden, d, parentId));
      }
      return nat;
    });
  }

  /** The state at a tree node; undefined when the node lies on a parent cycle (caller builds directly). */
  stateOf(id: string): NodeState | undefined {
    const { parent } = this.session.tree;
    const chain: string[] = [];
    let cur: string | null = id;
    while (cur !== null && !this.states.has(cur)) {
      if (!this.tree.has(cur)) return undefined;
      chain.push(cur);
      const p: string | null | undefined = parent.get(cur);
      cur = p != null && parent.has(p) ? p : null;
    }
    let state = cur === null ? ROOT : this.states.get(cur)!;
    for (let i = chain.length - 1; i >= 0; i--) {
      state = this.compute(chain[i], state, i + 1 < chain.length ? chain[i + 1] : cur);
      this.states.set(chain[i], state);
    }
    return state;
  }
}

// One engine per session and profile, while the session lives: an audit asks for the turn contexts and
// then for the contexts around each compaction, which are mostly states the turns already computed.
const engines = new WeakMap<ScorelSession, Map<ScorelProfile, { engine: TreeEngine; cells: MsgCells }>>();
function engineFor(session: ScorelSession, profile: ScorelProfile): { engine: TreeEngine; cells: MsgCells } {
  let byProfile = engines.get(session);
  if (!byProfile) {
    byProfile = new Map();
    engines.set(session, byProfile);
  }
  let e = byProfile.get(profile);
  if (!e) {
    e = { engine: new TreeEngine(session, profile), cells: new MsgCells(session, profile) };
    byProfile.set(profile, e);
  }
  return e;
}

/** Every turn's context, lazily, in file order. */
export function* scorelTurnContexts(session: ScorelSession, opts: ScorelContextOptions = {}): Iterable<TurnContext> {
  const profile = resolveProfile(session, opts.profile);
  const turns = turnInfos(session, profile);
  const finish = (t: (typeof turns)[number], messages: List<Msg>): TurnContext => {
    const out: TurnContext = { ref: t.ref, systemPrompt: t.systemPrompt, messages };
    const logged = loggedTokens(t.event);
    if (logged !== undefined) out.loggedTokens = logged;
    return out;
  };
  if (profile === "g0") {
    yield* g0Contexts(session, turns, new MsgCells(session, profile), finish);
    return;
  }
  const { engine, cells } = engineFor(session, profile);
  const { parent } = session.tree;
  for (const t of turns) {
    const leaf = t.ref.leafId;
    if (leaf === null || !parent.has(leaf)) {
      yield finish(t, null);
      continue;
    }
    const st = engine.stateOf(leaf);
    if (st) yield finish(t, st.error ? null : cells.of(st.nat));
    else {
      const ctx = buildScorelContext(session, leaf, { profile });
      yield finish(t, fromArray(ctx.messages.map((m, i) => scorelMsg(session, profile, m, ctx.sourceIds[i]))));
    }
  }
}

/**
 * FormatModule.contextsAt: the tree engine's state at any node, with the prompt buildScorelContext gives
 * there (G0, unknown ids and parent cycles are left to the full build).
 */
export function scorelContextsAt(session: ScorelSession, opts: ScorelContextOptions = {}): (leafId: string | null) => LoweredContext | undefined {
  const profile = resolveProfile(session, opts.profile);
  if (profile === "g0") return () => undefined;
  let built: { engine: TreeEngine; cells: MsgCells } | undefined;
  return (leafId) => {
    if (leafId === null || !session.tree.parent.has(leafId)) return undefined;
    built ??= engineFor(session, profile);
    const { engine, cells } = built;
    const st = engine.stateOf(leafId);
    if (!st) return undefined;
    const systemPrompt = systemPromptBefore(session.events, requestIndex(session, leafId, undefined, profile === "design"));
    return { systemPrompt, messages: st.error ? [] : toArray(cells.of(st.nat)) };
  };
}

/** G0: one linear fold in file order; a turn's context is the state right after its parent entry. */
function* g0Contexts(
  session: ScorelSession,
  turns: ReturnType<typeof turnInfos>,
  cells: MsgCells,
  finish: (t: ReturnType<typeof turnInfos>[number], m: List<Msg>) => TurnContext,
): Iterable<TurnContext> {
  const after = new Map<string, List<Entry> | "error">();
  let state: List<Entry> | "error" = null;
  for (const ev of session.events) {
    if (state !== "error") {
      try {
        state = g0Step(state, ev);
      } catch (e) {
        if (!(e instanceof BuildFailure)) throw e;
        state = "error";
      }
    }
    if (!after.has(ev.id)) after.set(ev.id, state);
  }
  for (const t of turns) {
    const s = t.ref.leafId === null ? null : after.get(t.ref.leafId);
    yield finish(t, s === undefined || s === "error" ? null : cells.of(s));
  }
}
