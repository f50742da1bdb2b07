// Turn contexts computed incrementally (design §3, §8 "O(events) in delta mode"): one persistent list
// per tree node, derived from the parent's list by one walk step (append = push, harness merge =
// replaceLast, compact = one rebuild of its retained window). A context_control becomes active at a
// node when its seq gate opens or its span reaches the node's path; if that changes the hidden set of
// the parent's path, that node's path is rebuilt once. Contract (tested): for every turn,
// toArray(messages) deep-equals toMsgs(buildContext(session, leafId)).
import { fromArray, push, type List, type PList } from "../../../shared/plist.js";
import type { Msg, TurnContext } from "../../types.js";
import type { ScorelEvent, ScorelProfile, ScorelSession } from "../model.js";
import { buildScorelContext, resolveProfile, walkPath } from "./build.js";
import { g0Step } from "./g0.js";
import { scorelMsg } from "./lower.js";
import { controlEvents, hiddenSet, pathTo } from "./path.js";
import { rulesFor, type Rules } from "./rules.js";
import { loggedTokens, turnInfos } from "./turns.js";
import { BuildFailure, type ScorelContextError, type ScorelContextOptions } from "./types.js";
import { applyEvent, type Entry } from "./walk.js";

interface NodeState {
  depth: number;
  /** Which context_control events apply at this node (indexes into the control list). */
  key: string;
  hidden: ReadonlySet<string>;
  nat: List<Entry>;
  error?: ScorelContextError;
}

const ROOT: NodeState = { depth: -1, key: "", hidden: new Set(), nat: null };

/** Msg lists that mirror entry lists cell for cell, so shared entry cells give shared Msg cells. */
class MsgCells {
  private cells = new WeakMap<PList<Entry>, PList<Msg>>();
  private views = new WeakMap<Entry, Msg>();
  constructor(private readonly session: ScorelSession, private readonly profile: ScorelProfile) {}

  of(nat: List<Entry>): List<Msg> {
    const stack: PList<Entry>[] = [];
    let c = nat;
    while (c && !this.cells.has(c)) {
      stack.push(c);
      c = c.prev;
    }
    let out: List<Msg> = c ? this.cells.get(c)! : null;
    for (let i = stack.length - 1; i >= 0; i--) {
      out = push(out, this.view(stack[i].value));
      this.cells.set(stack[i], out);
    }
    return out;
  }

  private view(e: Entry): Msg {
    let v = this.views.get(e);
    if (!v) this.views.set(e, (v = scorelMsg(this.session, this.profile, e.msg, e.ids)));
    return v;
  }
}

/** Node states of a tree profile, computed on demand top-down from the nearest computed ancestor. */
class TreeEngine {
  private states = new Map<string, NodeState>();
  private tin = new Map<string, number>();
  private tout = new Map<string, number>();
  private controls: ScorelEvent[];
  /** Controls whose through lies on or below their anchor (others never apply). */
  private live: { i: number; x: ScorelEvent; through: string }[] = [];
  private rules: Rules;

  constructor(private readonly session: ScorelSession, private readonly profile: ScorelProfile) {
    this.rules = rulesFor(profile);
    this.euler();
    this.controls = this.rules.hiding ? controlEvents(session) : [];
    this.controls.forEach((x, i) => {
      const a = x.raw.anchorUserEventId as string;
      const t = x.raw.throughEventId as string;
      if (this.isAncestorOrSelf(a, t)) this.live.push({ i, x, through: t });
    });
  }

  /** Entry/exit times of an iterative DFS; nodes on a parent cycle stay unnumbered (direct fallback). */
  private euler(): void {
    const { parent } = this.session.tree;
    const kids = new Map<string, string[]>();
    const roots: string[] = [];
    for (const [id, p] of parent) {
      if (p != null && parent.has(p)) {
        const k = kids.get(p);
        if (k) k.push(id);
        else kids.set(p, [id]);
      } else roots.push(id);
    }
    let clock = 0;
    for (const r of roots) {
      const stack: [string, number][] = [[r, 0]];
      this.tin.set(r, clock++);
      while (stack.length > 0) {
        const top = stack[stack.length - 1];
        const ks = kids.get(top[0]) ?? [];
        if (top[1] < ks.length) {
          const k = ks[top[1]++];
          if (this.tin.has(k)) continue;
          this.tin.set(k, clock++);
          stack.push([k, 0]);
        } else {
          this.tout.set(top[0], clock++);
          stack.pop();
        }
      }
    }
  }

