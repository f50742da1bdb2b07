// The LogEntry / SystemItem / LoggedItem / Segment catalogues of both readers (docs/yoi.md §2, §3), as
// serde would deserialize them: seed = e0caf7d1, head = b12e0785 (types checked against the sources).
import type { YoiProfile } from "./model.js";
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
};

export const SYSTEM_ITEM_KINDS: Record<YoiProfile, readonly string[]> = {
  seed: ["notification", "pod_event", "file_attachment", "knowledge", "workflow", "task_reminder", "interrupt"],
  head: ["notification", "worker_event", "file_attachment", "skill_activation", "knowledge", "workflow", "task_reminder", "interrupt"],
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
  if (p === "head") toolResult.attachments = opt(vec(tagged("LoggedAttachment", { image: { mime_type: str, data: base64 } })));
  return tagged("LoggedItem", {
    message: { role, content: vec(contentPart) },
    tool_call: { call_id: str, name: str, arguments: str },
    tool_result: toolResult,
    reasoning: { text: str, summary: opt(vec(str)), encrypted_content: optNull(str), signature: optNull(str) },
  });
}

const scopeRule = struct("ScopeRule", { target: path, permission: unitEnum("Permission", ["read", "write"]), recursive: opt(bool) });

function inputSegment(p: YoiProfile): Check {
  const common: Record<string, Fields> = {
    text: { content: str },
    paste: { id: u32, chars: u32, lines: u32, content: str },
    file_ref: { path: str },
  };
  const extra: Record<string, Fields> = p === "seed" ? { knowledge_ref: { slug: str }, workflow_invoke: { slug: str } } : { flow: { selector: str } };
  // #[serde(other)] Unknown: an unknown kind deserializes (flattened per era, docs/yoi.md §2.2).
  return tagged("Segment", { ...common, ...extra }, true);
}

const provenance = optNull(
  struct("PromptRenderProvenance", { workspace_id: optNull(str), config_revision: u64, source_digest: str, projection_digest: str, logical_name: str }),
);
const reminderSource = opt(unitEnum("SystemReminderSource", ["task_inactivity"]));

function systemItem(p: YoiProfile): Check {
  if (p === "seed") {
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

function logEntry(p: YoiProfile): Check {
  const item = loggedItem(p);
  const invokeKinds =
    p === "seed" ? ["user_send", "notify", "pod_event", "system_reminder", "wakeup"] : ["user_send", "notify", "worker_event", "system_reminder", "wakeup"];
  const runResult = unitEnum(p === "seed" ? "WorkerResult" : "EngineResult", ["finished", "paused", "limit_reached", "yielded"]);
  const userInput: Fields = { ts: u64, segments: vec(inputSegment(p)) };
  if (p === "head") userInput.extensions = opt(vec(struct("SessionExtension", { domain: str, payload: any })));
  const variants: Record<string, Fields> = {
    segment_start: {
      ts: u64,
      session_id: uuid,
      system_prompt: optNull(str),
      config: requestConfig,
      history: vec(item),
      forked_from: optNull(segmentOrigin),
      compacted_from: optNull(segmentOrigin),
    },
    invoke: { ts: u64, trigger: unitEnum("InvokeKind", invokeKinds) },
    user_input: userInput,
    assistant_item: { ts: u64, item },
    tool_result: { ts: u64, item },
    system_item: { ts: u64, item: systemItem(p) },
    turn_end: { ts: u64, turn_count: usize },
    run_completed: { ts: u64, interrupted: bool, result: runResult },
    run_errored: { ts: u64, interrupted: bool, message: str },
    ...(p === "head" ? { paused_turn_abandoned: { ts: u64 } } : {}),
    config_changed: { ts: u64, config: requestConfig },
    llm_usage: { ts: u64, history_len: usize, input_total_tokens: u64, cache_read_tokens: u64, cache_write_tokens: u64, output_tokens: u64 },
    extension: { ts: u64, domain: str, payload: any },
  };
  return tagged("LogEntry", variants);
}

const podScope = struct("PodScopeSnapshot", { allow: vec(scopeRule), deny: vec(scopeRule) });

/** Seed era: whether a `pod.scope` extension payload deserializes as PodScopeSnapshot (null = yes). */
export const checkPodScope = (payload: unknown): string | null => podScope(payload);

const cache: Partial<Record<YoiProfile, Check>> = {};

/** The serde check of one parsed line for a reader profile: null = deserializes, else serde's message. */
export function checkLogEntry(p: YoiProfile, value: unknown): string | null {
  const c = (cache[p] ??= logEntry(p));
  return c(value);
}
