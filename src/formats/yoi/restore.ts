// collect_state (docs/yoi.md §2, §4): the RestoredState fold over a segment's entries, per reader era.
// The history is a persistent list so turn contexts can share prefixes (docs/product.md §8).
import { isObject } from "../../shared/json.js";
import { fromArray, push, toArray, type List } from "../../shared/plist.js";
import { checkPodScope } from "./catalog.js";
import { baseKind, itemEra, type YoiContentPart, type YoiEntry, type YoiHistoryItem, type YoiItem, type YoiProfile, type YoiSession } from "./model.js";

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
  /** v3 only: AgentTurns consumed by the active paused/yielded logical run (docs/yoi.md §9.5). */
  active_run_turn_count?: number | null;
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
  if (profile === "v3") s.active_run_turn_count = null;
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
    else if (itemEra(profile) === "seed" && k === "knowledge_ref") out += `#${s.slug as string}`;
    else if (itemEra(profile) === "seed" && k === "workflow_invoke") out += `/${s.slug as string}`;
    else if (itemEra(profile) === "head" && k === "flow") out += `[Flow: ${s.selector as string}]`;
    // Unknown (#[serde(other)]): seed emits the marker text "[unknown input segment]", HEAD nothing (its doc comment still says otherwise).
    else if (itemEra(profile) === "seed") out += "[unknown input segment]";
  }
  return out;
}

/** SystemItem::history_text per era (docs/yoi.md §3, §4): HEAD empties `knowledge` and replaces `workflow`. */
export function historyText(item: Record<string, unknown>, profile: YoiProfile): string {
  if (itemEra(profile) === "head") {
    if (item.kind === "knowledge") return "";
    if (item.kind === "workflow") return `Ignored legacy procedure item: /${item.slug as string}`;
  }
  return item.body as string;
}

type KeepIf = readonly [key: string, keep: (v: unknown) => boolean];
const notNull = (v: unknown): boolean => v != null;
const nonEmpty = (v: unknown): boolean => Array.isArray(v) && v.length > 0;
const isTrue = (v: unknown): boolean => v === true;
const TOOL_RESULT_OPTIONAL: readonly KeepIf[] = [
  ["content", notNull],
  ["attachments", nonEmpty],
  ["is_error", isTrue],
];
const REASONING_OPTIONAL: readonly KeepIf[] = [
  ["summary", nonEmpty],
  ["encrypted_content", notNull],
  ["signature", notNull],
];

/**
 * Whether `r` already is what toItem would copy it to: its own keys are `fixed`, then some of `optional` in
 * that order, each with a value the copy keeps. (Nearly every logged item is: it is then used as it is.)
 */
export function isItemShape(r: Record<string, unknown>, fixed: readonly string[], optional: readonly KeepIf[] = []): boolean {
  let i = 0;
  let j = 0;
  for (const k in r) {
    if (i < fixed.length) {
      if (k !== fixed[i++]) return false;
      continue;
    }
    while (j < optional.length && optional[j][0] !== k) j++;
    if (j === optional.length || !optional[j][1](r[k])) return false;
    j++;
  }
  return i === fixed.length;
}

/**
 * LoggedItem → Item: the persisted shape, ids/status dropped (they are not on disk). A logged item already of
 * that shape is returned itself (parsed records are never mutated), else copied to it.
 */
export function toItem(raw: unknown): YoiItem {
  const r = raw as Record<string, unknown>;
  switch (r.kind) {
    case "message":
      if (typeof r.role === "string" && isItemShape(r, ["kind", "role", "content"])) return r as unknown as YoiItem;
      // serde also accepts the unit variant as a single-key map ({"assistant": null}).
      return {
        kind: "message",
        role: (typeof r.role === "string" ? r.role : Object.keys(r.role as object)[0]) as "user",
        content: r.content as YoiContentPart[],
      };
    case "tool_call":
      if (isItemShape(r, ["kind", "call_id", "name", "arguments"])) return r as unknown as YoiItem;
      return { kind: "tool_call", call_id: r.call_id as string, name: r.name as string, arguments: r.arguments as string };
    case "tool_result": {
      if (isItemShape(r, ["kind", "call_id", "summary"], TOOL_RESULT_OPTIONAL)) return r as unknown as YoiItem;
      const it: YoiItem = { kind: "tool_result", call_id: r.call_id as string, summary: r.summary as string };
      if (r.content != null) it.content = r.content as string;
      if (Array.isArray(r.attachments) && r.attachments.length > 0) it.attachments = r.attachments;
      if (r.is_error === true) it.is_error = true;
      return it;
    }
    default: {
      if (r.kind === "reasoning" && isItemShape(r, ["kind", "text"], REASONING_OPTIONAL)) return r as unknown as YoiItem;
      const it: YoiItem = { kind: "reasoning", text: r.text as string };
      if (Array.isArray(r.summary) && r.summary.length > 0) it.summary = r.summary as string[];
      if (r.encrypted_content != null) it.encrypted_content = r.encrypted_content as string;
      if (r.signature != null) it.signature = r.signature as string;
      return it;
    }
  }
}

const textMessage = (role: "user" | "system", text: string): YoiItem => ({ kind: "message", role, content: [{ kind: "text", text }] });

/** A v3 history record's item and metadata (docs/yoi.md §9.2); legacy records carry the bare item. */
interface Annotated {
  item: unknown;
  metadata: Record<string, unknown>;
}

