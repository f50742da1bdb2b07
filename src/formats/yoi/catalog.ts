// The LogEntry / SystemItem / LoggedItem / Segment catalogues of the readers (docs/yoi.md §2, §3, §9), as
// serde would deserialize them: seed = e0caf7d1, head = b12e0785, v3 = 74139aeb (types checked against the
// sources; v3's item-level types are not stored at that commit and are taken as head's, docs/yoi.md §9.6).
import { itemEra, type YoiProfile } from "./model.js";
import {
  any,
  base64,
  bool,
  f32,
  i32,
  opt,
  optNull,
  path,
  str,
  struct,
  tagged,
  u32,
  u64,
  unitEnum,
  usize,
  uuid,
  vec,
  type Check,
  type Fields,
} from "./serde.js";

export const LOG_ENTRY_KINDS: Record<YoiProfile, readonly string[]> = {
  seed: [
    "segment_start",
    "invoke",
    "user_input",
    "assistant_item",
    "tool_result",
    "system_item",
    "turn_end",
    "run_completed",
    "run_errored",
    "config_changed",
    "llm_usage",
    "extension",
  ],
  head: [
    "segment_start",
    "invoke",
    "user_input",
    "assistant_item",
    "tool_result",
    "system_item",
    "turn_end",
    "run_completed",
    "run_errored",
    "paused_turn_abandoned",
    "config_changed",
    "llm_usage",
    "extension",
  ],
  // segment_log.rs @74139aeb, plus input_segments_checkpoint of a later v3 writer (docs/yoi.md §9.3).
  v3: [
    "annotated_segment_start",
    "invoke",
    "annotated_user_input",
    "annotated_assistant_item",
    "annotated_tool_result",
    "annotated_system_item",
    "turn_end",
    "run_completed",
    "run_errored",
    "active_run_checkpoint",
    "paused_turn_abandoned",
    "config_changed",
    "llm_usage",
    "extension",
    "input_segments_checkpoint",
  ],
};

export const SYSTEM_ITEM_KINDS: Record<YoiProfile, readonly string[]> = {
  seed: ["notification", "pod_event", "file_attachment", "knowledge", "workflow", "task_reminder", "interrupt"],
  head: ["notification", "worker_event", "file_attachment", "skill_activation", "knowledge", "workflow", "task_reminder", "interrupt"],
  v3: ["notification", "worker_event", "file_attachment", "skill_activation", "knowledge", "workflow", "task_reminder", "interrupt"],
};

// RequestConfig (llm client types.rs): stop_sequences has no serde default, so it is required.
const reasoningControl: Check = (v) => (typeof v === "string" ? null : i32(v) && `data did not match any variant of untagged enum ReasoningControl`);
const requestConfig = struct("RequestConfig", {
  max_tokens: optNull(u32),
  temperature: optNull(f32),
  top_p: optNull(f32),
  top_k: optNull(u32),
  stop_sequences: vec(str),
  reasoning: optNull(reasoningControl),
});

const segmentOrigin = struct("SegmentOrigin", { segment_id: uuid, at_turn_index: usize });

const contentPart = tagged("LoggedContentPart", { text: { text: str }, refusal: { refusal: str } });
const role = unitEnum("LoggedRole", ["user", "assistant", "system"]);

function loggedItem(p: YoiProfile): Check {
  const toolResult: Fields = { call_id: str, summary: str, content: optNull(str), is_error: opt(bool) };
  if (itemEra(p) === "head") toolResult.attachments = opt(vec(tagged("LoggedAttachment", { image: { mime_type: str, data: base64 } })));
  return tagged("LoggedItem", {
    message: { role, content: vec(contentPart) },
    tool_call: { call_id: str, name: str, arguments: str },
    tool_result: toolResult,
    reasoning: { text: str, summary: opt(vec(str)), encrypted_content: optNull(str), signature: optNull(str) },
  });
}

const scopeRule = struct("ScopeRule", { target: path, permission: unitEnum("Permission", ["read", "write"]), recursive: opt(bool) });

