// Turns (docs/product.md §3: every assistant message in file order, aborted and errored ones included; the context is
// built at the message's parent) and compactions (before = parent of the compaction, after = the compaction).
import { isObject } from "../../shared/json.js";
import type { CompactionRef, TurnRef } from "../types.js";
import type { PiSession } from "./model.js";

export function piTurns(s: PiSession): TurnRef[] {
  const out: TurnRef[] = [];
  for (const e of s.entries) {
    if (e.type === "message" && isObject(e.raw.message) && e.raw.message.role === "assistant") {
      out.push({ index: out.length, responseId: e.id, leafId: e.parentId });
    }
  }
  return out;
}

/** The usage the log records for a response: input + cache reads + cache writes (the prompt side). */
export function loggedPromptTokens(s: PiSession, responseId: string): number | undefined {
  const m = s.byId.get(responseId)?.raw.message;
  const u = isObject(m) ? m.usage : undefined;
  if (!isObject(u) || typeof u.input !== "number") return undefined;
  return u.input + (typeof u.cacheRead === "number" ? u.cacheRead : 0) + (typeof u.cacheWrite === "number" ? u.cacheWrite : 0);
}

export function piCompactions(s: PiSession): CompactionRef[] {
  const out: CompactionRef[] = [];
  for (const e of s.entries) {
    if (e.type !== "compaction") continue;
    const r = e.raw;
    const ref: CompactionRef = { id: e.id, beforeLeafId: e.parentId, afterLeafId: e.id, line: e.line, summary: typeof r.summary === "string" ? r.summary : "" };
    if (typeof r.tokensBefore === "number") ref.tokensBefore = r.tokensBefore;
    if (typeof r.tokensAfter === "number") ref.tokensAfter = r.tokensAfter;
    const capsule = (isObject(r.details) ? r.details.capsule : undefined) ?? (isObject(r.data) ? r.data.capsule : undefined);
    if (capsule !== undefined) ref.capsule = capsule;
    out.push(ref);
  }
  return out;
}
