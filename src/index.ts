// The library API (docs/product.md §6): the same code the CLI runs. `import { ... } from "sightline"`.
import { moduleOf } from "./formats/index.js";
import type { ContextOptions, NativeContext, SessionBase } from "./formats/types.js";
import { turnViews as turnViewsOf, type TurnViewOptions, type TurnViews } from "./context/turns.js";
import { sortDiagnostics, type Diagnostic } from "./shared/diagnostics.js";

// ---- sessions -------------------------------------------------------------------------------------
export { readSession, type ReadOptions } from "./app/read.js";
export { parseSession, createSessionParser, formats, formatModule, moduleOf, isSession } from "./formats/index.js";
export type { ParsedSession, UnreadSession, SessionParseOptions } from "./formats/index.js";
export type { FormatName, FormatModule, Msg, NativeContext, SessionBase, SessionTree, TurnRef, TurnContext, CompactionRef, Role, Reminder } from "./formats/types.js";
export { scorelFormat, buildScorelContext, type ScorelSession, type ScorelMessage } from "./formats/scorel/index.js";
export { piFormat, buildPiContext, formatPass, type PiSession, type AgentMessage } from "./formats/pi/index.js";
export { yoiFormat, type YoiSession } from "./formats/yoi/index.js";
export { renderSystemReminder, type ReminderStyle } from "./formats/reminder.js";

/** The native messages and system prompt exactly as the format's real context builder returns them. */
export function buildContext(session: SessionBase, leafId: string | null, opts?: ContextOptions): NativeContext {
  return moduleOf(session).buildContext(session, leafId, opts);
}

/** Contract Turns (docs/product.md §5) of a session: full lists or deltas. */
export function turnViews(session: SessionBase, opts?: TurnViewOptions): TurnViews {
  return turnViewsOf(moduleOf(session), session, opts);
}

/** Every finding on a session: schema, invariants, and the loader verdict (`loader: true`), sorted. */
export function validateSession(session: { diagnostics: Diagnostic[] }): Diagnostic[] {
  return sortDiagnostics(session.diagnostics);
}

export { replayDocument, type ReplayDocument } from "./context/replay.js";
export { recompose, type Turn, type TurnViewOptions, type DeltaMessages } from "./context/turns.js";
export { compactionDiffs, matchMessages, type CompactionDiff } from "./context/compaction.js";
export { diffTurnLists, pairTurns, type SessionDiffDocument } from "./context/session-diff.js";
export { streamSessionDiff, type TurnSource } from "./context/session-diff-stream.js";
export { charsPer4, type TokenCounter } from "./context/tokens.js";
export { exactCounter } from "./context/tokens-exact.js";

// ---- TTSR -----------------------------------------------------------------------------------------
/** loadRules(dirs, {settings, ttsrProfile, cwd, home}): folders highest priority first (relative to cwd); node:fs unless `fs` is given. */
export { loadRules } from "./app/ttsr-rules.js";
export type { LoadedRules, LoadRulesOptions, RuleDirSpec } from "./ttsr/load.js";
export { parseRuleFile, TtsrManager, DEFAULT_TTSR_SETTINGS, mergeTtsrSettings, readTtsrSettings } from "./ttsr/index.js";
export type { Rule, TtsrSettings, TtsrMatchContext, TtsrProfile } from "./ttsr/index.js";
export { TtsrCoordinator } from "./ttsr/session/coordinator.js";
export { simulateTtsr } from "./ttsr/simulate/simulate.js";
/** The TTSR profile a session's own evidence points to, and the named-vs-session resolution `ttsr run` applies. */
export { sessionTtsrProfile, resolveTtsrProfile } from "./ttsr/simulate/profile.js";
export type { SimTurn, SimRecorded, SimInjection, Agreement, UnverifiableReason } from "./ttsr/simulate/types.js";
export { chunkText, parseChunking, type Chunking } from "./ttsr/chunking.js";

// ---- CompactCapsule -------------------------------------------------------------------------------
export { validateCompactCapsule, restoreFromCapsule, renderCompactCapsulePrompt, createCompactCapsule, capsuleCheck } from "./capsule/index.js";
export type { CompactCapsule, CapsuleRestoredState } from "./capsule/index.js";

// ---- diagnostics ----------------------------------------------------------------------------------
export type { Diagnostic, Severity } from "./shared/diagnostics.js";
export { catalogue } from "./shared/codes.js";
export { contractSchemas, checkContract } from "./schema/contract.js";
