// `sightline diff <a> <b>`: what changed in what the model saw between two replays of "the same" session
// (two session files, or two `replay --json` documents). Turns are aligned by responseId, then by order.
import { createTwoFilesPatch } from "diff";
import type { Msg } from "../formats/types.js";
import { renderContextText } from "./render-text.js";
import { recompose, type Turn } from "./turns.js";

export interface TurnPair {
  responseId: string;
  a: number | null;
  b: number | null;
  status: "same" | "changed" | "only-a" | "only-b";
  systemPromptChanged: boolean;
  /** Positions (in a) of messages that differ or disappear, and count of messages b adds. */
  changedFrom: number | null;
  patch?: string;
}

export interface SessionDiffDocument {
  schemaVersion: 1;
  kind: "turns";
  a: string;
  b: string;
  same: boolean;
  turns: TurnPair[];
}

/** Full message lists of every turn (delta documents are recomposed). */
export function fullTurns(turns: readonly Turn[]): Array<{ turn: Turn; messages: Msg[] }> {
  const full = recompose(turns);
  return turns.map((t) => ({ turn: t, messages: full.get(t.index)! }));
}

const sameMsg = (x: Msg, y: Msg) => x.role === y.role && x.text === y.text && JSON.stringify(x.blocks) === JSON.stringify(y.blocks);

export function diffTurnLists(aName: string, aTurns: readonly Turn[], bName: string, bTurns: readonly Turn[]): SessionDiffDocument {
  const A = fullTurns(aTurns);
  const B = fullTurns(bTurns);
  const bById = new Map(B.map((x, i) => [x.turn.responseId, i]));
  const usedB = new Set<number>();
  const pairs: Array<[number | null, number | null]> = [];
  const unmatchedA: number[] = [];
  A.forEach((x, i) => {
    const j = bById.get(x.turn.responseId);
    if (j !== undefined && !usedB.has(j)) {
      usedB.add(j);
      pairs.push([i, j]);
    } else unmatchedA.push(i);
  });
  const unmatchedB = B.map((_, j) => j).filter((j) => !usedB.has(j));
  // Then by order among the unmatched ones.
  while (unmatchedA.length && unmatchedB.length) pairs.push([unmatchedA.shift()!, unmatchedB.shift()!]);
  for (const i of unmatchedA) pairs.push([i, null]);
  for (const j of unmatchedB) pairs.push([null, j]);
  pairs.sort((p, q) => (p[0] ?? Infinity) - (q[0] ?? Infinity) || (p[1] ?? Infinity) - (q[1] ?? Infinity));

  const turns = pairs.map(([i, j]): TurnPair => {
    const x = i === null ? undefined : A[i];
    const y = j === null ? undefined : B[j];
    const responseId = (x ?? y)!.turn.responseId;
    if (!x || !y) return { responseId, a: x ? x.turn.index : null, b: y ? y.turn.index : null, status: x ? "only-a" : "only-b", systemPromptChanged: false, changedFrom: null };
    let k = 0;
    while (k < x.messages.length && k < y.messages.length && sameMsg(x.messages[k], y.messages[k])) k++;
    const msgsSame = k === x.messages.length && k === y.messages.length;
    const spChanged = x.turn.systemPrompt !== y.turn.systemPrompt;
    const pair: TurnPair = { responseId, a: x.turn.index, b: y.turn.index, status: msgsSame && !spChanged ? "same" : "changed", systemPromptChanged: spChanged, changedFrom: msgsSame ? null : k };
    if (pair.status === "changed") {
      pair.patch = createTwoFilesPatch(`${aName} turn ${x.turn.index}`, `${bName} turn ${y.turn.index}`, renderContextText(x.turn.systemPrompt, x.messages), renderContextText(y.turn.systemPrompt, y.messages), "", "", { context: 2 });
    }
    return pair;
  });
  return { schemaVersion: 1, kind: "turns", a: aName, b: bName, same: turns.every((t) => t.status === "same"), turns };
}
