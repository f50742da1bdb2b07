// collect_state (docs/yoi.md §2, §4): the RestoredState fold over a segment's entries, per reader era.
// The history is a persistent list so turn contexts can share prefixes (docs/product.md §8).
import { isObject } from "../../shared/json.js";
import { fromArray, push, toArray, type List } from "../../shared/plist.js";
import { checkPodScope } from "./catalog.js";
import type { YoiContentPart, YoiEntry, YoiHistoryItem, YoiItem, YoiProfile, YoiSession } from "./model.js";

export interface UsageRecord {
  history_len: number;
  input_total_tokens: number;
  cache_read_tokens: number;
  cache_write_tokens: number;
  output_tokens: number;
}

export interface YoiRestoredState {
  session_id: string | null;
  system_prompt: string | null;
  config: unknown;
  history: YoiHistoryItem[];
  turn_count: number;
  last_run_interrupted: boolean;
  entries_count: number;
  usage_history: UsageRecord[];
  extensions: Array<[string, unknown]>;
  user_segments: unknown[][];
  /** Seed era only: the latest well-formed `pod.scope` extension payload. */
  pod_scope?: { allow: unknown[]; deny: unknown[] } | null;
}

/** The fold state while walking: like YoiRestoredState but with a persistent history. */
export interface FoldState extends Omit<YoiRestoredState, "history"> {
  history: List<YoiHistoryItem>;
}

/**
 * RequestConfig::default() as the writer serialises it (unset options as null, no stop sequences; `reasoning`
 * is left out when unset, as in every recorded segment_start): what an empty segment log restores to.
 */
export const defaultRequestConfig = (): Record<string, unknown> => ({ max_tokens: null, temperature: null, top_p: null, top_k: null, stop_sequences: [] });

export function initialState(profile: YoiProfile): FoldState {
  const s: FoldState = {
    session_id: null,
    system_prompt: null,
    config: defaultRequestConfig(),
    history: null,
    turn_count: 0,
    last_run_interrupted: false,
    entries_count: 0,
    usage_history: [],
    extensions: [],
    user_segments: [],
  };
  if (profile === "seed") s.pod_scope = null;
  return s;
}

/** Segment::flatten_to_text per era (docs/yoi.md §2.2). */
export function flattenSegments(segments: readonly unknown[], profile: YoiProfile): string {
  let out = "";
  for (const seg of segments) {
    const s = isObject(seg) ? seg : {};
    const k = s.kind;
    if (k === "text" || k === "paste") out += s.content as string;
    else if (k === "file_ref") out += `@${s.path as string}`;
    else if (profile === "seed" && k === "knowledge_ref") out += `#${s.slug as string}`;
    else if (profile === "seed" && k === "workflow_invoke") out += `/${s.slug as string}`;
    else if (profile === "head" && k === "flow") out += `[Flow: ${s.selector as string}]`;
    // Unknown (#[serde(other)]): seed emits the marker text "[unknown input segment]", HEAD nothing (its doc comment still says otherwise).
    else if (profile === "seed") out += "[unknown input segment]";
  }
  return out;
}

/** SystemItem::history_text per era (docs/yoi.md §3, §4): HEAD empties `knowledge` and replaces `workflow`. */
export function historyText(item: Record<string, unknown>, profile: YoiProfile): string {
  if (profile === "head") {
    if (item.kind === "knowledge") return "";
    if (item.kind === "workflow") return `Ignored legacy procedure item: /${item.slug as string}`;
  }
  return item.body as string;
}

/** LoggedItem → Item: the persisted shape, ids/status dropped (they are not on disk). */
export function toItem(raw: unknown): YoiItem {
  const r = raw as Record<string, unknown>;
  switch (r.kind) {
    case "message":
      // serde also accepts the unit variant as a single-key map ({"assistant": null}).
      return {
        kind: "message",
        role: (typeof r.role === "string" ? r.role : Object.keys(r.role as object)[0]) as "user",
        content: r.content as YoiContentPart[],
      };
    case "tool_call":
      return { kind: "tool_call", call_id: r.call_id as string, name: r.name as string, arguments: r.arguments as string };
    case "tool_result": {
      const it: YoiItem = { kind: "tool_result", call_id: r.call_id as string, summary: r.summary as string };
      if (r.content != null) it.content = r.content as string;
      if (Array.isArray(r.attachments) && r.attachments.length > 0) it.attachments = r.attachments;
      if (r.is_error === true) it.is_error = true;
      return it;
    }
    default: {
      const it: YoiItem = { kind: "reasoning", text: r.text as string };
      if (Array.isArray(r.summary) && r.summary.length > 0) it.summary = r.summary as string[];
      if (r.encrypted_content != null) it.encrypted_content = r.encrypted_content as string;
      if (r.signature != null) it.signature = r.signature as string;
      return it;
    }
  }
}