// protocol/src/lib.rs @09a33e72 (a v3-era protocol; its Segment enum at 74139aeb is not stored): session-owned
// artifact references in place of large pastes and uploaded files (docs/yoi.md §9.2).
const availability = unitEnum("Availability", ["available", "unavailable", "integrity_failed"]);
const V3_SEGMENTS: Record<string, Fields> = {
  paste_artifact: {
    artifact: struct("PasteArtifactRef", {
      artifact_id: str,
      created_at_ms: u64,
      media_type: unitEnum("PasteArtifactMediaType", ["text_plain_utf8"]),
      availability,
      byte_len: u64,
      char_count: u64,
      line_count: u64,
      sha256: str,
      source_entry_id: str,
    }),
  },
  uploaded_file: {
    file: struct("UploadedFileRef", {
      artifact_id: str,
      file_name: str,
      media_type: str,
      created_at_ms: u64,
      availability,
      byte_len: u64,
      sha256: str,
      source_entry_id: optNull(str),
    }),
  },
};

function inputSegment(p: YoiProfile): Check {
  const common: Record<string, Fields> = {
    text: { content: str },
    paste: { id: u32, chars: u32, lines: u32, content: str },
    file_ref: { path: str },
  };
  const extra: Record<string, Fields> = itemEra(p) === "seed" ? { knowledge_ref: { slug: str }, workflow_invoke: { slug: str } } : { flow: { selector: str } };
  if (p === "v3") Object.assign(extra, V3_SEGMENTS);
  // #[serde(other)] Unknown: an unknown kind deserializes (flattened per era, docs/yoi.md §2.2).
  return tagged("Segment", { ...common, ...extra }, true);
}

const provenance = optNull(
  struct("PromptRenderProvenance", { workspace_id: optNull(str), config_revision: u64, source_digest: str, projection_digest: str, logical_name: str }),
);
const reminderSource = opt(unitEnum("SystemReminderSource", ["task_inactivity"]));

function systemItem(p: YoiProfile): Check {
  if (itemEra(p) === "seed") {
    const podEvent = tagged("PodEvent", {
      turn_ended: { pod_name: str },
      errored: { pod_name: str, message: str },
      shut_down: { pod_name: str },
      scope_sub_delegated: { parent_pod: str, sub_pod: str, sub_socket: path, scope: vec(scopeRule) },
    });
    return tagged("SystemItem", {
      notification: { message: str, body: str },
      pod_event: { event: podEvent, body: str },
      file_attachment: { path: str, body: str },
      knowledge: { slug: str, body: str },
      workflow: { slug: str, body: str },
      task_reminder: { source: reminderSource, body: str },
      interrupt: { body: str },
    });
  }
  const workerEvent = tagged("WorkerEvent", {
    turn_ended: { worker_name: str },
    errored: { worker_name: str, message: str },
    shut_down: { worker_name: str },
    scope_sub_delegated: { parent_worker: str, sub_worker: str, sub_socket: path, scope: vec(scopeRule) },
  });
  return tagged("SystemItem", {
    notification: { message: str, body: str, prompt_provenance: provenance },
    worker_event: { event: workerEvent, body: str, prompt_provenance: provenance },
    file_attachment: { path: str, body: str },
    skill_activation: { name: str, body: str },
    knowledge: { slug: str, body: str },
    // LegacyIgnored { slug }: `body` and any other field are ignored.
    workflow: { slug: str },
    task_reminder: { source: reminderSource, body: str, prompt_provenance: provenance },
    interrupt: { body: str, prompt_provenance: provenance },
  });
}

// history.rs @74139aeb: the metadata every v3 history record carries (docs/yoi.md §9.2).
const workerSubject = struct("LoggedWorkerSubject", { workspace_id: optNull(str), runtime_id: optNull(str), worker_id: str });
const historyMetadata = struct("LoggedSessionHistoryMetadata", {
  entry_id: str, // LoggedSessionHistoryEntryId: #[serde(transparent)] String
  origin: tagged("LoggedSessionHistoryOrigin", {
    local_human_input: {},
    human_input: { account_id: str },
    worker_input: { actor: workerSubject },
    flow_instruction: { selector: str, definition_id: str, definition_revision: u64, instance_id: str, state_id: str },
    backend_instruction: { operation_id: optNull(str) },
    model_output: { worker: workerSubject },
    tool_output: { worker: workerSubject },
    derived_summary: {},
    legacy_unknown: {},
  }),
  derivation: optNull(struct("LoggedHistoryDerivation", { sources: vec(str) })),
});

