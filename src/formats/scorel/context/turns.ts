// Turns (docs/product.md §3: one per model response, aborted/errored included, in file order) and compactions
// (docs/product.md §3 "Compaction diff": before = the compact's parent, after = the compact itself, case 26).
import { isObject } from "../../../shared/json.js";
import type { CompactionRef, TurnRef } from "../../types.js";
import type { ScorelEvent, ScorelProfile, ScorelSession } from "../model.js";
import { resolveProfile } from "./build.js";
import { g0Turns } from "./g0.js";
import { isResponse, snapshotPrompt } from "./system-prompt.js";
import type { ScorelContextOptions } from "./types.js";

export interface TurnInfo {
  ref: TurnRef;
  event: ScorelEvent;
  /** Rendered from the last instruction_snapshot appended before the response (null: none or empty). */
  systemPrompt: string | null;
}

/** One pass over the file: every response with the system prompt in effect when it was requested. */
export function turnInfos(session: ScorelSession, profile: ScorelProfile): TurnInfo[] {
  const out: TurnInfo[] = [];
  if (profile === "g0") {
    const byId = new Map(session.events.map((e) => [e.id, e]));
    return g0Turns(session.events).map((t, index) => ({ ref: { index, ...t }, event: byId.get(t.responseId)!, systemPrompt: null }));
  }
  const design = profile === "design";
  let prompt: string | null = null;
  for (const ev of session.events) {
    if (ev.type === "instruction_snapshot") prompt = snapshotPrompt(ev);
    else if (isResponse(ev, design)) out.push({ ref: { index: out.length, responseId: ev.id, leafId: ev.parentId }, event: ev, systemPrompt: prompt });
  }
  return out;
}

/** Every assistant response in file order; leafId = its parent (G0: the entry just before it). */
export function scorelTurns(session: ScorelSession, opts: ScorelContextOptions = {}): TurnRef[] {
  return turnInfos(session, resolveProfile(session, opts.profile)).map((t) => t.ref);
}

/** The prompt-token count the log records for a response (assistant usage.inputTokens), if any. */
export function loggedTokens(ev: ScorelEvent): number | undefined {
  const m = ev.raw.message;
  const usage = isObject(m) ? m.usage : undefined;
  return isObject(usage) && typeof usage.inputTokens === "number" ? usage.inputTokens : undefined;
}

const num = (v: unknown): number | undefined => (typeof v === "number" ? v : undefined);

/** Compact events of the generations that have them (P4a+, design); G0 compact entries change nothing. */
export function scorelCompactions(session: ScorelSession, opts: ScorelContextOptions = {}): CompactionRef[] {
  const profile = resolveProfile(session, opts.profile);
  if (profile === "g0" || profile === "p3") return [];
  return session.events
    .filter((ev) => ev.type === "compact")
    .map((ev) => {
      const { raw } = ev;
      const ref: CompactionRef = {
        id: ev.id,
        beforeLeafId: ev.parentId,
        afterLeafId: ev.id,
        line: ev.line,
        summary: typeof raw.summary === "string" ? raw.summary : "",
      };
      const before = num(raw.tokensBefore);
      const after = num(raw.tokensAfter);
      if (before !== undefined) ref.tokensBefore = before;
      if (after !== undefined) ref.tokensAfter = after;
      const capsule = (isObject(raw.data) ? raw.data.capsule : undefined) ?? (isObject(raw.details) ? raw.details.capsule : undefined);
      if (capsule !== undefined) ref.capsule = capsule;
      return ref;
    });
}