const textMessage = (role: "user" | "system", text: string): YoiItem => ({ kind: "message", role, content: [{ kind: "text", text }] });

/**
 * Applies one entry to `n` in place (O(1): the arrays only grow, the history is persistent). Returns the
 * history items the entry appended (for incremental consumers); `reset` = segment_start replaced history.
 */
export function applyEntry(n: FoldState, e: YoiEntry, profile: YoiProfile): { added: YoiHistoryItem[]; reset: boolean } {
  const r = e.raw;
  n.entries_count++;
  let added: YoiHistoryItem[] = [];
  let reset = false;
  switch (e.kind) {
    case "segment_start": {
      n.session_id = r.session_id as string;
      n.system_prompt = (r.system_prompt as string | null | undefined) ?? null;
      n.config = r.config;
      added = (r.history as unknown[]).map((h) => ({ item: toItem(h), sourceId: e.id, seeded: true }));
      n.history = fromArray(added);
      reset = true;
      break;
    }
    case "invoke":
      if (profile === "head") n.last_run_interrupted = true; // seed: marker only
      break;
    case "user_input": {
      const segs = r.segments as unknown[];
      added = [{ item: textMessage("user", flattenSegments(segs, profile)), sourceId: e.id }];
      n.user_segments.push(segs);
      if (profile === "head" && Array.isArray(r.extensions) && r.extensions.length > 0) {
        for (const x of r.extensions as Array<{ domain: string; payload: unknown }>) n.extensions.push([x.domain, x.payload]);
      }
      break;
    }
    case "assistant_item":
    case "tool_result":
      added = [{ item: toItem(r.item), sourceId: e.id }];
      break;
    case "system_item": {
      const item = r.item as Record<string, unknown>;
      added = [{ item: textMessage("system", historyText(item, profile)), sourceId: e.id, systemKind: item.kind as string }];
      break;
    }
    case "turn_end":
      n.turn_count = r.turn_count as number;
      break;
    case "run_completed":
    case "run_errored":
      n.last_run_interrupted = r.interrupted as boolean;
      break;
    case "paused_turn_abandoned":
      n.last_run_interrupted = false;
      break;
    case "config_changed":
      n.config = r.config;
      break;
    case "llm_usage":
      n.usage_history.push({
        history_len: r.history_len as number,
        input_total_tokens: r.input_total_tokens as number,
        cache_read_tokens: r.cache_read_tokens as number,
        cache_write_tokens: r.cache_write_tokens as number,
        output_tokens: r.output_tokens as number,
      });
      break;
    case "extension":
      // Seed only: `pod.scope` is also folded into pod_scope; a malformed payload is ignored (tracing::warn).
      if (profile === "seed" && r.domain === "pod.scope" && checkPodScope(r.payload) === null) n.pod_scope = r.payload as { allow: unknown[]; deny: unknown[] };
      n.extensions.push([r.domain as string, r.payload]);
      break;
  }
  if (!reset) for (const a of added) n.history = push(n.history, a);
  return { added, reset };
}

/** The fold over entries[0..count) (all by default). */
export function foldEntries(entries: readonly YoiEntry[], profile: YoiProfile, count = entries.length): FoldState {
  const s = initialState(profile);
  for (let i = 0; i < count; i++) applyEntry(s, entries[i], profile);
  return s;
}

/** The full RestoredState of a segment as the chosen (or given) reader restores it. */
export function restoreYoi(session: YoiSession, profile: YoiProfile = session.profile): YoiRestoredState {
  const s = foldEntries(session.entries, profile);
  return { ...s, history: toArray(s.history) };
}
