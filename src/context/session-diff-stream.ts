// The streaming driver of `diff <a> <b>`: both sides arrive turn by turn (a session's turn views, or the
// turns of a `replay --json` file read one at a time), are paired by the plan that pairTurns makes from
// the two id lists, compared, and dropped. Only a b turn read ahead of its partner is held (never when
// both sides list their turns in the same order, as two replays of one session do).
import { InputError } from "../shared/errors.js";
import { fromArray, pop, size, toArray, type List } from "../shared/plist.js";
import type { Msg } from "../formats/types.js";
import { pairAcrossFork, pairTurns, TurnComparer, type SessionDiffEnd, type SessionDiffOptions, type TurnId, type TurnPair } from "./session-diff.js";
import type { FullTurn, Turn } from "./turns.js";
import type { Diagnostic } from "../shared/diagnostics.js";

export interface TurnSource {
  name: string;
  /** The session file read (its path as reported) and its findings; a replay document has none. */
  file?: string;
  diagnostics?: readonly Diagnostic[];
  /** A session that is a fork: its parent's file (as read) and how many of the parent's turns came before. */
  forkPoint?: { file: string; turns: number; revert?: true };
  /** Index and responseId of every turn, in stream order (pairing needs both lists before any turn). */
  ids: readonly TurnId[];
  /** Sessions only: whether the context of turn j passes through entry `id` (pairs a fork with its original). */
  reaches?: (j: number, id: string) => boolean;
  /** The same turns in the same order, full or as deltas (a delta's base comes earlier in the stream). */
  turns: AsyncIterable<Turn> | Iterable<Turn>;
}

/**
 * Full message lists from a stream of full or delta turns. Delta bases are kept as persistent lists, so
 * the turns of a delta document share their common prefixes as they do in the document itself; when the
 * id list says which turns are bases, a base is dropped after its last use (a linear session then holds
 * one turn).
 */
export class FullTurns {
  private readonly lists = new Map<number, List<Msg>>();
  private delta = false;
  /** Turns still to come that use index i as their base (only when every id names its base). */
  private readonly uses: Map<number, number> | null;

  constructor(
    private readonly name: string,
    ids: readonly TurnId[] = [],
  ) {
    const known = ids.length > 0 && ids.every((t) => t.base !== undefined);
    this.uses = known ? new Map() : null;
    if (this.uses) for (const t of ids) if (t.base !== null && t.base !== undefined) this.uses.set(t.base, (this.uses.get(t.base) ?? 0) + 1);
  }

  full(t: Turn): FullTurn {
    if (Array.isArray(t.messages)) {
      if (this.delta && this.needed(t.index)) this.lists.set(t.index, fromArray(t.messages));
      return t as FullTurn;
    }
    this.delta = true;
    const d = t.messages;
    let list: List<Msg> = null;
    if (d.base !== null) {
      if (!this.lists.has(d.base)) throw new InputError(`${this.name}: turn ${t.index}: its base turn ${d.base} does not come before it`);
      list = this.lists.get(d.base)!;
      this.used(d.base);
    }
    if (!Number.isInteger(d.keep) || d.keep < 0 || d.keep > size(list) || !Array.isArray(d.added))
      throw new InputError(`${this.name}: turn ${t.index}: keep ${d.keep} is not a prefix of base turn ${d.base}`);
    while (size(list) > d.keep) list = pop(list);
    list = fromArray(d.added, list);
    if (this.needed(t.index)) this.lists.set(t.index, list);
    return { ...t, messages: toArray(list) };
  }

  private needed(index: number): boolean {
    return this.uses === null || (this.uses.get(index) ?? 0) > 0;
  }

  private used(base: number): void {
    if (this.uses === null) return;
    const n = (this.uses.get(base) ?? 0) - 1;
    if (n > 0) this.uses.set(base, n);
    else {
      this.uses.delete(base);
      this.lists.delete(base);
    }
  }
}

/** Pulls the turns of one side by position; turns nobody asks for are skipped, not kept. */
class SideReader {
  private readonly it: Iterator<Turn> | AsyncIterator<Turn>;
  private readonly full: FullTurns;
  private next = 0;
  private readonly ahead = new Map<number, FullTurn>();

  constructor(
    private readonly src: TurnSource,
    private readonly wanted: ReadonlySet<number>,
  ) {
    const t = src.turns as Partial<AsyncIterable<Turn> & Iterable<Turn>>;
    this.it = t[Symbol.asyncIterator] ? t[Symbol.asyncIterator]!() : t[Symbol.iterator]!();
    this.full = new FullTurns(src.name, src.ids);
  }

  async at(pos: number): Promise<FullTurn> {
    const held = this.ahead.get(pos);
    if (held) {
      this.ahead.delete(pos);
      return held;
    }
    for (;;) {
      const r = await this.it.next();
      const want = this.src.ids[this.next];
      if (r.done || !want || r.value.index !== want.index || r.value.responseId !== want.responseId)
        throw new InputError(`${this.src.name}: the turns changed while they were read (turn ${want?.index ?? "(end)"} expected)`);
      const t = this.full.full(r.value);
      const p = this.next++;
      if (p === pos) return t;
      if (this.wanted.has(p)) this.ahead.set(p, t);
    }
  }

  async close(): Promise<void> {
    await this.it.return?.();
  }
}

/** A diff in progress: the two names and the pairs as they are compared (the generator returns the summary). */
export interface SessionDiffRun {
  a: string;
  b: string;
  /** Each input, the file it read and that file's findings (warnings are shown beside the diff). */
  sides: Array<{ input: string; file: string; diagnostics: readonly Diagnostic[] }>;
  /** One side is a fork of the other: which is the parent, and how many of its turns came before the fork. */
  forkPoint?: SessionDiffOptions["forkPoint"];
  pairs: AsyncGenerator<TurnPair, SessionDiffEnd>;
}

/** Yields one TurnPair per paired turn in order; returns the summary. */
export async function* streamSessionDiff(a: TurnSource, b: TurnSource, opts: SessionDiffOptions = {}): AsyncGenerator<TurnPair, SessionDiffEnd> {
  const reaches = b.reaches;
  const continues = reaches
    ? (i: number, j: number) => {
        const leaf = a.ids[i]?.leafId;
        return typeof leaf === "string" && reaches(j, leaf);
      }
    : undefined;
  // A known fork point (Codex forks, revert segments) wins; else pairing may follow the tree (Claude Code forks).
  const plan: Array<[number | null, number | null, "shared"?]> = opts.forkPoint
    ? pairAcrossFork(a.ids, b.ids, opts.forkPoint)
    : pairTurns(a.ids, b.ids, continues);
  const cmp = new TurnComparer(a.name, b.name, opts);
  const ra = new SideReader(a, new Set());
  const rb = new SideReader(b, new Set(plan.flatMap(([i, j]) => (i !== null && j !== null ? [j] : []))));
  try {
    for (const [i, j, shared] of plan) {
      if (shared) yield i !== null ? cmp.shared("a", a.ids[i]) : cmp.shared("b", b.ids[j!]);
      else if (j === null) yield cmp.oneSided("a", a.ids[i!]);
      else if (i === null) yield cmp.oneSided("b", b.ids[j]);
      else {
        const x = await ra.at(i);
        yield cmp.compare(x, await rb.at(j));
      }
    }
  } finally {
    await Promise.all([ra.close(), rb.close()]);
  }
  return cmp.end();
}
