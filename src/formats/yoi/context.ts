// Replay views of a yoi segment (docs/yoi.md §4, docs/product.md §3): the history at an entry, its Msg form,
// turns (maximal runs of assistant_item entries) and incremental turn contexts.
import { push, size, type List } from "../../shared/plist.js";
import type { ContextOptions, Msg, NativeContext, TurnContext, TurnRef } from "../types.js";
import { baseKind, YOI_PROFILES, type YoiContentPart, type YoiHistoryItem, type YoiProfile, type YoiSession } from "./model.js";
import { applyEntry, foldEntries, initialState, type UsageRecord } from "./restore.js";

export function profileOf(session: YoiSession, opts?: ContextOptions): YoiProfile {
  const p = opts?.profile;
  return p && (YOI_PROFILES as readonly string[]).includes(p) ? (p as YoiProfile) : session.profile;
}

/** The RestoredState history after replaying the segment up to and including `leafId`. */
export function buildYoiContext(session: YoiSession, leafId: string | null, opts?: ContextOptions): NativeContext<YoiHistoryItem> {
  const idx = leafId === null ? -1 : session.entries.findIndex((e) => e.id === leafId);
  if (idx < 0) return { systemPrompt: null, messages: [], sourceIds: [] };
  const s = foldEntries(session.entries, profileOf(session, opts), idx + 1);
  const messages: YoiHistoryItem[] = [];
  for (let c = s.history; c; c = c.prev) messages.push(c.value);
  messages.reverse();
  return { systemPrompt: s.system_prompt, messages, sourceIds: messages.map((m) => [m.sourceId]) };
}

/**
 * One history item as a contract Msg. Roles: user/assistant/system messages keep their role (system
 * items: nativeRole `system_item:<kind>` and a reminder); tool_call and reasoning are assistant-side
 * items, so role assistant; tool_result → tool_result. `text` is the stored text: message parts joined
 * with "\n" (refusals included), tool_call its arguments string, reasoning its text, tool_result
 * `summary` then `content` on the next line (how the Anthropic lowering sends it, Y-ANTH).
 */
export function yoiItemToMsg(h: YoiHistoryItem): Msg {
  const it = h.item;
  // Each case is one object literal with the same key order (sourceIds, reminders, role, nativeRole, text,
  // blocks): spreading a shared `base` object went through V8's slow path, ≈ 4 µs per message.
  switch (it.kind) {
    case "message": {
      const c = it.content;
      // One part (almost every message): its text as it is, no array and no joined copy.
      const text = c.length === 1 ? partText(c[0]) : c.map(partText).join("\n");
      if (h.systemKind !== undefined) {
        return {
          sourceIds: [h.sourceId],
          reminders: [{ kind: h.systemKind, sourceId: h.sourceId }],
          role: "system",
          nativeRole: `system_item:${h.systemKind}`,
          text,
          blocks: c,
        };
      }
      return { sourceIds: [h.sourceId], reminders: [], role: it.role, nativeRole: messageRole(it.role), text, blocks: c };
    }
    case "tool_call":
      return { sourceIds: [h.sourceId], reminders: [], role: "assistant", nativeRole: "tool_call", text: it.arguments, blocks: [it] };
    case "tool_result":
      return {
        sourceIds: [h.sourceId],
        reminders: [],
        role: "tool_result",
        nativeRole: "tool_result",
        text: it.content != null ? `${it.summary}\n${it.content}` : it.summary,
        blocks: [it],
      };
    case "reasoning":
      return { sourceIds: [h.sourceId], reminders: [], role: "assistant", nativeRole: "reasoning", text: it.text, blocks: [it] };
  }
}

const partText = (p: YoiContentPart): string => (p.kind === "text" ? p.text : p.refusal);

/** `message:<role>`, one string per role rather than one per message. */
const messageRole = (role: string): string =>
  role === "user" ? "message:user" : role === "assistant" ? "message:assistant" : role === "system" ? "message:system" : `message:${role}`;

export const yoiToMsgs = (_s: YoiSession, ctx: NativeContext<YoiHistoryItem>): Msg[] => ctx.messages.map(yoiItemToMsg);

const isAssistant = (kind: string): boolean => baseKind(kind) === "assistant_item";

/** Each maximal run of consecutive assistant_item entries is one request; llm_usage (any entry) ends a run. */
export function yoiTurns(session: YoiSession): TurnRef[] {
  const out: TurnRef[] = [];
  const es = session.entries;
  for (let i = 0; i < es.length; i++) {
    if (!isAssistant(es[i].kind) || (i > 0 && isAssistant(es[i - 1].kind))) continue;
    out.push({ index: out.length, responseId: es[i].id, leafId: i > 0 ? es[i - 1].id : null });
  }
  return out;
}

/**
 * Turn contexts in one pass, sharing list cells between turns. loggedTokens: the next unused llm_usage
 * record (file order) whose history_len equals the context length (HEAD writes them at run end).
 */
export function* yoiTurnContexts(session: YoiSession, opts?: ContextOptions): Generator<TurnContext> {
  const profile = profileOf(session, opts);
  const es = session.entries;
  const usage: UsageRecord[] = es.filter((e) => e.kind === "llm_usage").map((e) => e.raw as unknown as UsageRecord);
  // Record indexes per history_len, each with a read position: finding "the next unused record with this
  // length" costs O(1) amortised instead of a scan of every later record per turn (records that never match
  // would make that O(turns × records)). Same choice: the first index ≥ nextUsage with an equal length.
  const byLen = new Map<unknown, { at: number[]; k: number }>();
  usage.forEach((u, i) => {
    const len = u.history_len;
    const l = byLen.get(len);
    if (l) l.at.push(i);
    else byLen.set(len, { at: [i], k: 0 });
  });
  let nextUsage = 0;
  const nextWithLen = (len: number): number => {
    const l = byLen.get(len);
    if (!l) return -1;
    while (l.k < l.at.length && l.at[l.k] < nextUsage) l.k++;
    return l.k < l.at.length ? l.at[l.k] : -1;
  };
  const s = initialState(profile);
  let msgs: List<Msg> = null;
  let index = 0;
  for (let i = 0; i < es.length; i++) {
    if (isAssistant(es[i].kind) && (i === 0 || !isAssistant(es[i - 1].kind))) {
      const ctx: TurnContext = {
        ref: { index, responseId: es[i].id, leafId: i > 0 ? es[i - 1].id : null },
        systemPrompt: i > 0 ? s.system_prompt : null,
        messages: msgs,
      };
      const u = nextWithLen(size(msgs));
      if (u >= 0) {
        ctx.loggedTokens = usage[u].input_total_tokens;
        nextUsage = u + 1;
      }
      index++;
      yield ctx;
    }
    // The state's own history, usage and segments are not read here: the fold keeps only what these lists need.
    const { added, reset } = applyEntry(s, es[i], profile, true);
    if (reset) msgs = null;
    for (const a of added) msgs = push(msgs, yoiItemToMsg(a));
  }
}
