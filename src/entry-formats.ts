// `sightline/formats`: the format engines — the modules that read each format, their context builders, the
// profile registry — for code that works below the jobs of the root entry (src/index.ts).
export { formats, formatModule, moduleOf, formatOfProfile, createSessionParser, type FormatModules, type RegisteredFormat } from "./formats/index.js";
export type {
  FormatModule,
  ParseOptions,
  TurnRef,
  TurnContext,
  CompactionRef,
  CompactionBefore,
  LoweredContext,
  ReplayStep,
  SessionFolder,
} from "./formats/types.js";
export { FORMAT_PROFILES, type FormatProfiles, type ProfileInfo } from "./formats/profiles.js";
export { scorelFormat, buildScorelContext, type ScorelMessage } from "./formats/scorel/index.js";
export { piFormat, buildPiContext, type AgentMessage } from "./formats/pi/index.js";
export { yoiFormat } from "./formats/yoi/index.js";
export { claudeCodeFormat, rebuildRequests, type RebuiltRequest } from "./formats/claude-code/index.js";
export {
  codexFormat,
  codexReplay,
  compareRequests,
  turnRequest,
  type CodexTurn,
  type CodexCompaction,
  type RequestComparison,
  type RequestDifference,
} from "./formats/codex/index.js";
export { renderSystemReminder, type ReminderStyle } from "./formats/reminder.js";
