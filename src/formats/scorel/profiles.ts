// Which event types, harness kinds and content blocks each Scorel profile knows (docs/scorel.md §0.2, §4, §5,
// docs/scorel.md §8, §15.3). The shipped sets are the loaders' `assertTreeEvent` type lists.
import type { ScorelProfile } from "./model.js";

export type ShippedProfile = "p3" | "p4a" | "p4" | "p5";
export const isShipped = (p: ScorelProfile): p is ShippedProfile => p === "p3" || p === "p4a" || p === "p4" || p === "p5";

const P3_TREE = ["user_message", "assistant_message", "tool_result", "harness_item"];
const P3_CONTROL = ["session_title_updated", "instruction_snapshot", "queue_update", "skill_index_snapshot", "skill_index_delta"];

/** Tree (conversation) event types per profile. */
export const TREE_TYPES: Record<Exclude<ScorelProfile, "g0">, ReadonlySet<string>> = {
  p3: new Set(P3_TREE),
  p4a: new Set([...P3_TREE, "compact"]),
  p4: new Set([...P3_TREE, "compact"]),
  p5: new Set([...P3_TREE, "compact"]),
  // Design: every persistent event is a node (docs/scorel.md §7.2: id and parentId form the tree), except the two
  // control-state events the later design added (instruction_snapshot, context_control).
  design: new Set(["message", "rewind", "branch", "compact", "channel_inject", "session_info", "custom", "custom_message", "harness_item"]),
};

/** Control event types per profile (not tree nodes; parentId ignored). */
export const CONTROL_TYPES: Record<Exclude<ScorelProfile, "g0">, ReadonlySet<string>> = {
  p3: new Set(P3_CONTROL),
  p4a: new Set(P3_CONTROL),
  // context_control exists from P4b only (docs/scorel.md §15.3).
  p4: new Set([...P3_CONTROL, "context_control"]),
  p5: new Set([...P3_CONTROL, "context_control"]),
  design: new Set(["instruction_snapshot", "context_control"]),
};

/** Types only the design model has (their presence makes a file a design file). */
export const DESIGN_ONLY_TYPES: ReadonlySet<string> = new Set(["message", "rewind", "branch", "channel_inject", "session_info", "custom", "custom_message"]);

/** Wire-only event types (docs/scorel.md §6): never valid in JSONL. */
export const TRANSIENT_TYPES: ReadonlySet<string> = new Set([
  "turn_start",
  "turn_end",
  "message_start",
  "message_end",
  "text_delta",
  "thinking_delta",
  "error",
  "tool_call_delta",
  "tool_execution_start",
  "tool_execution_update",
  "tool_execution_end",
  "runtime_start",
  "runtime_end",
  "message_cancelled",
]);

export const G0_KINDS: ReadonlySet<string> = new Set(["message", "rewind", "compact", "channel"]);
/** Kinds the d001 design names for log.jsonl; the shipped G0 reader rejects all but G0_KINDS. */
export const G0_DESIGN_KINDS: ReadonlySet<string> = new Set(["message", "rewind", "compact", "channel", "file_snapshot", "run_started", "run_finished"]);

const P3_HARNESS = ["attachment", "skill_listing", "skill_delta", "memory", "date_change", "steer", "runtime_notice"];
export const harnessKinds = (p: ScorelProfile): ReadonlySet<string> => new Set(p === "p3" ? P3_HARNESS : [...P3_HARNESS, "channel_context"]);
export const HARNESS_ORIGINS: ReadonlySet<string> = new Set(["user", "system", "tool", "skill"]);

/** Content block types a profile's ScorelMessage knows (system_reminder from P5). */
export const blockTypes = (p: ScorelProfile): ReadonlySet<string> =>
  new Set(
    p === "p5" || p === "design" ? ["text", "thinking", "tool_call", "tool_result", "system_reminder"] : ["text", "thinking", "tool_call", "tool_result"],
  );

export const SECTION_KINDS = ["baseline", "agents", "memory", "workspace", "environment", "time"] as const;
