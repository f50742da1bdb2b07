// Constant-time tree questions for the incremental builder: depth, "is a an ancestor-or-self of b"
// (DFS entry/exit times over the session's parent map), and the context_control events indexed so that
// the ones applying at a node (docs/scorel.md §7.6) can be found from the parent's set.
import type { ScorelEvent, ScorelSession } from "../model.js";

export class TreeIndex {
  // One map from id to a dense number and typed arrays by that number (not a map per question, nor a child
  // list per node): built once per session, for every event of the tree.
  private readonly num = new Map<string, number>();
  private readonly tin: Int32Array;
  private readonly tout: Int32Array;
  private readonly dep: Int32Array;

  /** Nodes on a parent cycle stay unnumbered: callers build those directly. */
  constructor(private readonly session: ScorelSession) {
    const { parent } = session.tree;
    const { num } = this;
    for (const id of parent.keys()) num.set(id, num.size);
    const n = num.size;
    // Children as sibling chains, in the parent map's order (built backwards so each chain reads forwards).
    const ids = new Array<string>(n);
    const up = new Int32Array(n).fill(-1);
    for (const [id, p] of parent) {
      const i = num.get(id)!;
      ids[i] = id;
      if (p != null) up[i] = num.get(p) ?? -1;
    }
    const firstKid = new Int32Array(n).fill(-1);
    const nextSib = new Int32Array(n).fill(-1);
    for (let i = n - 1; i >= 0; i--) {
      if (up[i] < 0) continue;
      nextSib[i] = firstKid[up[i]];
      firstKid[up[i]] = i;
    }
    this.tin = new Int32Array(n).fill(-1);
    this.tout = new Int32Array(n).fill(-1);
    this.dep = new Int32Array(n).fill(-1);
    const { tin, tout, dep } = this;
    // Depth-first from each root; `cursor` is the next child to enter of each node on the stack.
    const stack = new Int32Array(n);
    const cursor = new Int32Array(n);
    let clock = 0;
    for (let r = 0; r < n; r++) {
      if (up[r] >= 0) continue;
      let top = 0;
      stack[0] = r;
      cursor[r] = firstKid[r];
      tin[r] = clock++;
      dep[r] = 0;
      while (top >= 0) {
        const v = stack[top];
        const k = cursor[v];
        if (k >= 0) {
          cursor[v] = nextSib[k];
          if (tin[k] >= 0) continue;
          tin[k] = clock++;
          dep[k] = top + 1;
          cursor[k] = firstKid[k];
          stack[++top] = k;
        } else {
          tout[v] = clock++;
          top--;
        }
      }
    }
  }

  has(id: string): boolean {
    const i = this.num.get(id);
    return i !== undefined && this.tin[i] >= 0;
  }

  /** Depth of a numbered node (0 = a root); undefined otherwise. */
  depth(id: string): number | undefined {
    const i = this.num.get(id);
    return i !== undefined && this.dep[i] >= 0 ? this.dep[i] : undefined;
  }

  isAncestorOrSelf(a: string, b: string): boolean {
    const ia = this.num.get(a);
    const ib = this.num.get(b);
    if (ia === undefined || ib === undefined || this.tin[ia] < 0 || this.tin[ib] < 0) return false;
    return this.tin[ia] <= this.tin[ib] && this.tout[ib] <= this.tout[ia];
  }

  /** Ids from `from` up to and including its ancestor `to` (which must be one). */
  upTo(from: string, to: string): string[] {
    const out: string[] = [];
    for (let id: string | null | undefined = from; id != null; id = this.session.tree.parent.get(id)) {
      out.push(id);
      if (id === to) break;
    }
    return out;
  }
}

/** A context_control whose through lies on or below its anchor (any other one never applies). */
export interface LiveControl {
  /** Position among the session's context_control events (file order). */
  i: number;
  seq: number;
  anchor: string;
  through: string;
}

const NONE: readonly LiveControl[] = Object.freeze([]);
const add = (out: LiveControl[] | null, c: LiveControl): LiveControl[] => {
  if (!out) return [c];
  out.push(c);
  return out;
};

export class ControlIndex {
  readonly live: LiveControl[] = [];
  private bySeq: LiveControl[];
  private byThrough = new Map<string, LiveControl[]>();

  constructor(controls: readonly ScorelEvent[], tree: TreeIndex) {
    controls.forEach((x, i) => {
      const anchor = x.raw.anchorUserEventId as string;
      const through = x.raw.throughEventId as string;
      // A non-numeric seq never passes `seq <= seq(leaf)`.
      if (typeof x.seq !== "number" || !tree.isAncestorOrSelf(anchor, through)) return;
      const c = { i, seq: x.seq, anchor, through };
      this.live.push(c);
      const list = this.byThrough.get(through);
      if (list) list.push(c);
      else this.byThrough.set(through, [c]);
    });
    this.bySeq = [...this.live].sort((a, b) => a.seq - b.seq);
  }

  /** Every control applying at `id` whose seq gate is open at `seq` (a scan over all of them). */
  all(id: string, seq: unknown, tree: TreeIndex): LiveControl[] {
    return this.live.filter((c) => c.seq <= (seq as number) && tree.isAncestorOrSelf(c.through, id));
  }

  /**
   * Controls applying at `id` (seq `seq`) that did not apply at its parent (seq `parentSeq` ≤ `seq`): the
   * seq gate opened in between, or the span ends at `id` itself.
   */
  added(id: string, seq: number, parentSeq: number, tree: TreeIndex): readonly LiveControl[] {
    // Usually none: no list is made until one is found (this runs for every node of a session with controls).
    let out: LiveControl[] | null = null;
    // first control with seq > parentSeq
    let lo = 0;
    let hi = this.bySeq.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.bySeq[mid].seq > parentSeq) hi = mid;
      else lo = mid + 1;
    }
    for (let k = lo; k < this.bySeq.length && this.bySeq[k].seq <= seq; k++) {
      if (tree.isAncestorOrSelf(this.bySeq[k].through, id)) out = add(out, this.bySeq[k]);
    }
    const ending = this.byThrough.get(id);
    if (ending) for (const c of ending) if (c.seq <= parentSeq) out = add(out, c);
    return out ?? NONE;
  }
}
