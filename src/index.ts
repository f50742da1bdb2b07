// The library API, root tier (docs/product.md §6): the jobs the CLI runs — read, replay, diff, validate, TTSR
// simulate and coordinate, capsule — and the types they take and return. Engine building blocks are on the
// subpaths (src/entry-formats.ts, entry-context.ts, entry-ttsr.ts, entry-capsule.ts); every exported name has
// one home, and internals are on none (api/sightline.api.md lists them all).
import { moduleOf } from "./formats/index.js";
import type { ContextOptions, NativeContext, SessionBase } from "./formats/types.js";
import { catalogue as codes } from "./shared/codes.js";
import type { AnyCodeSpec } from "./shared/codes/types.js";

// ---- read -----------------------------------------------------------------------------------------
export { readSession, type ReadOptions } from "./app/read/read.js";
export { parseSession, isSession } from "./formats/index.js";
export type { FormatName, Session, ParsedSession, UnreadSession, SessionParseOptions } from "./formats/index.js";
export type {
  ContextOptions,
  Msg,
  NativeContext,
  SessionBase,
  SessionTree,
  Role,
  Reminder,
  NotRecordedPart,
  RequestCheck,
  CompactionRequestNote,
} from "./formats/types.js";
export type { ScorelSession } from "./formats/scorel/index.js";
export type { PiSession } from "./formats/pi/index.js";
export type { YoiSession } from "./formats/yoi/index.js";
export type { CcSession } from "./formats/claude-code/index.js";
export type { CodexSession } from "./formats/codex/index.js";

// ---- replay ---------------------------------------------------------------------------------------
/** The native messages and system prompt exactly as the format's real context builder returns them. */
export function buildContext(session: SessionBase, leafId: string | null, opts?: ContextOptions): NativeContext {
  return moduleOf(session).buildContext(session, leafId, opts);
}
export { turnViews, type TurnViews, type Turn, type TurnTokens, type TurnViewOptions, type DeltaMessages } from "./context/turns.js";
export { replayDocument, type ReplayDocument } from "./context/replay.js";
export type { TokenCounter } from "./context/tokens.js";

// ---- diff -----------------------------------------------------------------------------------------
export { compactionDiffs, type CompactionDiff, type CompactionDiffOptions } from "./context/compaction.js";
export type { CapsuleCheck, LostItem } from "./capsule/check.js";

// ---- validate -------------------------------------------------------------------------------------
export { validateSession, validatePaths, type ValidateOptions, type FileResult, type ValidateResult } from "./app/validate/validate.js";

// ---- TTSR -----------------------------------------------------------------------------------------
export { loadRules, type LoadRulesOptions } from "./app/ttsr/rules.js";
export type { LoadedRules, RuleDirSpec, RuleFs, SkippedRule, ShadowedRule } from "./ttsr/load.js";
export { parseRuleFile, type ParseRuleOptions } from "./ttsr/rule-file.js";
export type { Rule, RuleSource, InterruptMode, RepeatMode, ContextMode, TtsrSettings, TtsrMatchContext, TtsrMatchSource, TtsrProfile } from "./ttsr/types.js";
export { TtsrManager, type TtsrManagerOptions } from "./ttsr/manager.js";
export { TtsrCoordinator, type CoordinatorOptions, type InterruptTaskHost, type AgentUpdate, type StreamCheck } from "./ttsr/session/coordinator.js";
export { ruleRenderer } from "./ttsr/session/renderer.js";
export type {
  RuleRenderer,
  Effect,
  Decision,
  DeltaEvent,
  DeltaResult,
  ToolFoldResult,
  ToolCallBlock,
  ToolScopedAbort,
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
/** The replay setup `ttsr run`, `check` and `audit --rules` use: simulateTtsr(session, p.rules, p.options) for p = prepareTtsrReplay(session, {rules}). */
export { prepareTtsrReplay, type TtsrReplayOptions, type PreparedTtsrReplay, type ReplaySetup } from "./app/ttsr/prepare.js";
export type { SimResult, SimulateOptions, SimTurn, SimMatch, SimRecorded, SimInjection, Agreement, UnverifiableReason } from "./ttsr/simulate/types.js";
export type { Chunking } from "./ttsr/chunking.js";

// ---- capsule --------------------------------------------------------------------------------------
export { createCompactCapsule } from "./capsule/create.js";
export { validateCompactCapsule } from "./capsule/validate.js";
export { restoreFromCapsule } from "./capsule/restore.js";
export { renderCompactCapsulePrompt } from "./capsule/render.js";
export type {
  CompactCapsule,
  CapsuleRestoredState,
  ValidateResult as CapsuleValidateResult,
  RestoreResult as CapsuleRestoreResult,
  RenderResult as CapsuleRenderResult,
} from "./capsule/types.js";

// ---- findings and the output contract -------------------------------------------------------------
export type { Diagnostic, Severity } from "./shared/diagnostics.js";

/** One entry of the code catalogue: default severity, a one-line title, and the wording of its message. */
export type CodeInfo = AnyCodeSpec;
/** Every diagnostic code sightline emits, by code (what `sightline codes` lists). */
export type CodeCatalogue = Readonly<Record<string, CodeInfo>>;
/** The code catalogue. */
export const catalogue: CodeCatalogue = codes;

export { checkContract, type ContractName } from "./schema/contract.js";
export type { SchemaIssue } from "./schema/ajv.js";
