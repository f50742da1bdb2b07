// JSON Schemas of the pi format (src/schema/json/pi): header per version, title slot, entries, messages, blocks.
// Schema findings are warnings (the loader tolerates them); they carry a JSON pointer into the record.
// Validation is lazy and per type: a schema is compiled the first time a record needs it (compiling the
// full entry.json / message.json dispatchers up front costs more than parsing a large session).
import { isObject } from "../../shared/json.js";
import entryAny from "../../schema/json/pi/entry.json" with { type: "json" };
import entryMessageAny from "../../schema/json/pi/entry-message.json" with { type: "json" };
import messageAny from "../../schema/json/pi/message.json" with { type: "json" };
import { addSchemas, check, type SchemaIssue } from "../../schema/ajv.js";
import blockImage from "../../schema/json/pi/block-image.json" with { type: "json" };
import blockRedactedThinking from "../../schema/json/pi/block-redactedThinking.json" with { type: "json" };
import blockText from "../../schema/json/pi/block-text.json" with { type: "json" };
import blockThinking from "../../schema/json/pi/block-thinking.json" with { type: "json" };
import blockToolCall from "../../schema/json/pi/block-toolCall.json" with { type: "json" };
import entryBase from "../../schema/json/pi/entry-base.json" with { type: "json" };
import entryBranchSummary from "../../schema/json/pi/entry-branch_summary.json" with { type: "json" };
import entryContextEdit from "../../schema/json/pi/entry-context_edit.json" with { type: "json" };
import entryCompaction from "../../schema/json/pi/entry-compaction.json" with { type: "json" };
import entryCredentialPin from "../../schema/json/pi/entry-credential_pin.json" with { type: "json" };
import entryCustom from "../../schema/json/pi/entry-custom.json" with { type: "json" };
import entryCustomMessage from "../../schema/json/pi/entry-custom_message.json" with { type: "json" };
import entryLabel from "../../schema/json/pi/entry-label.json" with { type: "json" };
import entryMcpToolSelection from "../../schema/json/pi/entry-mcp_tool_selection.json" with { type: "json" };
import entryModeChange from "../../schema/json/pi/entry-mode_change.json" with { type: "json" };
import entryModelChange from "../../schema/json/pi/entry-model_change.json" with { type: "json" };
import entryResetBoundary from "../../schema/json/pi/entry-reset_boundary.json" with { type: "json" };
import entryServiceTierChange from "../../schema/json/pi/entry-service_tier_change.json" with { type: "json" };
import entrySessionInfo from "../../schema/json/pi/entry-session_info.json" with { type: "json" };
import entrySessionInit from "../../schema/json/pi/entry-session_init.json" with { type: "json" };
import entryThinkingLevelChange from "../../schema/json/pi/entry-thinking_level_change.json" with { type: "json" };
import entryTitleChange from "../../schema/json/pi/entry-title_change.json" with { type: "json" };
import entryUsage from "../../schema/json/pi/entry-usage.json" with { type: "json" };
import entryTtsrInjection from "../../schema/json/pi/entry-ttsr_injection.json" with { type: "json" };
import entryV2 from "../../schema/json/pi/entry-v2.json" with { type: "json" };
import headerV1 from "../../schema/json/pi/header-v1.json" with { type: "json" };
import headerV2 from "../../schema/json/pi/header-v2.json" with { type: "json" };
import headerV3 from "../../schema/json/pi/header-v3.json" with { type: "json" };
import messageAssistant from "../../schema/json/pi/message-assistant.json" with { type: "json" };
import messageBashExecution from "../../schema/json/pi/message-bashExecution.json" with { type: "json" };
import messageBranchSummary from "../../schema/json/pi/message-branchSummary.json" with { type: "json" };
import messageCompactionSummary from "../../schema/json/pi/message-compactionSummary.json" with { type: "json" };
import messageCustom from "../../schema/json/pi/message-custom.json" with { type: "json" };
import messageDeveloper from "../../schema/json/pi/message-developer.json" with { type: "json" };
import messageFileMention from "../../schema/json/pi/message-fileMention.json" with { type: "json" };
import messageHookMessage from "../../schema/json/pi/message-hookMessage.json" with { type: "json" };
import messagePythonExecution from "../../schema/json/pi/message-pythonExecution.json" with { type: "json" };
import messageSystem from "../../schema/json/pi/message-system.json" with { type: "json" };
import messageToolResult from "../../schema/json/pi/message-toolResult.json" with { type: "json" };
import messageUser from "../../schema/json/pi/message-user.json" with { type: "json" };
import titleSlot from "../../schema/json/pi/title-slot.json" with { type: "json" };

