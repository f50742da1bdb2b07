// `sightline diff <a> <b>`: what changed in what the model saw between two replays of "the same" session
// (two session files, or two `replay --json` documents). Turns are aligned by responseId, then by order.
// One early edit shows up in every later turn, so each differing turn is classified: it carries earlier
// differences over, or it has a new one. The first divergence is kept with its patch; per-turn patches
// only on request. A turn is compared and then forgotten, so memory follows one turn, not the session.
import { createHash } from "node:crypto";
import { createTwoFilesPatch } from "diff";
import type { Msg } from "../formats/types.js";
import { renderContextText } from "./render-text.js";
import { recompose, type FullTurn, type Turn } from "./turns.js";

export interface TurnId {
  index: number;
  responseId: string;
  /** A delta turn's base index, when known before the turns are read (lets a reader drop bases no turn needs). */
  base?: number | null;
  /** The entry the turn's request was built at (sessions only): lets a fork's turns meet the original's. */
  leafId?: string | null;
}

/** Why a changed turn differs: a difference no earlier turn had, or only ones seen before. */
export type Difference = "new" | "carried-over";

export interface TurnPair {
  responseId: string;
  a: number | null;
  b: number | null;
  /** shared: a turn of the parent before the fork point, which the fork's history starts from (listed once). */
  status: "same" | "changed" | "only-a" | "only-b" | "shared";
  systemPromptChanged: boolean;
  /** Position of the first message that differs (null: the messages are the same). */
  changedFrom: number | null;
  /** On changed turns. */
  difference?: Difference;
  /** Unified diff of the differing messages (per-turn patches are asked for with `patches`). */
  patch?: string;
}

export interface MsgRef {
  role: string;
  nativeRole: string;
  sourceIds: string[];
}

export interface FirstDivergence {
  responseId: string;
  a: number | null;
  b: number | null;
  status: TurnPair["status"];
  systemPromptChanged: boolean;
  /** Position of the first differing message (null: only the system prompt differs, or a turn on one side only). */
  message: number | null;
  messageA: MsgRef | null;
  messageB: MsgRef | null;
  /** Unified diff of the differing messages of this turn ("" for a turn on one side only). */
  patch: string;
}

export interface SessionDiffSummary {
  turns: number;
  /** Turns that are not the same: changed + onlyA + onlyB. */
  differ: number;
  carriedOver: number;
  newDifferences: number;
  onlyA: number;
  onlyB: number;
  /** With a fork point: the parent's turns before it (not counted in `differ`). */
  shared?: number;
}

export interface SessionDiffEnd {
  same: boolean;
  summary: SessionDiffSummary;
  firstDivergence: FirstDivergence | null;
  /** Changed turns with new differences, in order (the report lists the first few). */
  newDifferenceTurns: TurnPair[];
}

export interface SessionDiffDocument {
  schemaVersion: 1;
  kind: "turns";
  a: string;
  b: string;
  same: boolean;
  summary: SessionDiffSummary;
  firstDivergence: FirstDivergence | null;
  turns: TurnPair[];
}

export interface SessionDiffOptions {
  /** A patch on every changed turn (--full); the first divergence always has one. */
  patches?: boolean;
  /**
   * One side is a fork of the other (`parent`): the parent's first `turns` turns came before the fork point and
   * are listed once as shared; the parent's later turns are paired with the fork's in order.
   */
  forkPoint?: { parent: "a" | "b"; turns: number; revert?: true };
}

/** Pairs turn positions across a fork point: the parent's first turns shared, then both sides in order. */
export function pairAcrossFork(
  a: readonly TurnId[],
  b: readonly TurnId[],
  fork: { parent: "a" | "b"; turns: number },
): Array<[number | null, number | null, "shared"?]> {
  const [parent, child] = fork.parent === "a" ? [a, b] : [b, a];
  const shared = Math.min(Math.max(0, fork.turns), parent.length);
  const out: Array<[number | null, number | null, "shared"?]> = [];
  const pair = (p: number | null, c: number | null): [number | null, number | null] => (fork.parent === "a" ? [p, c] : [c, p]);
  for (let i = 0; i < shared; i++) out.push([...pair(i, null), "shared"]);
  for (let k = 0; shared + k < parent.length || k < child.length; k++)
    out.push(pair(shared + k < parent.length ? shared + k : null, k < child.length ? k : null));
  return out;
}

/** How many new-difference turns the end result keeps (a summary, not a second full listing). */
export const NEW_DIFFERENCE_LIST = 20;

