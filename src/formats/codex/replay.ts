// The history Codex sends, line by line (docs/codex.md §2): response_item lines append to it, a compacted line
// replaces it (its replacement_history, or a rebuild for legacy lines), a thread rollback drops user turns. Each
// model request is one turn: its input is the history just before the response's first output item.
import { fromArray, push, toArray, type List } from "../../shared/plist.js";
import type { Msg } from "../types.js";
import { legacyReplacement, userMessageText } from "./legacy.js";
import { itemToMsg } from "./msgs.js";
import type { CodexItem, CodexLine, CodexProfile, CodexSession } from "./model.js";
import { forkBase } from "./fork.js";
import { dropLastUserTurns } from "./rollback.js";
import { truncateOutputItem, truncationPolicyOf, type TruncationPolicy } from "./truncate.js";

/** One model request as the rollout shows it. */
export interface CodexTurn {
  index: number;
  /** The line of the response's first output item (or the usage record / compacted line of an empty response). */
  responseId: string;
  /** The line before the response: its history is the request's input. */
  leafId: string | null;
  kind: "model" | "compaction";
  /** The history sent (without the developer message Codex puts first). */
  history: List<CodexItem>;
  msgs: List<Msg>;
  /** turn_context.model in effect. */
  model: string | null;
  /** The release family whose rules built this request (differs from the session's in a file two releases wrote). */
  era: CodexProfile;
  /** The provider's response id (token_usage_record.response_id), when recorded. */
  wireResponseId?: string;
  /** Input tokens the provider reported for this request (token_usage_record / token_count). */
  inputTokens?: number;
  /** A compaction request whose response the rollout does not hold (legacy writers). */
  responseUnrecorded?: boolean;
  /** On compaction requests: the compacted line. */
  compactionId?: string;
  /** A remote compaction request: ends in a compaction_trigger item, sends the tools (docs/codex.md §4). */
  remote?: boolean;
}

export interface CodexCompaction {
  /** The compacted line. */
  id: string;
  line: number;
  /** The line whose history is "before" (the compaction request's input, without the prompt). */
  beforeLeafId: string | null;
  before: CodexItem[];
  after: CodexItem[];
  /** compacted.message (0.169.0 writes the summary message's text). */
  summary: string;
  /** True when the line has no replacement_history and the history after it was rebuilt. */
  legacy: boolean;
  /** The legacy rebuild truncated a user message whose exact cut sightline does not reproduce. */
  approximate?: boolean;
}

export interface CodexReplay {
  turns: CodexTurn[];
  compactions: CodexCompaction[];
  /** call ids of tool outputs whose call is not in the history they join (line, call id). */
  orphans: Array<{ line: number; callId: string }>;
  rollbacks: Array<{ line: number; turns: number }>;
  /**
   * A whole-file replay only: the history (and its Msgs) after each line, by line index, which is what a replay up
   * to that line ends with (contextsAt: compaction sides without a replay from the start each).
   */
  after?: { history: List<CodexItem>[]; msgs: List<Msg>[] };
}

const OUTPUT_TYPES = new Set([
  "reasoning",
  "function_call",
  "custom_tool_call",
  "local_shell_call",
  "web_search_call",
  "image_generation_call",
  "tool_search_call",
]);

/** An item the model produced (it belongs to a response), as opposed to an input Codex adds. */
export const isOutputItem = (p: Record<string, unknown>): boolean => OUTPUT_TYPES.has(String(p.type)) || (p.type === "message" && p.role === "assistant");

const CALL_OUTPUTS = new Set(["function_call_output", "custom_tool_call_output"]);
const CALLS = new Set(["function_call", "custom_tool_call", "local_shell_call"]);

const num = (v: unknown): number | undefined => (typeof v === "number" ? v : undefined);

interface Pending {
  snapshot: List<CodexItem>;
  msgs: List<Msg>;
  responseId: string;
  leafId: string | null;
  model: string | null;
  era: CodexProfile;
}

export interface ReplayOptions {
  /** Stop after this line (buildContext). */
  upTo?: string;
  /** Stop before the first line with this ordinal or a higher one (a fork's parent). */
  beforeOrdinal?: number | null;
  /** Stop before this line index (the history a newer release rebuilds when it resumes an older file). */
  beforeIndex?: number;
  /** Rebuild legacy compactions without the recorded initial context (as 0.169.0 does on resume, docs/codex.md §4). */
  legacyWithoutInitial?: boolean;
}

/** A line only 0.169.0 writes: numbered, a usage record, a world state, or a turn start with its attribution. */
const newerLine = (l: CodexLine): boolean =>
  l.ordinal !== undefined ||
  l.type === "token_usage_record" ||
  l.type === "world_state" ||
  (l.type === "event_msg" && l.payload.type === "task_started" && l.payload.turn_attribution !== undefined);

