// The oh-my-pi 18 context rules (docs/pi.md §8; @oh-my-pi/pi-coding-agent 18.3.4 session/session-context.ts,
// context-notes.ts, messages.ts): empty error turns, the context notes message, and what a compaction emits
// (its summary with the v18 fields, a recovered user request, and the kept tail that its provider payload and
// `providerReplayThroughEntryId` decide). The v17 rules around them stay in context.ts and postprocess.ts.
import { isObject } from "../../shared/json.js";
import { renderTemplate } from "./format-pass.js";
import { customFromEntry, remoteCompactionPayload, toMillis, type AgentMessage } from "./messages.js";
import type { PiEntry } from "./model.js";
import { COLLAB_PROMPT_TYPE, CONTEXT_NOTES_TYPE, OMP18_CONTEXT_NOTES_TEMPLATE, SKILL_PROMPT_TYPE } from "./strings.js";

type Block = Record<string, unknown>;
const blank = (v: unknown): boolean => String(v ?? "").trim().length === 0;

/**
 * messages.ts isEmptyErrorTurn: an `error` turn with nothing the provider could replay (blank text and
 * thinking, no signature, no tool call; unknown block kinds count as content). Dropped before any pass (docs/pi.md §8.2).
 */
export function isEmptyErrorTurn(m: AgentMessage): boolean {
  if (m.stopReason !== "error") return false;
  const content = Array.isArray(m.content) ? (m.content as Block[]) : [];
  return !content.some((b) => {
    if (!isObject(b)) return true;
    switch (b.type) {
      case "text":
        return !blank(b.text);
      case "thinking":
        return !blank(b.thinking) || !blank(b.thinkingSignature);
      case "redactedThinking":
        return !blank(b.data);
      case "fallback":
        return false;
      default:
        return true;
    }
  });
}

/** 16 KiB, in UTF-8 bytes (context-notes.ts MAX_CONTEXT_NOTES_BYTES). */
const MAX_NOTES_BYTES = 16_384;

/** A notes revision the builder accepts: data is exactly `{version: 1, text}` within the bound (docs/pi.md §8.3). */
export function isValidNotesEntry(e: PiEntry): boolean {
  if (e.type !== "custom" || e.raw.customType !== CONTEXT_NOTES_TYPE) return false;
  const d = e.raw.data;
  if (!isObject(d)) return false;
  const keys = Object.keys(d);
  return (
    keys.length === 2 &&
    keys.includes("version") &&
    keys.includes("text") &&
    d.version === 1 &&
    typeof d.text === "string" &&
    new TextEncoder().encode(d.text).length <= MAX_NOTES_BYTES
  );
}

/** The latest valid notes revision after the last reset boundary of the path (getContextNotes). */
export function notesOnPath(path: readonly PiEntry[]): PiEntry | undefined {
  for (let i = path.length - 1; i >= 0; i--) {
    if (path[i].type === "reset_boundary") return undefined;
    if (isValidNotesEntry(path[i])) return path[i];
  }
  return undefined;
}

const notesMessages = new WeakMap<PiEntry, AgentMessage | null>();

/** The hidden custom message a notes revision puts first in the context; undefined when its text is empty. */
export function notesMessage(e: PiEntry): AgentMessage | undefined {
  let m = notesMessages.get(e);
  if (m === undefined) {
    const text = (e.raw.data as { text: string }).text;
    const rendered = text.length === 0 ? "" : renderTemplate(OMP18_CONTEXT_NOTES_TEMPLATE, { notes: text }).trim();
    m =
      rendered.length === 0
        ? null
        : { role: "custom", customType: CONTEXT_NOTES_TYPE, content: rendered, display: false, timestamp: toMillis(e.raw.timestamp) };
    notesMessages.set(e, m);
  }
  return m ?? undefined;
}

/** getAnthropicCompactionPayload (pi-agent-core 18.3.4 as bundled): the native summary an Anthropic server compaction preserved. */
export function anthropicPayload(c: PiEntry): Record<string, unknown> | undefined {
  const pd = c.raw.preserveData;
  const a = isObject(pd) ? pd.anthropicCompaction : undefined;
  if (!isObject(a)) return undefined;
  if (typeof a.provider !== "string" || a.provider.length === 0 || typeof a.content !== "string" || a.content.length === 0) return undefined;
  const p: Record<string, unknown> = { type: "anthropicCompaction", provider: a.provider, content: a.content };
  if (typeof a.signature === "string" && a.signature.length > 0) p.signature = a.signature;
  if (typeof a.encryptedContent === "string" && a.encryptedContent.length > 0) p.encryptedContent = a.encryptedContent;
  if (typeof a.filesText === "string" && a.filesText.length > 0) p.filesText = a.filesText;
  return p;
}

