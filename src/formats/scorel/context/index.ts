// The Scorel context builders (docs/scorel.md §7–§11): buildContext per profile, Msg lowering, turns,
// incremental turn contexts and compactions.
export { buildScorelContext } from "./build.js";
export { scorelContextsAt, scorelTurnContexts } from "./incremental.js";
export { scorelToMsgs } from "./lower.js";
export { scorelCompactions, scorelTurns } from "./turns.js";
export type { ScorelMessage } from "./types.js";
