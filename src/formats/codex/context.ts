// Replay views of a Codex rollout (docs/codex.md §2–§3, docs/product.md §3): the history at a line, its Msg form,
// one turn per model request with the request body as far as the rollout records it, and the compactions.
import { toArray } from "../../shared/plist.js";
import type { CompactionRef, LoweredContext, Msg, NativeContext, TurnContext, TurnRef } from "../types.js";
import { baseInstructions, developerText } from "./instructions.js";
import type { CodexItem, CodexSession } from "./model.js";
import { itemToMsg } from "./msgs.js";
import { replayCodex, type CodexReplay } from "./replay.js";
import { turnRequest } from "./request.js";

const cache = new WeakMap<CodexSession, CodexReplay>();

/** Forgets a session's replay (its origin changed). */
export const clearCodexReplay = (session: CodexSession): void => {
  cache.delete(session);
};

/** The whole-file replay, computed once per session. */
export function codexReplay(session: CodexSession): CodexReplay {
  let r = cache.get(session);
  if (!r) {
    r = replayCodex(session);
    cache.set(session, r);
  }
  return r;
}

/** What the model gets as its system prompt: 0.100.0's `instructions`, 0.169.0's first developer message. */
const systemPromptOf = (session: CodexSession): string | null =>
  session.profile === "codex-0.100" ? baseInstructions(session) : (developerText(session)?.text ?? null);

/** The history Codex holds after line `leafId` (the input of a request made there, without the developer message). */
export function buildCodexContext(session: CodexSession, leafId: string | null): NativeContext<CodexItem> {
  if (leafId === null || !session.byId.has(leafId)) return { systemPrompt: null, messages: [], sourceIds: [] };
  const messages = toArray(replayCodex(session, { upTo: leafId }).history);
  return { systemPrompt: systemPromptOf(session), messages, sourceIds: messages.map((m) => [m.sourceId]) };
}

export const codexToMsgs = (_s: CodexSession, ctx: NativeContext<CodexItem>): Msg[] => ctx.messages.map(itemToMsg);

/**
 * FormatModule.contextsAt: the history after a line, from the session's whole replay (which keeps it per line)
 * instead of a replay up to the line; equal to codexToMsgs(buildCodexContext(leafId)), the Msgs made from the same
 * items by the same itemToMsg.
 */
export function codexContextsAt(session: CodexSession): (leafId: string | null) => LoweredContext | undefined {
  return (leafId) => {
    if (leafId === null || !session.byId.has(leafId)) return undefined;
    // The first line of that id, where a replay up to it stops.
    const i = session.lines.findIndex((l) => l.id === leafId);
    const msgs = codexReplay(session).after?.msgs;
    return msgs && i >= 0 && i < msgs.length ? { systemPrompt: systemPromptOf(session), messages: toArray(msgs[i] ?? null) } : undefined;
  };
}

export const codexTurns = (session: CodexSession): TurnRef[] =>
  codexReplay(session).turns.map((t) => ({ index: t.index, responseId: t.responseId, leafId: t.leafId }));

export function* codexTurnContexts(session: CodexSession): Generator<TurnContext> {
  const systemPrompt = systemPromptOf(session);
  for (const t of codexReplay(session).turns) {
    const { request, notRecorded } = turnRequest(session, t);
    const ctx: TurnContext = { ref: { index: t.index, responseId: t.responseId, leafId: t.leafId }, systemPrompt, messages: t.msgs, request, notRecorded };
    if (t.inputTokens !== undefined) ctx.loggedTokens = t.inputTokens;
    if (t.compactionId !== undefined)
      ctx.compactionRequest = { compaction: t.compactionId, responseRecorded: t.responseUnrecorded !== true, ...(t.remote && { remote: true as const }) };
    yield ctx;
  }
}

export const codexCompactions = (session: CodexSession): CompactionRef[] =>
  codexReplay(session).compactions.map((c) => ({ id: c.id, beforeLeafId: c.beforeLeafId, afterLeafId: c.id, line: c.line, summary: c.summary }));