  private isAncestorOrSelf(a: string, b: string): boolean {
    const ia = this.tin.get(a);
    const ib = this.tin.get(b);
    return ia !== undefined && ib !== undefined && ia <= ib && this.tout.get(b)! <= this.tout.get(a)!;
  }

  private keyOf(id: string, ev: ScorelEvent | undefined): string {
    if (!ev || this.live.length === 0) return "";
    const on: number[] = [];
    for (const c of this.live) {
      if ((c.x.seq as number) <= (ev.seq as number) && this.isAncestorOrSelf(c.through, id)) on.push(c.i);
    }
    return on.join(",");
  }

  /** The ids at path indexes [from, depth) of the node whose parent is `parentId`. */
  private ancestors(parentId: string | null, from: number, depth: number): (ScorelEvent | undefined)[] {
    const out: (ScorelEvent | undefined)[] = new Array(Math.max(0, depth - from));
    let id = parentId;
    for (let k = depth - 1; k >= from && id != null; k--) {
      out[k - from] = this.session.byId.get(id);
      id = this.session.tree.parent.get(id) ?? null;
    }
    return out;
  }

  private compute(id: string, sp: NodeState, parentId: string | null): NodeState {
    const ev = this.session.byId.get(id);
    const depth = sp.depth + 1;
    const key = this.keyOf(id, ev);
    let hidden = sp.hidden;
    if (key !== sp.key) {
      const path = pathTo(this.session, id)!;
      hidden = hiddenSet(this.controls, path, ev, this.rules);
      if (!sameBesides(hidden, sp.hidden, id)) {
        try {
          return { depth, key, hidden, nat: walkPath(this.session, path, hidden, this.profile) };
        } catch (e) {
          if (e instanceof BuildFailure) return { depth, key, hidden, nat: null, error: e.detail };
          throw e;
        }
      }
    }
    if (sp.error) return { depth, key, hidden, nat: null, error: sp.error };
    if (!ev) return { depth, key, hidden, nat: sp.nat };
    try {
      const env = { rules: this.rules, hidden, index: depth, before: (from: number) => this.ancestors(parentId, from, depth) };
      return { depth, key, hidden, nat: applyEvent(sp.nat, ev, env) };
    } catch (e) {
      if (e instanceof BuildFailure) return { depth, key, hidden, nat: null, error: e.detail };
      throw e;
    }
  }

  /** The state at a tree node; undefined when the node lies on a parent cycle (caller builds directly). */
  stateOf(id: string): NodeState | undefined {
    const { parent } = this.session.tree;
    const chain: string[] = [];
    let cur: string | null = id;
    while (cur !== null && !this.states.has(cur)) {
      if (!this.tin.has(cur)) return undefined;
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

/** a \ {extra} equals b */
function sameBesides(a: ReadonlySet<string>, b: ReadonlySet<string>, extra: string): boolean {
  if (a.size - (a.has(extra) ? 1 : 0) !== b.size) return false;
  for (const x of b) if (!a.has(x)) return false;
  return true;
}

/** Every turn's context, lazily, in file order. */
export function* scorelTurnContexts(session: ScorelSession, opts: ScorelContextOptions = {}): Iterable<TurnContext> {
  const profile = resolveProfile(session, opts.profile);
  const turns = turnInfos(session, profile);
  const cells = new MsgCells(session, profile);
  const finish = (t: (typeof turns)[number], messages: List<Msg>): TurnContext => {
    const out: TurnContext = { ref: t.ref, systemPrompt: t.systemPrompt, messages };
    const logged = loggedTokens(t.event);
    if (logged !== undefined) out.loggedTokens = logged;
    return out;
  };
  if (profile === "g0") {
    yield* g0Contexts(session, turns, cells, finish);
    return;
  }
  const engine = new TreeEngine(session, profile);
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

/** G0: one linear fold in file order; a turn's context is the state after the entry before it. */
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
