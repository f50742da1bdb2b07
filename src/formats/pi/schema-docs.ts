// The pi schema documents (src/schema/json/pi), for compiling their validators at run time: a build precompiles
// them all (scripts/build-validators.mjs), so schema.ts loads this module only when running from the sources
// (tests) or without a validator. Importing them here is also what makes the build copy them to dist/schema/json
// (the `sightline/schemas/*` export), the dispatch documents (entry, entry-message, message) included, which
// only editors and users read.
import entryAny from "../../schema/json/pi/entry.json" with { type: "json" };
import entryMessageAny from "../../schema/json/pi/entry-message.json" with { type: "json" };
import messageAny from "../../schema/json/pi/message.json" with { type: "json" };
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

/** Every pi schema document by $id. */
export const PI_SCHEMAS: ReadonlyMap<string, object> = new Map(
  [
    entryAny,
    entryMessageAny,
    messageAny,
    blockImage,
    blockRedactedThinking,
    blockText,
    blockThinking,
    blockToolCall,
    entryBase,
    entryBranchSummary,
    entryContextEdit,
    entryCompaction,
    entryCredentialPin,
    entryCustom,
    entryCustomMessage,
    entryLabel,
    entryMcpToolSelection,
    entryModeChange,
    entryModelChange,
    entryResetBoundary,
    entryServiceTierChange,
    entrySessionInfo,
    entrySessionInit,
    entryThinkingLevelChange,
    entryTitleChange,
    entryUsage,
    entryTtsrInjection,
    entryV2,
    headerV1,
    headerV2,
    headerV3,
    messageAssistant,
    messageBashExecution,
    messageBranchSummary,
    messageCompactionSummary,
    messageCustom,
    messageDeveloper,
    messageFileMention,
    messageHookMessage,
    messagePythonExecution,
    messageSystem,
    messageToolResult,
    messageUser,
    titleSlot,
  ].map((s) => [(s as { $id: string }).$id, s]),
);
