// The Scorel context builders (docs/scorel.md §7–§11): buildContext per profile, Msg lowering, turns,
// incremental turn contexts and compactions.
export { buildScorelContext, resolveProfile } from "./build.js";
export { scorelContextsAt, scorelTurnContexts } from "./incremental.js";
export { providerText, scorelMsg, scorelToMsgs } from "./lower.js";
export { renderScorelReminder, reminderKind, reminderScope } from "./reminders.js";
export { renderScorelSystemPrompt } from "./system-prompt.js";
export { scorelCompactions, scorelTurns } from "./turns.js";
export { designActiveLeaf, designLeaves } from "./design.js";
export type { ScorelContext, ScorelContextError, ScorelContextOptions, ScorelMessage } from "./types.js";
