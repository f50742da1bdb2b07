// The provider system prompt of a request: renderSystemPrompt of the instruction_snapshot in effect
// (docs/scorel.md §9; docs/product.md §5 "a turn's systemPrompt is rendered from the last instruction_snapshot
// appended before the response").
import { isObject } from "../../../shared/json.js";
import type { ScorelEvent, ScorelSession } from "../model.js";

/** Sections' renderedBlock trimmed, empty ones dropped, joined by a blank line; null when nothing is left. */
export function renderScorelSystemPrompt(snapshot: unknown): string | null {
  if (!isObject(snapshot) || !Array.isArray(snapshot.sections)) return null;
  const parts = snapshot.sections.map((s) => (isObject(s) && typeof s.renderedBlock === "string" ? s.renderedBlock.trim() : "")).filter((s) => s !== "");
  return parts.length > 0 ? parts.join("\n\n") : null;
}

// The prompt of each snapshot event, rendered once: the turns, and the contexts asked for around each compaction,
// read the same few snapshots again and again (events are never changed once read).
const rendered = new WeakMap<ScorelEvent, string | null>();

/** renderScorelSystemPrompt of an instruction_snapshot event's snapshot, remembered per event. */
export function snapshotPrompt(ev: ScorelEvent): string | null {
  let p = rendered.get(ev);
  if (p === undefined) {
    p = renderScorelSystemPrompt(ev.raw.snapshot);
    rendered.set(ev, p);
  }
  return p;
}

/** The prompt in effect before events[end] (end = events.length: after the whole file). */
export function systemPromptBefore(events: readonly ScorelEvent[], end: number): string | null {
  for (let i = Math.min(end, events.length) - 1; i >= 0; i--) {
    if (events[i].type === "instruction_snapshot") return snapshotPrompt(events[i]);
  }
  return null;
}

/** Is this event a model response (a turn) in this generation? */
export function isResponse(ev: ScorelEvent, design: boolean): boolean {
  if (!design) return ev.type === "assistant_message";
  const m = ev.raw.message;
  return ev.type === "message" && isObject(m) && m.role === "assistant";
}

/**
 * The request position for a context at `leafId`: `responseId` when given, else the leaf's first response
 * child (what the model saw when it answered there), else the end of the file (the snapshot the program
 * would use for a new request now: the control state's last snapshot).
 */
export function requestIndex(session: ScorelSession, leafId: string | null, responseId: string | undefined, design: boolean): number {
  const { events } = session;
  let target = responseId;
  if (target === undefined && leafId !== null) {
    target = (session.tree.children.get(leafId) ?? []).find((c) => {
      const ev = session.byId.get(c);
      return ev !== undefined && isResponse(ev, design);
    });
  }
  if (target === undefined) return events.length;
  // Ids can repeat in a bad file: prefer the response that carries the id.
  let i = events.findIndex((e) => e.id === target && isResponse(e, design));
  if (i < 0) i = events.findIndex((e) => e.id === target);
  return i < 0 ? events.length : i;
}
