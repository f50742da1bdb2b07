// The library API (docs/product.md §6): the same code the CLI runs. `import { ... } from "sightline"` gives what the
// README's Library section teaches; engine internals are on subpaths (sightline/formats, sightline/context,
// sightline/ttsr, sightline/capsule), each a layer's own index.
import { moduleOf } from "./formats/index.js";
import type { ContextOptions, NativeContext, SessionBase } from "./formats/types.js";
import { sortDiagnostics, type Diagnostic } from "./shared/diagnostics.js";

// ---- sessions -------------------------------------------------------------------------------------
export { readSession, type ReadOptions } from "./app/read/read.js";
export { parseSession, isSession } from "./formats/index.js";
export type { Session, ParsedSession, UnreadSession, SessionParseOptions } from "./formats/index.js";
export type { FormatName, Msg, NativeContext, SessionBase, SessionTree, Role, Reminder } from "./formats/types.js";
export type { ScorelSession } from "./formats/scorel/index.js";
export type { PiSession } from "./formats/pi/index.js";
export type { YoiSession } from "./formats/yoi/index.js";
export { renderSystemReminder, type ReminderStyle } from "./formats/reminder.js";

/** The native messages and system prompt exactly as the format's real context builder returns them. */
export function buildContext(session: SessionBase, leafId: string | null, opts?: ContextOptions): NativeContext {
  return moduleOf(session).buildContext(session, leafId, opts);
}

/** Every finding on a session: schema, invariants, and the loader verdict (`loader: true`), sorted. */
export function validateSession(session: { diagnostics: Diagnostic[] }): Diagnostic[] {
  return sortDiagnostics(session.diagnostics);
}

export { turnViews, type TurnViews, type Turn, type TurnViewOptions, type DeltaMessages } from "./context/turns.js";
export { replayDocument, type ReplayDocument } from "./context/replay.js";
export { compactionDiffs, type CompactionDiff, type CompactionDiffOptions } from "./context/compaction.js";
export type { TokenCounter } from "./context/tokens.js";

// ---- TTSR -----------------------------------------------------------------------------------------
/** loadRules(dirs, {settings, ttsrProfile, cwd, home}): folders highest priority first (relative to cwd); node:fs unless `fs` is given. */
export { loadRules } from "./app/ttsr/rules.js";
export type { LoadedRules, LoadRulesOptions, RuleDirSpec } from "./ttsr/load.js";
export { parseRuleFile, TtsrManager } from "./ttsr/index.js";
export type { Rule, TtsrSettings, TtsrMatchContext, TtsrProfile } from "./ttsr/index.js";
export { TtsrCoordinator, type CoordinatorOptions, type InterruptTaskHost, type AgentUpdate } from "./ttsr/session/coordinator.js";
export { ruleRenderer } from "./ttsr/session/renderer.js";
export type {
  RuleRenderer,
  Effect,
  Decision,
  DeltaEvent,
  DeltaResult,
  ToolFoldResult,
  ToolCallBlock,
  InjectionMessage,
  CustomMessage,
  PersistedRecord,
  StopReason,
  AbortReason,
  InjectionMode,
  JudgedAnswer,
} from "./ttsr/session/types.js";
export { verdictsByName, type VerdictSource, type Verdict, type TtsrOutput } from "./ttsr/session/judged.js";
export type { ToolHooks, MatcherEntry } from "./ttsr/session/matcher-hooks.js";
export { simulateTtsr } from "./ttsr/simulate/simulate.js";
export type { SimResult, SimulateOptions, SimTurn, SimRecorded, SimInjection, Agreement, UnverifiableReason } from "./ttsr/simulate/types.js";

// ---- CompactCapsule -------------------------------------------------------------------------------
export { validateCompactCapsule, restoreFromCapsule, renderCompactCapsulePrompt, createCompactCapsule } from "./capsule/index.js";
export type { CompactCapsule, CapsuleRestoredState, CapsuleCheck } from "./capsule/index.js";

// ---- diagnostics ----------------------------------------------------------------------------------
export type { Diagnostic, Severity } from "./shared/diagnostics.js";
export { catalogue } from "./shared/codes.js";
export { contractSchemas, checkContract } from "./schema/contract.js";