const annotatedItem = (h: unknown, sourceId: string, seeded?: boolean): YoiHistoryItem => {
  const a = h as Annotated;
  const out: YoiHistoryItem = { item: toItem(a.item), sourceId, metadata: a.metadata };
  if (seeded) out.seeded = true;
  return out;
};

/** A unit enum value as serde accepts it: "paused" or {"paused": null}. */
const unitName = (v: unknown): string => (typeof v === "string" ? v : isObject(v) ? (Object.keys(v)[0] ?? "") : "");

/** v3's run bookkeeping (collect_state @74139aeb): the active logical run's AgentTurn budget. */
function applyRunV3(n: FoldState, kind: string, r: Record<string, unknown>): void {
  switch (kind) {
    case "invoke":
      n.active_run_turn_count = 0;
      break;
    case "turn_end":
      if (n.active_run_turn_count != null) n.active_run_turn_count += Math.max(0, (r.turn_count as number) - n.turn_count);
      break;
    case "run_completed": {
      const paused = r.interrupted === true && ["paused", "yielded"].includes(unitName(r.result));
      // Records without the field keep the Invoke/TurnEnd-derived count.
      if (!paused) n.active_run_turn_count = null;
      else if (r.active_run_turn_count != null) n.active_run_turn_count = r.active_run_turn_count as number;
      break;
    }
    case "run_errored":
    case "paused_turn_abandoned":
      n.active_run_turn_count = null;
      break;
    case "active_run_checkpoint":
      n.active_run_turn_count = r.active_turn_count as number;
      n.turn_count = r.total_turn_count as number;
      n.last_run_interrupted = true;
      break;
  }
}

/**
 * Applies one entry to `n` in place (O(1): the arrays only grow, the history is persistent). Returns the
 * history items the entry appended (for incremental consumers); `reset` = segment_start replaced history.
 * `itemsOnly`: for a consumer that keeps its own list of the returned items and reads no more of the state
 * than its system prompt (the turn contexts): `n.history`, the usage, user segments and extensions are left
 * as they are, instead of being built again beside that list.
 */
export function applyEntry(n: FoldState, e: YoiEntry, profile: YoiProfile, itemsOnly = false): { added: YoiHistoryItem[]; reset: boolean } {
  const r = e.raw;
  // Shapes follow the record (a migrating v3 read also meets legacy records, docs/yoi.md §9.6); run rules the profile.
  const v3 = e.kind.startsWith("annotated_");
  const kind = baseKind(e.kind);
  n.entries_count++;
  let added: YoiHistoryItem[] = [];
  let reset = false;
  if (profile === "v3") applyRunV3(n, kind, r); // before turn_end moves turn_count
  switch (kind) {
    case "segment_start": {
      n.session_id = r.session_id as string;
      n.system_prompt = (r.system_prompt as string | null | undefined) ?? null;
      n.config = r.config;
      const history = r.history as unknown[];
      added = v3 ? history.map((h) => annotatedItem(h, e.id, true)) : history.map((h) => ({ item: toItem(h), sourceId: e.id, seeded: true }));
      if (!itemsOnly) n.history = fromArray(added);
      reset = true;
      break;
    }
    case "invoke":
      if (profile !== "seed") n.last_run_interrupted = true; // seed: marker only
      break;
    case "user_input": {
      const segs = r.segments as unknown[];
      // v3 stores the exact model-visible entries beside the typed segments; older eras flatten the segments.
      added = v3
        ? (r.history as unknown[]).map((h) => annotatedItem(h, e.id))
        : [{ item: textMessage("user", flattenSegments(segs, profile)), sourceId: e.id }];
      if (itemsOnly) break;
      n.user_segments.push(segs);
      if (profile !== "seed" && Array.isArray(r.extensions) && r.extensions.length > 0) {
        for (const x of r.extensions as Array<{ domain: string; payload: unknown }>) n.extensions.push([x.domain, x.payload]);
      }
      break;
    }
    case "assistant_item":
    case "tool_result":
      added = [v3 ? annotatedItem(r.entry, e.id) : { item: toItem(r.item), sourceId: e.id }];
      break;
    case "system_item": {
      const item = (v3 ? (r.entry as Annotated).item : r.item) as Record<string, unknown>;
      const h: YoiHistoryItem = { item: textMessage("system", historyText(item, profile)), sourceId: e.id, systemKind: item.kind as string };
      if (v3) h.metadata = (r.entry as Annotated).metadata;
      added = [h];
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
      if (itemsOnly) break;
      n.usage_history.push({
        history_len: r.history_len as number,
        input_total_tokens: r.input_total_tokens as number,
        cache_read_tokens: r.cache_read_tokens as number,
        cache_write_tokens: r.cache_write_tokens as number,
        output_tokens: r.output_tokens as number,
      });
      break;
    case "extension":
      if (itemsOnly) break;
      // Seed only: `pod.scope` is also folded into pod_scope; a malformed payload is ignored (tracing::warn).
      if (profile === "seed" && r.domain === "pod.scope" && checkPodScope(r.payload) === null) n.pod_scope = r.payload as { allow: unknown[]; deny: unknown[] };
      n.extensions.push([r.domain as string, r.payload]);
      break;
    // input_segments_checkpoint (a later v3 writer): typed segments for seeded user entries, no history (docs/yoi.md §9.3).
  }
  if (!reset && !itemsOnly) for (const a of added) n.history = push(n.history, a);
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