const BLOCKS = [blockImage, blockRedactedThinking, blockText, blockThinking, blockToolCall];
const ENTRY: Record<string, object> = {
  thinking_level_change: entryThinkingLevelChange,
  model_change: entryModelChange,
  compaction: entryCompaction,
  branch_summary: entryBranchSummary,
  custom: entryCustom,
  custom_message: entryCustomMessage,
  label: entryLabel,
  session_info: entrySessionInfo,
  ttsr_injection: entryTtsrInjection,
  service_tier_change: entryServiceTierChange,
  session_init: entrySessionInit,
  mode_change: entryModeChange,
  mcp_tool_selection: entryMcpToolSelection,
  title_change: entryTitleChange,
  credential_pin: entryCredentialPin,
  reset_boundary: entryResetBoundary,
  context_edit: entryContextEdit,
  usage: entryUsage,
};
const ROLE: Record<string, object> = {
  user: messageUser,
  assistant: messageAssistant,
  toolResult: messageToolResult,
  bashExecution: messageBashExecution,
  custom: messageCustom,
  hookMessage: messageHookMessage,
  developer: messageDeveloper,
  fileMention: messageFileMention,
  pythonExecution: messagePythonExecution,
  branchSummary: messageBranchSummary,
  compactionSummary: messageCompactionSummary,
  system: messageSystem,
};

let registered = false;
/** Role schemas $ref the block schemas; nothing else is registered (the dispatchers are documents only). */
function register(): void {
  if (registered) return;
  registered = true;
  addSchemas(BLOCKS);
}

/** Schema issues of a header, by the file's version (before migration). */
export function checkHeaderSchema(value: unknown, version: 1 | 2 | 3): SchemaIssue[] {
  return check(version === 1 ? headerV1 : version === 2 ? headerV2 : headerV3, value);
}

export const checkTitleSlotSchema = (value: unknown): SchemaIssue[] => check(titleSlot, value);

const under = (prefix: string, issues: SchemaIssue[]): SchemaIssue[] => issues.map((i) => ({ pointer: prefix + i.pointer, detail: i.detail }));

/** Schema issues of an entry record as written (v1 records have no id/parentId; v2+ ones must). */
export function checkRecordSchema(value: Record<string, unknown>, version: 1 | 2 | 3): SchemaIssue[] {
  register();
  const issues = check(entryBase, value);
  if (version !== 1) issues.push(...check(entryV2, value));
  const type = value.type;
  if (type === "message") {
    const m = value.message;
    if (!isObject(m)) issues.push({ pointer: "/message", detail: "must be object" });
    else if (typeof m.role === "string" && ROLE[m.role]) issues.push(...under("/message", check(ROLE[m.role], m)));
    else issues.push({ pointer: "/message/role", detail: `must be one of ${JSON.stringify(Object.keys(ROLE))}` });
  } else if (typeof type === "string" && ENTRY[type]) issues.push(...check(ENTRY[type], value));
  // The base and per-version schemas overlap (e.g. parentId): report each problem once.
  if (issues.length < 2) return issues;
  const seen = new Set<string>();
  return issues.filter((i) => {
    const k = `${i.pointer}\u0000${i.detail}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

/** Entry types this reader knows (any version); others are kept by the loader and ignored by the context. */
export const isKnownEntryType = (type: unknown): boolean => type === "message" || (typeof type === "string" && type in ENTRY);

/**
 * One-schema views of a whole entry / message (dispatching by type and role), shipped for editors and users:
 * importing them here is what makes the build copy them to dist/schema/json (the `sightline/schemas/*` export).
 * @public
 */
export const PI_DISPATCH_SCHEMAS: readonly object[] = [entryAny, entryMessageAny, messageAny];