/** getOpenAiRemoteCompactionPayload (v18): as v17, and every replacement item must be an object. */
export function openAiPayload18(c: PiEntry): Record<string, unknown> | undefined {
  const p = remoteCompactionPayload(c);
  return p && (p.items as unknown[]).every(isObject) ? p : undefined;
}

/** isUserRequestEntry: a user message, or a user-invoked skill prompt / writable-collab prompt (docs/pi.md §8.6). */
export function isUserRequestEntry(e: PiEntry): boolean {
  let m: AgentMessage | undefined;
  if (e.type === "message") {
    const msg = e.raw.message;
    if (!isObject(msg)) return false;
    if (msg.role === "user") return true;
    m = msg as AgentMessage;
  } else if (e.type === "custom_message") m = customFromEntry(e, "omp18");
  return m?.role === "custom" && m.attribution === "user" && (m.customType === SKILL_PROMPT_TYPE || m.customType === COLLAB_PROMPT_TYPE);
}

/** What a compaction emits, by path index: the summary, an optional recovered request, the kept range [from, to). */
export interface Compaction18 {
  summary: AgentMessage;
  request: number;
  from: number;
  to: number;
}

/** The v18 compaction branch of buildSessionContext for the path's latest compaction at `ci` (docs/pi.md §8.4, docs/pi.md §8.6). */
export function compaction18(path: readonly PiEntry[], ci: number, resetIdx: number): Compaction18 {
  const c = path[ci];
  const r = c.raw;
  const remote = openAiPayload18(c);
  const anthropic = anthropicPayload(c);
  const indexOf = (id: unknown): number => path.findIndex((e) => e.id === id);
  const replayThrough =
    typeof r.providerReplayThroughEntryId === "string" && r.providerReplayThroughEntryId !== "" ? indexOf(r.providerReplayThroughEntryId) : -1;
  // A native summary replays before the tail: its rewrite marker predates the first retained entry (else the next one).
  let historyRewriteAt: number | undefined;
  if (anthropic) {
    const fk = indexOf(r.firstKeptEntryId);
    const snapshot = r.firstKeptEntryId === "" ? replayThrough : -1;
    const first = (fk >= 0 && fk < ci ? path[fk] : undefined) ?? (snapshot >= 0 && snapshot < ci - 1 ? path[snapshot + 1] : undefined) ?? path[ci + 1];
    const at = first ? toMillis(first.raw.timestamp) : Number.NaN;
    if (Number.isFinite(at)) historyRewriteAt = at - 1;
  }
  const summary: AgentMessage = { role: "compactionSummary", summary: r.summary, tokensBefore: r.tokensBefore, timestamp: toMillis(r.timestamp) };
  const optional = {
    shortSummary: r.shortSummary,
    tokensAfter: r.tokensAfter,
    method: r.method,
    providerPayload: remote ?? anthropic,
    warning: r.warning,
    historyRewriteAt,
  };
  for (const [k, v] of Object.entries(optional)) if (v !== undefined) summary[k] = v;

  // A notes-backed rollover recovers the latest user request before the compaction when the kept tail lacks it.
  let request = -1;
  if (isObject(r.details) && r.details.kind === "experimental-context-rollover") {
    const fk = indexOf(r.firstKeptEntryId);
    for (let i = ci - 1; i > resetIdx; i--) {
      if (!isUserRequestEntry(path[i])) continue;
      if (i < fk) request = i;
      break;
    }
  }

  let from = ci;
  if (!remote) {
    const fk = path.findIndex((e, i) => i < ci && e.id === r.firstKeptEntryId);
    const snapshot = anthropic && r.firstKeptEntryId === "" ? replayThrough : -1;
    const start = fk >= 0 ? fk : snapshot >= 0 ? snapshot + 1 : -1;
    if (start >= 0 && start < ci) from = start;
  } else if (replayThrough >= 0 && replayThrough < ci) from = replayThrough + 1;
  return { summary, request, from, to: ci };
}