/**
 * Pairs turn positions: by responseId first (each b turn used once), then the unmatched ones in order; the
 * rest are one-sided. Output order: a's order, then b-only turns in b's order. With `continues(i, j)` (b's turn j
 * was built on a context that holds a's turn i's leaf: b forked or rewound from a), an unmatched b turn first
 * takes the last unmatched a turn it continues, so a fork meets its original at the fork point.
 */
export function pairTurns(a: readonly TurnId[], b: readonly TurnId[], continues?: (i: number, j: number) => boolean): Array<[number | null, number | null]> {
  const bById = new Map<string, number>();
  b.forEach((t, j) => {
    if (!bById.has(t.responseId)) bById.set(t.responseId, j);
  });
  const partner: Array<number | null> = a.map(() => null);
  const usedB = new Set<number>();
  const unmatchedA: number[] = [];
  a.forEach((t, i) => {
    const j = bById.get(t.responseId);
    if (j !== undefined && !usedB.has(j)) {
      usedB.add(j);
      partner[i] = j;
    } else unmatchedA.push(i);
  });
  if (continues)
    for (let j = 0; j < b.length; j++) {
      if (usedB.has(j)) continue;
      for (let k = unmatchedA.length - 1; k >= 0; k--) {
        const i = unmatchedA[k] as number;
        if (partner[i] !== null || !continues(i, j)) continue;
        partner[i] = j;
        usedB.add(j);
        break;
      }
    }
  const restA = unmatchedA.filter((i) => partner[i] === null);
  unmatchedA.length = 0;
  unmatchedA.push(...restA);
  const unmatchedB = b.map((_, j) => j).filter((j) => !usedB.has(j));
  let k = 0;
  for (; k < unmatchedA.length && k < unmatchedB.length; k++) partner[unmatchedA[k]] = unmatchedB[k];
  const pairs: Array<[number | null, number | null]> = partner.map((j, i) => [i, j]);
  for (const j of unmatchedB.slice(k)) pairs.push([null, j]);
  return pairs;
}

const hash = (s: string) => createHash("sha1").update(s).digest("base64");
// Messages are shared between the turns of one side (persistent lists), so each is hashed once.
const keys = new WeakMap<Msg, string>();
const msgKey = (m: Msg): string => {
  let k = keys.get(m);
  if (k === undefined) {
    k = hash(JSON.stringify([m.role, m.text, m.blocks]));
    keys.set(m, k);
  }
  return k;
};
const ref = (m: Msg | undefined): MsgRef | null => (m ? { role: m.role, nativeRole: m.nativeRole, sourceIds: m.sourceIds } : null);

/** Compares paired turns one at a time and keeps only the summary and the differences seen so far. */
export class TurnComparer {
  private readonly seen = new Set<string>();
  private readonly summary: SessionDiffSummary = { turns: 0, differ: 0, carriedOver: 0, newDifferences: 0, onlyA: 0, onlyB: 0 };
  private first: FirstDivergence | null = null;
  private readonly newTurns: TurnPair[] = [];

  constructor(
    private readonly aName: string,
    private readonly bName: string,
    private readonly opts: SessionDiffOptions = {},
  ) {}

  /** A parent turn before the fork point: the fork starts from its history, so it is listed once, not compared. */
  shared(side: "a" | "b", t: TurnId): TurnPair {
    this.summary.turns++;
    this.summary.shared = (this.summary.shared ?? 0) + 1;
    return {
      responseId: t.responseId,
      a: side === "a" ? t.index : null,
      b: side === "b" ? t.index : null,
      status: "shared",
      systemPromptChanged: false,
      changedFrom: null,
    };
  }

  /** A turn present on one side only. */
  oneSided(side: "a" | "b", t: TurnId): TurnPair {
    const pair: TurnPair = {
      responseId: t.responseId,
      a: side === "a" ? t.index : null,
      b: side === "b" ? t.index : null,
      status: side === "a" ? "only-a" : "only-b",
      systemPromptChanged: false,
      changedFrom: null,
    };
    this.summary.turns++;
    this.summary.differ++;
    if (side === "a") this.summary.onlyA++;
    else this.summary.onlyB++;
    this.first ??= {
      responseId: t.responseId,
      a: pair.a,
      b: pair.b,
      status: pair.status,
      systemPromptChanged: false,
      message: null,
      messageA: null,
      messageB: null,
      patch: "",
    };
    return pair;
  }

