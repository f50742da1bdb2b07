// JSON Schemas of every Scorel line (src/schema/json/scorel/*.json) and which one applies to an event under
// a profile. Only records that passed the loader's own checks are schema-checked, so every schema issue is
// something the real loader tolerates (enums, optional fields, docs/scorel.md §14): a SCHEMA warning.
import { addSchemas, check, checkInto, loadPrecompiled, type SchemaIssue } from "../../schema/ajv.js";
import contentBlock from "../../schema/json/scorel/content-block.json" with { type: "json" };
import contextControlPayload from "../../schema/json/scorel/context-control-payload.json" with { type: "json" };
import designBranch from "../../schema/json/scorel/design-branch.json" with { type: "json" };
import designChannelInject from "../../schema/json/scorel/design-channel-inject.json" with { type: "json" };
import designCompact from "../../schema/json/scorel/design-compact.json" with { type: "json" };
import designContextControl from "../../schema/json/scorel/design-context-control.json" with { type: "json" };
import designCustom from "../../schema/json/scorel/design-custom.json" with { type: "json" };
import designCustomMessage from "../../schema/json/scorel/design-custom-message.json" with { type: "json" };
import designHarnessItem from "../../schema/json/scorel/design-harness-item.json" with { type: "json" };
import designInstructionSnapshot from "../../schema/json/scorel/design-instruction-snapshot.json" with { type: "json" };
import designMessage from "../../schema/json/scorel/design-message.json" with { type: "json" };
import designRewind from "../../schema/json/scorel/design-rewind.json" with { type: "json" };
import designSessionInfo from "../../schema/json/scorel/design-session-info.json" with { type: "json" };
import eventAssistantMessage from "../../schema/json/scorel/event-assistant-message.json" with { type: "json" };
import eventBase from "../../schema/json/scorel/event-base.json" with { type: "json" };
import eventCompact from "../../schema/json/scorel/event-compact.json" with { type: "json" };
import eventContextControl from "../../schema/json/scorel/event-context-control.json" with { type: "json" };
import eventHarnessItem from "../../schema/json/scorel/event-harness-item.json" with { type: "json" };
import eventHarnessItemP3 from "../../schema/json/scorel/event-harness-item-p3.json" with { type: "json" };
import eventInstructionSnapshot from "../../schema/json/scorel/event-instruction-snapshot.json" with { type: "json" };
import eventQueueUpdate from "../../schema/json/scorel/event-queue-update.json" with { type: "json" };
import eventSessionModelSelected from "../../schema/json/scorel/event-session-model-selected.json" with { type: "json" };
import eventSessionTitleUpdated from "../../schema/json/scorel/event-session-title-updated.json" with { type: "json" };
import eventSkillIndexDelta from "../../schema/json/scorel/event-skill-index-delta.json" with { type: "json" };
import eventSkillIndexDeltaP3 from "../../schema/json/scorel/event-skill-index-delta-p3.json" with { type: "json" };
import eventSkillIndexSnapshot from "../../schema/json/scorel/event-skill-index-snapshot.json" with { type: "json" };
import eventSkillIndexSnapshotP3 from "../../schema/json/scorel/event-skill-index-snapshot-p3.json" with { type: "json" };
import eventToolResult from "../../schema/json/scorel/event-tool-result.json" with { type: "json" };
import eventUserMessage from "../../schema/json/scorel/event-user-message.json" with { type: "json" };
import g0Channel from "../../schema/json/scorel/g0-channel.json" with { type: "json" };
import g0Compact from "../../schema/json/scorel/g0-compact.json" with { type: "json" };
import g0FileSnapshot from "../../schema/json/scorel/g0-file-snapshot.json" with { type: "json" };
import g0Message from "../../schema/json/scorel/g0-message.json" with { type: "json" };
import g0Rewind from "../../schema/json/scorel/g0-rewind.json" with { type: "json" };
import harnessItem from "../../schema/json/scorel/harness-item.json" with { type: "json" };
import harnessItemP3 from "../../schema/json/scorel/harness-item-p3.json" with { type: "json" };
import header from "../../schema/json/scorel/header.json" with { type: "json" };
import headerDesign from "../../schema/json/scorel/header-design.json" with { type: "json" };
import instructionSnapshot from "../../schema/json/scorel/instruction-snapshot.json" with { type: "json" };
import message from "../../schema/json/scorel/message.json" with { type: "json" };
import messageDesign from "../../schema/json/scorel/message-design.json" with { type: "json" };
import queueItem from "../../schema/json/scorel/queue-item.json" with { type: "json" };
import selectedModel from "../../schema/json/scorel/selected-model.json" with { type: "json" };
import skillIndexEntry from "../../schema/json/scorel/skill-index-entry.json" with { type: "json" };
import skillIndexEntryP3 from "../../schema/json/scorel/skill-index-entry-p3.json" with { type: "json" };
import systemReminder from "../../schema/json/scorel/system-reminder.json" with { type: "json" };
import type { ScorelProfile } from "./model.js";

