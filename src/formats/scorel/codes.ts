// Diagnostic codes of the scorel area. Loader verdict codes (loader: true) keep the upstream code verbatim;
// sightline's own findings use SCREAMING_SNAKE codes prefixed with the area.
// Invariant codes follow docs/scorel.md §12: "E" = the shipped loader rejects (error), "V" = audit-level
// (warning), "D" = design-profile rule (warning, only under --profile design).
import { show, type Catalogue, type CodeSpec } from "../../shared/codes/types.js";
import { wordScorelProblem, type ScorelProblem } from "./problems.js";

/** Loader verdict: the upstream SessionStoreError code, worded with the upstream message (args.message). */
const loader = (title: string): CodeSpec<{ message: string }> => ({
  severity: "error",
  title,
  message: (a: { message: string }) => show(a.message),
  loader: true,
});

/** An invariant finding: title names the level and number; the args say what was found (problems.ts). */
const inv = (level: "E" | "V" | "D", no: string, what: string): CodeSpec<ScorelProblem> => ({
  severity: level === "E" ? "error" : "warning",
  title: `Invariant ${no} (${level === "E" ? "loader-level, E" : `audit-level, ${level}`}): ${what}`,
  message: wordScorelProblem,
});

export const scorelCodes = {
  // ---- loader verdict: what the real loadSession of the profile does (it stops at the first error) ----
  missing_header: loader("Scorel loader: physical line 1 is empty"),
  invalid_json: loader("Scorel loader: a non-empty line is not JSON"),
  invalid_header: loader("Scorel loader: the header (or an event's sessionId) is malformed"),
  session_mismatch: loader("Scorel loader: an event belongs to another session"),
  invalid_event: loader("Scorel loader: unsupported event type, bad base fields or payload"),
  duplicate_event_id: loader("Scorel loader: an event id is used twice"),
  non_monotonic_seq: loader("Scorel loader: seq does not increase"),
  invalid_parent: loader("Scorel loader: a tree event's parent is not an earlier tree event"),
  SCOREL_G0_LOAD_ERROR: {
    severity: "error",
    title: "Scorel G0 loader (SessionStore.readEntries / replayLogEntries) throws; upstream Error has no code",
    message: (a: { message: string }) => show(a.message),
    loader: true,
  },
  // ---- profile notes ----
  SCOREL_DESIGN_NOT_SHIPPED: {
    severity: "info",
    title: "A design-model file: every shipped loader rejects it (usually invalid_event), the design model reads it",
    message: (a: { code: string; message: string; line?: number }) =>
      `The shipped Scorel loaders reject this file (P5: ${show(a.code)} "${show(a.message)}"${a.line !== undefined ? ` at line ${show(a.line)}` : ""}); read with the design model, where it is valid`,
  },
  SCOREL_NOT_IN_TREE: {
    severity: "info",
    title: "A tree event hangs under an event that is itself left out of the tree (reported there)",
    message: (a: { id?: string; parentId: string; parentLine?: number }) =>
      `Event ${show(a.id)} is left out of the tree: its parent ${show(a.parentId)} (line ${show(a.parentLine)}) is not in the tree`,
  },
  // ---- G0 (pre-v1 log.jsonl, docs/scorel.md §11) ----
  SCOREL_G0_UNSUPPORTED_KIND: {
    severity: "error",
    title: "G0: an entry kind the G0 reader does not know",
    message: (a: { kind: unknown }) => `Unsupported session log entry kind: ${show(a.kind)}`,
  },
  SCOREL_G0_NOT_AN_ENTRY: { severity: "error", title: "G0: a line is not an object with a kind", message: () => "Entry is not an object" },
  SCOREL_G0_REWIND_TARGET: {
    severity: "error",
    title: "G0: a rewind names no active message or a non-user message",
    // The G0 replay's own Error text (what fails the load), with the role sightline adds for a non-user target.
    message: (a: { target: unknown; why: "not-found" } | { target: unknown; why: "not-user"; role: unknown }) =>
      `Cannot rewind to ${String(a.target)}: ${a.why === "not-user" ? `not a rewindable turn boundary (role ${JSON.stringify(a.role)})` : "message id was not found in active history"}`,
  },
  SCOREL_G0_MESSAGE_MISSING: {
    severity: "error",
    title: "G0: a message entry has no message object (the replay crashes)",
    message: (a: { id: string }) => `Message entry ${a.id} has no message object`,
  },
  SCOREL_G0_DUPLICATE_ID: {
    severity: "warning",
    title: "G0: two message entries share an id",
    message: (a: { id: string; firstLine: number }) => `Message id ${show(a.id)} is used again (first on line ${show(a.firstLine)})`,
  },
  // ---- invariants, docs/scorel.md §12 (E = loader-level error, V = audit warning, D = design profile) ----
  SCOREL_INV_01_MISSING_HEADER: inv("E", "1", "physical line 1 is non-empty"),
  SCOREL_INV_02_INVALID_JSON: inv("E", "2", "every non-empty line is valid JSON"),
  SCOREL_INV_03_INVALID_HEADER: inv("E", "3", "header has version 1, sessionId, deviceId, createdAt and meta.projectId"),
  SCOREL_INV_04_MISPLACED_EVENT: inv("E", "4", "no session_header after line 1 and no transient event types"),
  SCOREL_INV_05_SESSION_MISMATCH: inv("E", "5", "every event has a string sessionId equal to the header's"),
  SCOREL_INV_06_INVALID_EVENT: inv("E", "6", "event type supported by the generation, base fields of the right types"),
  SCOREL_INV_07_DUPLICATE_ID: inv("E", "7", "event ids unique across tree and control events"),
  SCOREL_INV_08_NON_MONOTONIC_SEQ: inv("E", "8", "seq strictly increasing in file order, starting above 0"),
  SCOREL_INV_08B_TS_ORDER: inv("V", "8b", "ts non-decreasing in file order and not before the header's createdAt"),
  SCOREL_INV_09_ROOT: inv("E", "9", "exactly one tree event has parentId null and it is the first tree event"),
  SCOREL_INV_10_PARENT: inv("E", "10", "every other tree event's parentId names an earlier tree event"),
  SCOREL_INV_11_CONTROL_PARENT: inv("V", "11", "control events carry parentId null"),
  SCOREL_INV_12_ROLE_MISMATCH: inv("V", "12", "message role matches the event type"),
  SCOREL_INV_13_CONTENT_BLOCKS: inv("V", "13", "message.content is an array of known block types"),
  SCOREL_INV_14_ORPHAN_TOOL_RESULT: inv("V", "14", "tool results answer tool calls of the nearest assistant; tool calls are answered"),
  SCOREL_INV_15_LEAF_NOT_TREE: inv("V", "15", "leaf / anchor requests name tree events only"),
  SCOREL_INV_16_HARNESS_ITEM: inv("E", "16", "harness_item.item has string kind/origin/content and a known visibility"),
  SCOREL_INV_17_HARNESS_ENUM: inv("V", "17", "harness kind and origin in the generation's enums; steer comes from the user"),
  SCOREL_INV_18_COMPACT_PAYLOAD: inv("E", "18", "compact has summary, compactedThrough, tokensBefore, tokensAfter, retainedEventCount"),
  SCOREL_INV_19_COMPACT_SHAPE: inv(
    "V",
    "19",
    "compactedThrough is an ancestor of the compact; retainedEventCount a non-negative integer; no compact directly under a compact",
  ),
  SCOREL_INV_20_CONTEXT_CONTROL_PAYLOAD: inv("E", "20", "context_control is a well-formed hide_user_turn"),
  SCOREL_INV_21_CONTEXT_CONTROL_SPAN: inv("V", "21", "context_control hides one user turn on one root path, after both ends"),
  SCOREL_INV_22_INSTRUCTION_SNAPSHOT: inv("E", "22", "instruction_snapshot has version 1, cwd and well-typed sections"),
  SCOREL_INV_23_SNAPSHOT_PLACEMENT: inv("V", "23", "one instruction_snapshot before the first user message, six canonical sections"),
  SCOREL_INV_24_QUEUE_UPDATE: inv("E", "24", "queue_update is a well-formed rewrite"),
  SCOREL_INV_25_QUEUE_CONSUMPTION: inv("V", "25", "consumed queue items were queued and removed first; anchors name tree events"),
  SCOREL_INV_26_SKILL_INDEX: inv("E", "26", "skill index events are well-formed"),
  SCOREL_INV_27_TITLE_UPDATE: inv("E", "27", "session_title_updated has a non-empty title, a known source and a well-formed derivedFrom"),
  SCOREL_INV_27_TITLE_DERIVED_FROM: inv("V", "27", "session_title_updated.derivedFrom names an existing event with that seq"),
  SCOREL_INV_28_REWIND_TARGET: inv("D", "28", "rewind target exists, is earlier, a turn boundary, not before the latest compact; next message hangs under it"),
  SCOREL_INV_29_BRANCH_LEAF: inv("D", "29", "branch leafEventId exists and is a leaf at that time"),
  SCOREL_INV_30_COMPACT_THROUGH: inv("D", "30", "compact.compactedThrough lies on the compact's root path"),
  SCOREL_INV_31_CHANNEL_INJECT: inv("D", "31", "channel_inject is immediately followed by the message it annotates"),
  SCOREL_INV_32_INTERNAL_ROLE: inv("D", "32", "internal-role and custom content reaches the model only via custom_message"),
  SCOREL_INV_33_MODEL_SELECTED: inv(
    "E",
    "33",
    "session_model_selected (P6) has a selectedModel with string modelId/providerId/provider/id/displayName and a known reasoningEffort",
  ),
} satisfies Catalogue;

// The catalogue's types learn this table here (the format registry adds it to the catalogue at run time).
declare module "../../shared/codes.js" {
  interface CodeTables {
    scorel: typeof scorelCodes;
  }
}
