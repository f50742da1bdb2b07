// Diagnostic codes of the yoi area. Loader verdict codes (loader: true) keep the upstream code verbatim;
// sightline's own findings use SCREAMING_SNAKE codes prefixed with the area.
import { show, type Catalogue } from "../../shared/codes/types.js";

/** How a task_reminder body departs from its era's wrapping (docs/yoi.md §8.8). */
const REMINDER_WRAP = {
  "head-still-wrapped": "head task_reminder body still holds a <system-reminder> wrapper (replayed as is)",
  "seed-not-wrapped": "seed task_reminder body is not wrapped in <system-reminder>\\n…\\n</system-reminder>",
  "seed-wrapped-twice": "seed task_reminder body is wrapped more than once",
} as const;
export type ReminderWrapProblem = keyof typeof REMINDER_WRAP;

export const yoiCodes = {
  // docs/yoi.md §1: StoreError::Corrupt {line, message}; the whole segment fails to load.
  corrupt: {
    severity: "error",
    title: "yoi loader verdict: the segment fails to load (StoreError::Corrupt)",
    // StoreError's Display; the seed reader's invalid UTF-8 fails in read_to_string (StoreError::Io) instead.
    message: (a: { upstream?: string; detail: string; line: number }) =>
      a.upstream === "io" ? `I/O error: ${show(a.detail)}` : `log corrupted at line ${show(a.line)}: ${show(a.detail)}`,
    loader: true,
  },
  YOI_INVALID_ENTRY: {
    severity: "error",
    title: "A further line the yoi reader cannot deserialize (after the loader verdict)",
    message: (a: { profile: string; detail: string }) => `Line is not a valid ${show(a.profile)} LogEntry: ${show(a.detail)}`,
  },
  YOI_TORN_TAIL_IGNORED: {
    severity: "warning",
    title: "An unterminated last line that the HEAD reader ignores",
    message: () => "The last line has no \\n: the head reader ignores it (not committed)",
  },
  YOI_BETWEEN_ERAS: {
    severity: "warning",
    title: "A file with post-seed features (written between the eras or at head), read with head (docs/product.md §2)",
    message: (a: { features: string }) =>
      `File has post-seed features (${show(a.features)}): read with profile head, not the seed default; option \`profile\` chooses`,
  },
  YOI_FIRST_NOT_SEGMENT_START: {
    severity: "error",
    title: "The first entry is not segment_start (docs/yoi.md §8.2)",
    message: (a: { kind: string }) => `First entry is ${show(a.kind)}, not segment_start`,
  },
  YOI_SEGMENT_START_REPEATED: {
    severity: "error",
    title: "More than one segment_start in a segment (docs/yoi.md §8.2)",
    message: () => "A second segment_start: it replaces the whole history on replay",
  },
  YOI_SESSION_DIR_MISMATCH: {
    severity: "warning",
    title: "segment_start.session_id differs from the session directory (docs/yoi.md §8.2)",
    message: (a: { sessionId: string; dir: string }) => `session_id ${show(a.sessionId)} differs from directory ${show(a.dir)}`,
  },
  YOI_BOTH_ORIGINS: {
    severity: "error",
    title: "Both forked_from and compacted_from are set (docs/yoi.md §8.3)",
    message: () => "segment_start has both forked_from and compacted_from",
  },
  YOI_ORIGIN_MISSING: {
    severity: "warning",
    title: "The segment an origin points to is not in the session (docs/yoi.md §8.3)",
    message: (a: { segmentId: string }) => `Source segment ${show(a.segmentId)} is not in this session`,
  },
  YOI_ORIGIN_TURN: {
    severity: "warning",
    title: "at_turn_index is above the source's final turn_count (docs/yoi.md §8.3)",
    message: (a: { at: number; final: number }) => `at_turn_index ${show(a.at)} > source final turn_count ${show(a.final)}`,
  },
  YOI_TURN_COUNT_ORDER: {
    severity: "error",
    title: "turn_end.turn_count does not increase (docs/yoi.md §8.4)",
    message: (a: { value: number; prev: number; expected: number }) => `turn_count ${show(a.value)} after ${show(a.prev)} (expected ${show(a.expected)})`,
  },
  YOI_INVOKE_PAYLOAD: {
    severity: "warning",
    title: "An invoke is not followed by its payload entry (docs/yoi.md §8.5)",
    message: (a: { trigger: unknown; next: string; expected: string }) =>
      `invoke(${show(a.trigger)}) is followed by ${show(a.next)}, expected ${show(a.expected)}`,
  },
  YOI_INVOKE_UNTERMINATED: {
    severity: "warning",
    title: "An invoke without a terminal run record (docs/yoi.md §8.5)",
    message: (a: { trigger: unknown; head?: boolean }) =>
      `invoke(${show(a.trigger)}) has no run_completed / run_errored / paused_turn_abandoned${a.head ? " (restore reports last_run_interrupted = true)" : ""}`,
  },
  YOI_TOOL_RESULT_ORPHAN: {
    severity: "warning",
    title: "A tool_result without an open tool_call (docs/yoi.md §8.6)",
    message: (a: { callId: string; duplicate?: boolean }) =>
      `tool_result for ${show(a.callId)} has ${a.duplicate ? "an earlier result already" : "no earlier tool_call"}`,
  },
  YOI_TOOL_CALL_OPEN: {
    severity: "warning",
    title: "Tool calls still open when new user input arrives (docs/yoi.md §8.6)",
    message: (a: { callIds: string[] }) => `Tool calls without results before new input: ${show(a.callIds)}`,
  },
  YOI_REMINDER_WRAP: {
    severity: "warning",
    title: "task_reminder body not wrapped as its era wrote it (docs/yoi.md §8.8)",
    message: (a: { problem: ReminderWrapProblem }) => REMINDER_WRAP[a.problem],
  },
  YOI_NOTIFICATION_BODY: {
    severity: "warning",
    title: "A notification / pod_event / worker_event body is empty or not from the default template (docs/yoi.md §8.9)",
    message: (a: { kind: string; empty: boolean }) => `${a.kind} body ${a.empty ? "is empty" : "does not start with [Notification] (custom template?)"}`,
  },
  YOI_USAGE_HISTORY_LEN: {
    severity: "warning",
    title: "llm_usage.history_len exceeds the replayed history (docs/yoi.md §8.10)",
    message: (a: { value: unknown; len: number }) => `history_len ${show(a.value)} > replayed history length ${show(a.len)}`,
  },
  YOI_TS_DECREASING: {
    severity: "warning",
    title: "ts goes backwards (docs/yoi.md §8.10)",
    message: (a: { ts: number; prev: number }) => `ts ${show(a.ts)} < previous ${show(a.prev)}`,
  },
  YOI_UNKNOWN_SEGMENT: {
    severity: "warning",
    title: "user_input holds an unknown segment atom (docs/yoi.md §8.11)",
    message: (a: { index: number; kind: unknown; as: string }) =>
      `segments[${show(a.index)}] has unknown kind ${show(a.kind)} (lossy: replays as ${show(a.as)})`,
  },
  YOI_POD_SCOPE_MALFORMED: {
    severity: "warning",
    title: "A seed-era pod.scope extension the reader discards (docs/yoi.md §2 extension)",
    message: (a: { detail: string }) => `pod.scope payload is not a PodScopeSnapshot (${show(a.detail)}); the seed reader ignores it`,
  },
  YOI_EMPTY_REPLAY_ITEM: {
    severity: "warning",
    title: "A system_item the head reader replays as an empty message (docs/yoi.md §8.12)",
    message: (a: { kind: string }) => `${show(a.kind)} item replays as an empty system message under head`,
  },
  YOI_ENTRY_ID_EMPTY: {
    severity: "warning",
    title: "A v3 history entry with an empty entry_id (docs/yoi.md §9.7)",
    message: (a: { index: number }) => `History entry ${show(a.index)} of this record has an empty metadata.entry_id`,
  },
  YOI_ENTRY_ID_DUPLICATE: {
    severity: "warning",
    title: "Two v3 history entries of one segment share an entry_id (docs/yoi.md §9.7)",
    message: (a: { entryId: string; first: string }) => `metadata.entry_id ${show(a.entryId)} already names the entry of ${show(a.first)}`,
  },
} satisfies Catalogue;

// The catalogue's types learn this table here (the format registry adds it to the catalogue at run time).
declare module "../../shared/codes.js" {
  interface CodeTables {
    yoi: typeof yoiCodes;
  }
}