export const SCOREL_SCHEMAS: readonly object[] = [
  contentBlock,
  contextControlPayload,
  designBranch,
  designChannelInject,
  designCompact,
  designContextControl,
  designCustom,
  designCustomMessage,
  designHarnessItem,
  designInstructionSnapshot,
  designMessage,
  designRewind,
  designSessionInfo,
  eventAssistantMessage,
  eventBase,
  eventCompact,
  eventContextControl,
  eventHarnessItem,
  eventHarnessItemP3,
  eventInstructionSnapshot,
  eventQueueUpdate,
  eventSessionModelSelected,
  eventSessionTitleUpdated,
  eventSkillIndexDelta,
  eventSkillIndexDeltaP3,
  eventSkillIndexSnapshot,
  eventSkillIndexSnapshotP3,
  eventToolResult,
  eventUserMessage,
  g0Channel,
  g0Compact,
  g0FileSnapshot,
  g0Message,
  g0Rewind,
  harnessItem,
  harnessItemP3,
  header,
  headerDesign,
  instructionSnapshot,
  message,
  messageDesign,
  queueItem,
  selectedModel,
  skillIndexEntry,
  skillIndexEntryP3,
  systemReminder,
];

const SHIPPED: Record<string, object> = {
  user_message: eventUserMessage,
  assistant_message: eventAssistantMessage,
  tool_result: eventToolResult,
  harness_item: eventHarnessItem,
  compact: eventCompact,
  context_control: eventContextControl,
  instruction_snapshot: eventInstructionSnapshot,
  session_title_updated: eventSessionTitleUpdated,
  queue_update: eventQueueUpdate,
  skill_index_snapshot: eventSkillIndexSnapshot,
  skill_index_delta: eventSkillIndexDelta,
};
/** The current session core (p6): the shipped set plus the model selection. */
const P6: Record<string, object> = { ...SHIPPED, session_model_selected: eventSessionModelSelected };
const P3: Record<string, object> = {
  ...SHIPPED,
  harness_item: eventHarnessItemP3,
  skill_index_snapshot: eventSkillIndexSnapshotP3,
  skill_index_delta: eventSkillIndexDeltaP3,
};
const DESIGN: Record<string, object> = {
  message: designMessage,
  rewind: designRewind,
  branch: designBranch,
  compact: designCompact,
  channel_inject: designChannelInject,
  session_info: designSessionInfo,
  custom: designCustom,
  custom_message: designCustomMessage,
  harness_item: designHarnessItem,
  instruction_snapshot: designInstructionSnapshot,
  context_control: designContextControl,
};
const G0: Record<string, object> = {
  message: g0Message,
  rewind: g0Rewind,
  compact: g0Compact,
  channel: g0Channel,
  file_snapshot: g0FileSnapshot,
};

// The build's validators of these schemas: without them every thread reading a Scorel file would compile
// them (≈ 0.1 s) and load the compiler.
await loadPrecompiled("./precompiled-scorel.js");

let registered = false;
function register(): void {
  if (!registered) addSchemas(SCOREL_SCHEMAS);
  registered = true;
}

/** The schema of an event type under a profile (undefined: the type has none there). */
export function eventSchema(profile: ScorelProfile, type: string): object | undefined {
  const table = profile === "g0" ? G0 : profile === "design" ? DESIGN : profile === "p3" ? P3 : profile === "p6" ? P6 : SHIPPED;
  return Object.hasOwn(table, type) ? table[type] : undefined;
}

export const headerSchema = (profile: ScorelProfile): object => (profile === "design" ? headerDesign : header);

export function checkSchema(schema: object, value: unknown): SchemaIssue[] {
  register();
  return check(schema, value);
}

/** checkSchema's issues appended to `out` (a valid event, nearly every one, makes no list). */
export function checkSchemaInto(schema: object, value: unknown, out: SchemaIssue[]): void {
  register();
  checkInto(schema, value, out);
}