function logEntry(p: YoiProfile): Check {
  const item = loggedItem(p);
  const invokeKinds =
    p === "seed" ? ["user_send", "notify", "pod_event", "system_reminder", "wakeup"] : ["user_send", "notify", "worker_event", "system_reminder", "wakeup"];
  const runResult = unitEnum(p === "seed" ? "WorkerResult" : "EngineResult", ["finished", "paused", "limit_reached", "yielded"]);
  const extensions = opt(vec(struct("SessionExtension", { domain: str, payload: any })));
  const userInput: Fields = { ts: u64, segments: vec(inputSegment(p)) };
  if (p === "head") userInput.extensions = extensions;
  const start: Fields = {
    ts: u64,
    session_id: uuid,
    system_prompt: optNull(str),
    config: requestConfig,
    history: vec(item),
    forked_from: optNull(segmentOrigin),
    compacted_from: optNull(segmentOrigin),
  };
  const common: Record<string, Fields> = {
    invoke: { ts: u64, trigger: unitEnum("InvokeKind", invokeKinds) },
    turn_end: { ts: u64, turn_count: usize },
    run_completed: { ts: u64, interrupted: bool, result: runResult },
    run_errored: { ts: u64, interrupted: bool, message: str },
    ...(p !== "seed" ? { paused_turn_abandoned: { ts: u64 } } : {}),
    config_changed: { ts: u64, config: requestConfig },
    llm_usage: { ts: u64, history_len: usize, input_total_tokens: u64, cache_read_tokens: u64, cache_write_tokens: u64, output_tokens: u64 },
    extension: { ts: u64, domain: str, payload: any },
  };
  if (p === "v3") {
    const entry = struct("LoggedHistoryEntry", { item, metadata: historyMetadata });
    const systemEntry = struct("LoggedSystemHistoryEntry", { item: systemItem(p), metadata: historyMetadata });
    return tagged("LogEntry", {
      annotated_segment_start: { ...start, history: vec(entry) },
      invoke: common.invoke,
      annotated_user_input: { ts: u64, segments: vec(inputSegment(p)), extensions, history: vec(entry) },
      annotated_assistant_item: { ts: u64, entry },
      annotated_tool_result: { ts: u64, entry },
      annotated_system_item: { ts: u64, entry: systemEntry },
      turn_end: common.turn_end,
      run_completed: { ...common.run_completed, active_run_turn_count: optNull(usize) },
      run_errored: common.run_errored,
      active_run_checkpoint: { ts: u64, active_turn_count: usize, total_turn_count: usize },
      paused_turn_abandoned: common.paused_turn_abandoned,
      config_changed: common.config_changed,
      llm_usage: common.llm_usage,
      extension: common.extension,
      // A later v3 writer's record (segment.rs seed_entries); only its constructor is stored (docs/yoi.md §9.3).
      input_segments_checkpoint: { ts: u64, user_segments: vec(vec(inputSegment(p))) },
    });
  }
  return tagged("LogEntry", {
    segment_start: start,
    invoke: common.invoke,
    user_input: userInput,
    assistant_item: { ts: u64, item },
    tool_result: { ts: u64, item },
    system_item: { ts: u64, item: systemItem(p) },
    ...common,
  });
}

const podScope = struct("PodScopeSnapshot", { allow: vec(scopeRule), deny: vec(scopeRule) });

/** Seed era: whether a `pod.scope` extension payload deserializes as PodScopeSnapshot (null = yes). */
export const checkPodScope = (payload: unknown): string | null => podScope(payload);

const cache: Partial<Record<YoiProfile, Check>> = {};

/** The history records schema 3 replaces with annotated ones (docs/yoi.md §9.2). */
export const LEGACY_HISTORY: ReadonlySet<string> = new Set(["segment_start", "user_input", "assistant_item", "tool_result", "system_item"]);

/**
 * The v3 store migrating a schema 1/2 segment (legacy_session_log.rs @74139aeb): an untagged choice between a
 * legacy history record (head's shapes, docs/yoi.md §9.6) and a current LogEntry.
 */
export function checkMigratingEntry(value: unknown): string | null {
  const kind = value !== null && typeof value === "object" ? (value as Record<string, unknown>).kind : undefined;
  if (typeof kind === "string" && LEGACY_HISTORY.has(kind) && checkLogEntry("head", value) === null) return null;
  return checkLogEntry("v3", value) === null ? null : "data did not match any variant of untagged enum LegacySessionLogEntryV2";
}

/** The serde check of one parsed line for a reader profile: null = deserializes, else serde's message. */
export function checkLogEntry(p: YoiProfile, value: unknown): string | null {
  cache[p] ??= logEntry(p);
  const c = cache[p];
  return c(value);
}
