// The format-neutral context layer (the `sightline/context` subpath): turn views and deltas, replay and
// compaction documents, session diffs, token counters.
export {
  turnViews,
  iterTurnViews,
  countTurnViews,
  recompose,
  rootPath,
  type Turn,
  type FullTurn,
  type TurnTokens,
  type TurnViews,
  type TurnViewOptions,
  type DeltaMessages,
} from "./turns.js";
export { replayDocument, replayStream, type ReplayDocument } from "./replay.js";
export { compactionDiffs, matchMessages, matchPositions, type CompactionDiff, type CompactionDiffOptions } from "./compaction.js";
export { diffTurnLists, pairTurns, type SessionDiffDocument, type SessionDiffOptions, type TurnPair, type TurnId } from "./session-diff.js";
export { streamSessionDiff, type TurnSource } from "./session-diff-stream.js";
export { charsPer4, type TokenCounter } from "./tokens.js";
export { exactCounter } from "./tokens-exact.js";
