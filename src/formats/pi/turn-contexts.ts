// Turn contexts as persistent lists (docs/product.md §3, types.ts TurnContext): each turn's messages equal
// toMsgs(buildPiContext(leafId)). Well-formed trees use the incremental builder (O(changes) per turn);
// files with duplicate ids, dangling parents or cycles build each context in full and share the common
// prefix with the previous turn.
import { fromArray, size, toArray, type List } from "../../shared/plist.js";
import type { ContextOptions, LoweredContext, Msg, TurnContext, TurnRef } from "../types.js";
import { buildPiContext, profileOf } from "./context.js";
import { IncrementalContexts, incrementalApplies } from "./incremental.js";
import { piToMsgs } from "./lower.js";
import type { PiProfile, PiSession } from "./model.js";
import { loggedPromptTokens, piTurns } from "./turns.js";

/** The cell holding the first `n` items of `l` (l must have at least n). */
function prefixCell<T>(l: List<T>, n: number): List<T> {
  let c = l;
  while (size(c) > n) c = c!.prev;
  return c;
}

function turnContext(s: PiSession, ref: TurnRef, messages: List<Msg>): TurnContext {
  const tc: TurnContext = { ref, systemPrompt: null, messages };
  const logged = loggedPromptTokens(s, ref.responseId);
  if (logged !== undefined) tc.loggedTokens = logged;
  return tc;
}

function* fullBuild(s: PiSession, profile: PiProfile): Iterable<TurnContext> {
  let prevList: List<Msg> = null;
  let prevArr: Msg[] = [];
  for (const ref of piTurns(s)) {
    const msgs = piToMsgs(s, buildPiContext(s, ref.leafId, { profile }), { profile });
    let k = 0;
    while (k < msgs.length && k < prevArr.length && msgs[k] === prevArr[k]) k++;
    const list: List<Msg> = fromArray(msgs.slice(k), prefixCell(prevList, k));
    yield turnContext(s, ref, list);
    prevList = list;
    prevArr = msgs;
  }
}

// One builder per session and profile, while the session lives: an audit asks for the turn contexts and
// then for the contexts around each compaction, which are mostly states the turns already computed.
const builders = new WeakMap<PiSession, Map<PiProfile, IncrementalContexts>>();
function incrementalFor(s: PiSession, profile: PiProfile): IncrementalContexts {
  let byProfile = builders.get(s);
  if (!byProfile) {
    byProfile = new Map();
    builders.set(s, byProfile);
  }
  let inc = byProfile.get(profile);
  if (!inc) {
    inc = new IncrementalContexts(s, profile);
    byProfile.set(profile, inc);
  }
  return inc;
}

export function* piTurnContexts(s: PiSession, opts?: ContextOptions): Iterable<TurnContext> {
  const profile = profileOf(s, opts);
  const inc = incrementalApplies(s) ? incrementalFor(s, profile) : undefined;
  if (!inc?.exact) {
    yield* fullBuild(s, profile);
    return;
  }
  for (const ref of piTurns(s)) yield turnContext(s, ref, ref.leafId === null ? null : inc.list(inc.state(ref.leafId)));
}

/** FormatModule.contextsAt: one incremental builder for any entries of a well-formed tree (pi has no system prompt). */
export function piContextsAt(s: PiSession, opts?: ContextOptions): (leafId: string | null) => LoweredContext | undefined {
  if (!incrementalApplies(s)) return () => undefined;
  const profile = profileOf(s, opts);
  let inc: IncrementalContexts | undefined;
  return (leafId) => {
    if (leafId === null || !s.byId.has(leafId)) return undefined;
    inc ??= incrementalFor(s, profile);
    return inc.exact ? { systemPrompt: null, messages: toArray(inc.list(inc.state(leafId))) } : undefined;
  };
}