  compare(x: FullTurn, y: FullTurn): TurnPair {
    this.summary.turns++;
    const xs = x.messages.map(msgKey);
    const ys = y.messages.map(msgKey);
    let k = 0;
    while (k < xs.length && k < ys.length && xs[k] === ys[k]) k++;
    let s = 0;
    while (s < xs.length - k && s < ys.length - k && xs[xs.length - 1 - s] === ys[ys.length - 1 - s]) s++;
    const msgsSame = k === xs.length && k === ys.length;
    const spChanged = x.systemPrompt !== y.systemPrompt;
    const pair: TurnPair = {
      responseId: x.responseId,
      a: x.index,
      b: y.index,
      status: msgsSame && !spChanged ? "same" : "changed",
      systemPromptChanged: spChanged,
      changedFrom: msgsSame ? null : k,
    };
    if (pair.status === "same") return pair;

    // The turn's differences: the system prompt pair, and the messages of the differing middle that the
    // other side lacks (a message that only moved within the middle is no difference of its own).
    const items: string[] = [];
    if (spChanged) items.push(`s${hash(x.systemPrompt ?? "\u0000")}${hash(y.systemPrompt ?? "\u0000")}`);
    const midA = xs.slice(k, xs.length - s);
    const midB = ys.slice(k, ys.length - s);
    const pool = new Map<string, number>();
    for (const h of midB) pool.set(h, (pool.get(h) ?? 0) + 1);
    for (const h of midA) {
      const n = pool.get(h) ?? 0;
      if (n > 0) pool.set(h, n - 1);
      else items.push(`-${h}`);
    }
    for (const [h, n] of pool) for (let i = 0; i < n; i++) items.push(`+${h}`);
    if (items.length === 0) items.push(`o${hash(midA.join() + "|" + midB.join())}`);
    const carried = items.every((i) => this.seen.has(i));
    for (const i of items) this.seen.add(i);
    pair.difference = carried ? "carried-over" : "new";
    this.summary.differ++;
    if (carried) this.summary.carriedOver++;
    else {
      this.summary.newDifferences++;
      if (this.newTurns.length < NEW_DIFFERENCE_LIST) this.newTurns.push(pair);
    }

    const patch = this.opts.patches || !this.first ? this.patch(x, y, k, s, spChanged) : undefined;
    if (this.opts.patches) pair.patch = patch;
    this.first ??= {
      responseId: pair.responseId,
      a: pair.a,
      b: pair.b,
      status: pair.status,
      systemPromptChanged: spChanged,
      message: pair.changedFrom,
      messageA: msgsSame ? null : ref(x.messages[k]),
      messageB: msgsSame ? null : ref(y.messages[k]),
      patch: patch!,
    };
    return pair;
  }

  end(): SessionDiffEnd {
    return { same: this.summary.differ === 0, summary: { ...this.summary }, firstDivergence: this.first, newDifferenceTurns: [...this.newTurns] };
  }

  /** The differing middle of the two contexts (system prompts only when they differ), positions kept. */
  private patch(x: FullTurn, y: FullTurn, k: number, s: number, spChanged: boolean): string {
    const side = (t: FullTurn) =>
      renderContextText(spChanged ? t.systemPrompt : null, t.messages.slice(k, t.messages.length - s), { firstIndex: k, blocks: true });
    return createTwoFilesPatch(`${this.aName} turn ${x.index}`, `${this.bName} turn ${y.index}`, side(x), side(y), "", "", { context: 2 });
  }
}

/** Whole turn lists (library use and small inputs); the CLI streams with streamSessionDiff. */
export function diffTurnLists(
  aName: string,
  aTurns: readonly Turn[],
  bName: string,
  bTurns: readonly Turn[],
  opts: SessionDiffOptions = {},
): SessionDiffDocument {
  const fa = recompose(aTurns);
  const fb = recompose(bTurns);
  const full = (t: Turn, m: Map<number, Msg[]>): FullTurn => ({ ...t, messages: m.get(t.index)! });
  const cmp = new TurnComparer(aName, bName, opts);
  const turns = pairTurns(aTurns, bTurns).map(([i, j]) => {
    if (j === null) return cmp.oneSided("a", aTurns[i!]);
    if (i === null) return cmp.oneSided("b", bTurns[j]);
    return cmp.compare(full(aTurns[i], fa), full(bTurns[j], fb));
  });
  const { same, summary, firstDivergence } = cmp.end();
  return { schemaVersion: 1, kind: "turns", a: aName, b: bName, same, summary, firstDivergence, turns };
}
