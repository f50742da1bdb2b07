// Constant-time tree questions for the incremental builder: depth, "is a an ancestor-or-self of b"
// (DFS entry/exit times over the session's parent map), and the context_control events indexed so that
// the ones applying at a node (docs/scorel.md §7.6) can be found from the parent's set.
import type { ScorelEvent, ScorelSession } from "../model.js";

export class TreeIndex {
  readonly depth = new Map<string, number>();
  private tin = new Map<string, number>();
  private tout = new Map<string, number>();

  /** Nodes on a parent cycle stay unnumbered: callers build those directly. */
  constructor(private readonly session: ScorelSession) {
    const { parent } = session.tree;
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
      this.depth.set(r, 0);
      while (stack.length > 0) {
        const top = stack[stack.length - 1];
        const ks = kids.get(top[0]) ?? [];
        if (top[1] < ks.length) {
          const k = ks[top[1]++];
          if (this.tin.has(k)) continue;
          this.tin.set(k, clock++);
          this.depth.set(k, stack.length);
          stack.push([k, 0]);
        } else {
          this.tout.set(top[0], clock++);
          stack.pop();
        }
      }
    }
  }

  has(id: string): boolean {
    return this.tin.has(id);
  }

  isAncestorOrSelf(a: string, b: string): boolean {
    const ia = this.tin.get(a);
    const ib = this.tin.get(b);
    return ia !== undefined && ib !== undefined && ia <= ib && this.tout.get(b)! <= this.tout.get(a)!;
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
  added(id: string, seq: number, parentSeq: number, tree: TreeIndex): LiveControl[] {
    const out: LiveControl[] = [];
    // first control with seq > parentSeq
    let lo = 0;
    let hi = this.bySeq.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.bySeq[mid].seq > parentSeq) hi = mid;
      else lo = mid + 1;
    }
    for (let k = lo; k < this.bySeq.length && this.bySeq[k].seq <= seq; k++) {
      if (tree.isAncestorOrSelf(this.bySeq[k].through, id)) out.push(this.bySeq[k]);
    }
    for (const c of this.byThrough.get(id) ?? []) if (c.seq <= parentSeq) out.push(c);
    return out;
  }
}