/**
 * Where a 0.169.0 process took over a file an older release wrote (docs/codex.md §4): the index of its first line
 * when response items the older release wrote come before it, else -1. (0.169.0 numbers no line of such a file.)
 */
export function resumedAt(session: CodexSession): number {
  const k = session.lines.findIndex(newerLine);
  return k > 1 && session.lines.slice(1, k).some((l) => l.type === "response_item") ? k : -1;
}

/** Replays the whole rollout (or up to a point, see ReplayOptions). */
export function replayCodex(session: CodexSession, opts: ReplayOptions = {}): CodexReplay & { history: List<CodexItem>; msgs: List<Msg> } {
  const out: CodexReplay = { turns: [], compactions: [], orphans: [], rollbacks: [] };
  const whole = opts.upTo === undefined && opts.beforeOrdinal == null && opts.beforeIndex === undefined && opts.legacyWithoutInitial !== true;
  const after = whole ? { history: [] as List<CodexItem>[], msgs: [] as List<Msg>[] } : undefined;
  if (after) out.after = after;
  const takeover = opts.beforeIndex === undefined ? resumedAt(session) : -1;
  const mixed = takeover >= 0;
  const start = forkStart(session);
  let hist: List<CodexItem> = fromArray(start);
  let msgs: List<Msg> = fromArray(start.map(itemToMsg));
  let pending: Pending | null = null;
  let model: string | null = typeof session.meta?.model === "string" ? session.meta.model : null;
  let prevId: string | null = null;
  // Legacy writers mark a response's end only with token_count events; 0.169.0 writes a token_usage_record per response.
  const usageRecords = session.lines.some((l) => l.type === "token_usage_record");
  const calls = new Set<string>();
  // The history cuts long tool outputs under the turn's policy when the rollout records one (0.100.0).
  let policy: TruncationPolicy | null = null;

  const setHistory = (items: CodexItem[]): void => {
    hist = fromArray(items);
    msgs = fromArray(items.map(itemToMsg));
  };
  const close = (responseId: string, usage?: Record<string, unknown>, era: CodexProfile = session.profile): CodexTurn => {
    const p: Pending = pending ?? { snapshot: hist, msgs, responseId, leafId: prevId, model, era };
    pending = null;
    const turn: CodexTurn = {
      index: out.turns.length,
      responseId: p.responseId,
      leafId: p.leafId,
      kind: "model",
      history: p.snapshot,
      msgs: p.msgs,
      model: p.model,
      era: p.era,
    };
    if (usage) {
      if (typeof usage.response_id === "string") turn.wireResponseId = usage.response_id;
      const u = usage.usage as Record<string, unknown> | undefined;
      const input = num(u?.input_tokens);
      if (input !== undefined) turn.inputTokens = input;
    }
    out.turns.push(turn);
    return turn;
  };

  for (const [index, line] of session.lines.entries()) {
    const p = line.payload;
    if (opts.beforeOrdinal != null && line.ordinal !== undefined && line.ordinal >= opts.beforeOrdinal) break;
    if (opts.beforeIndex !== undefined && index >= opts.beforeIndex) break;
    const era: CodexProfile = mixed ? (index >= takeover ? "codex-0.169" : "codex-0.100") : session.profile;
    if (index === takeover) {
      // A newer release resumed here: it rebuilt the history from the lines so far with its own reader.
      if (pending) close(pending.responseId);
      setHistory(toArray(replayCodex(session, { beforeIndex: takeover, legacyWithoutInitial: true }).history));
    }
    switch (line.type) {
      case "turn_context":
        if (typeof p.model === "string") model = p.model;
        policy = truncationPolicyOf(p.truncation_policy) ?? policy;
        break;
      case "response_item": {
        if (isOutputItem(p)) {
          if (!pending) pending = { snapshot: hist, msgs, responseId: line.id, leafId: prevId, model, era };
        } else if (pending) close(pending.responseId);
        const callId = typeof p.call_id === "string" ? p.call_id : undefined;
        if (callId && CALLS.has(String(p.type))) calls.add(callId);
        if (callId && CALL_OUTPUTS.has(String(p.type)) && !calls.has(callId)) out.orphans.push({ line: line.line, callId });
        const item: CodexItem = { item: truncateOutputItem(p, policy), sourceId: line.id };
        hist = push(hist, item);
        msgs = push(msgs, itemToMsg(item));
        break;
      }
      case "token_usage_record":
        close(pending?.responseId ?? line.id, p, era);
        break;
      case "event_msg":
        if (p.type === "token_count" && (!usageRecords || era === "codex-0.100") && pending) {
          const info = p.info as Record<string, unknown> | null | undefined;
          const last = info?.last_token_usage as Record<string, unknown> | undefined;
          const t = close(pending.responseId);
          const input = num(last?.input_tokens);
          if (input !== undefined) t.inputTokens = input;
        } else if (p.type === "thread_rolled_back") {
          const n = num(p.num_turns) ?? 0;
          out.rollbacks.push({ line: line.line, turns: n });
          setHistory(dropLastUserTurns(toArray(hist), n, opts.legacyWithoutInitial === true || era === "codex-0.169"));
        }
        break;
      case "compacted":
        compact(line, opts.legacyWithoutInitial === true || era === "codex-0.169");
        break;
      default:
        break;
    }
    prevId = line.id;
    if (after) {
      after.history.push(hist);
      after.msgs.push(msgs);
    }
    if (opts.upTo !== undefined && line.id === opts.upTo) break;
  }
  return { ...out, history: hist, msgs };

  function compact(line: CodexLine, withoutInitial: boolean): void {
    const p = line.payload;
    if (pending) close(pending.responseId);
    const summary = typeof p.message === "string" ? p.message : "";
    // The request that produced the summary: named by compaction_response_id (0.169.0), else the last turn when
    // its only output is the summary (the assistant message recorded just before this line), else not recorded.
    let req: CodexTurn | undefined;
    const wire = typeof p.compaction_response_id === "string" ? p.compaction_response_id : undefined;
    if (wire) req = findLast(out.turns, (t) => t.wireResponseId === wire && t.kind === "model");
    else {
      const last = out.turns[out.turns.length - 1];
      const item = last ? lastAssistantAfter(hist, last.responseId) : undefined;
      if (last && item !== undefined && summary.endsWith(item)) req = last;
    }
    if (!req) {
      req = {
        index: out.turns.length,
        responseId: line.id,
        leafId: prevId,
        kind: "model",
        history: hist,
        msgs,
        model,
        era: mixed && session.lines.indexOf(line) < takeover ? "codex-0.100" : session.profile,
        responseUnrecorded: true,
      };
      out.turns.push(req);
    }
    req.kind = "compaction";
    req.compactionId = line.id;
    // Remote compaction (the openai provider): the reply is one opaque compaction item, kept in the replacement.
    if (Array.isArray(p.replacement_history) && (p.replacement_history as Array<Record<string, unknown>>).some((x) => x?.type === "compaction"))
      req.remote = true;
    const before = toArray(req.history);
    const byItemId = new Map<string, string>();
    for (const b of before) if (typeof b.item.id === "string") byItemId.set(b.item.id, b.sourceId);
    const rh = p.replacement_history;
    let after: CodexItem[];
    let approximate = false;
    if (Array.isArray(rh)) {
      after = rh.map((it) => {
        const item = it as Record<string, unknown>;
        return { item, sourceId: (typeof item.id === "string" && byItemId.get(item.id)) || line.id };
      });
    } else {
      const rebuilt = legacyReplacement(toArray(hist), summary, line.id, withoutInitial);
      after = rebuilt.items;
      approximate = rebuilt.approximate;
    }
    const c: CodexCompaction = { id: line.id, line: line.line, beforeLeafId: req.leafId, before, after, summary, legacy: !Array.isArray(rh) };
    if (approximate) c.approximate = true;
    out.compactions.push(c);
    setHistory(after);
  }
}

/** A fork's or revert segment's starting history: its base's after the lines below the base ordinal (docs/codex.md §2.3, §2.4). */
function forkStart(session: CodexSession): CodexItem[] {
  const base = forkBase(session);
  if (!base || !session.origin) return [];
  const parent = session.origin;
  const h = toArray(replayCodex(parent, { beforeOrdinal: base.endOrdinal }).history);
  // Named by the base's id, not the thread's: a thread's segments share its id and number their lines alike.
  return h.map((x) => ({ item: x.item, sourceId: x.sourceId.includes(":") ? x.sourceId : `${base.parent}:${x.sourceId}` }));
}

function findLast<T>(xs: readonly T[], f: (x: T) => boolean): T | undefined {
  for (let i = xs.length - 1; i >= 0; i--) if (f(xs[i])) return xs[i];
  return undefined;
}

/** The text of the last assistant message in `hist` recorded at or after line `fromId`'s item (the summary reply). */
function lastAssistantAfter(hist: List<CodexItem>, fromId: string): string | undefined {
  for (let c = hist; c; c = c.prev) {
    const it = c.value.item;
    if (it.type === "message" && it.role === "assistant") return userMessageText(it);
    if (c.value.sourceId === fromId) break;
  }
  return undefined;
}
