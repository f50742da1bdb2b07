// `sightline/context`: the format-neutral context engine below the root's replay and diff jobs — turn views
// as a stream, deltas and their inverse, message matching, session diffs, token counters.
// `messagesFromDeltas` is the context layer's `recompose`: full message lists rebuilt from `--delta` turns.
export { iterTurnViews, countTurnViews, recompose as messagesFromDeltas, type FullTurn } from "./context/turns.js";
export { replayStream } from "./context/replay.js";
export { matchMessages } from "./context/compaction.js";
export { diffTurnLists, type SessionDiffDocument, type SessionDiffOptions, type TurnPair, type TurnId } from "./context/session-diff.js";
export { streamSessionDiff, type TurnSource } from "./context/session-diff-stream.js";
export { charsPer4 } from "./context/tokens.js";
export { exactCounter } from "./context/tokens-exact.js";
