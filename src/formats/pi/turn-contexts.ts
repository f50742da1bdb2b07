// Turn contexts as persistent lists (design §3, types.ts TurnContext): each turn's messages equal
// toMsgs(buildPiContext(leafId)); messages shared with the previous turn share Msg objects and list cells.
import { fromArray, size, type List } from "../../shared/plist.js";
import type { ContextOptions, Msg, TurnContext } from "../types.js";
import { buildPiContext, profileOf } from "./context.js";
import { piToMsgs } from "./lower.js";
import type { PiSession } from "./model.js";
import { loggedPromptTokens, piTurns } from "./turns.js";

/** The cell holding the first `n` items of `l` (l must have at least n). */
function prefixCell<T>(l: List<T>, n: number): List<T> {
  let c = l;
  while (size(c) > n) c = c!.prev;
  return c;
}

export function* piTurnContexts(s: PiSession, opts?: ContextOptions): Iterable<TurnContext> {
  const profile = profileOf(s, opts);
  let prevList: List<Msg> = null;
  let prevArr: Msg[] = [];
  for (const ref of piTurns(s)) {
    const msgs = piToMsgs(s, buildPiContext(s, ref.leafId, { profile }), { profile });
    let k = 0;
    while (k < msgs.length && k < prevArr.length && msgs[k] === prevArr[k]) k++;
    const list: List<Msg> = fromArray(msgs.slice(k), prefixCell(prevList, k));
    const tc: TurnContext = { ref, systemPrompt: null, messages: list };
    const logged = loggedPromptTokens(s, ref.responseId);
    if (logged !== undefined) tc.loggedTokens = logged;
    yield tc;
    prevList = list;
    prevArr = msgs;
  }
}
