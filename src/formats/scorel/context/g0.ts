// G0 replay (docs/scorel.md §11, SC-G0): legacy log.jsonl entries in file order; `message` entries
// accumulate, `rewind {targetMessageId}` truncates the active list after its target (an active user
// message, else the replay fails), `compact` and `channel` entries do not change the replayed messages.
import { isObject } from "../../../shared/json.js";
import { push, type List } from "../../../shared/plist.js";
import type { ScorelEvent } from "../model.js";
import { BuildFailure, typeError, type ScorelMessage } from "./types.js";
import type { Entry } from "./walk.js";

export const g0Kind = (ev: ScorelEvent): string => (typeof ev.raw.kind === "string" ? ev.raw.kind : ev.type);

export function g0Step(list: List<Entry>, ev: ScorelEvent): List<Entry> {
  const kind = g0Kind(ev);
  if (kind === "message") {
    const m = ev.raw.message;
    // Upstream only crashes later, reading .role of an active entry; here it fails when the entry is appended.
    if (!isObject(m)) throw typeError(ev.id, "message is not an object");
    const msg = { ...m } as ScorelMessage;
    if (m.meta) msg.meta = { ...(m.meta as object) };
    return push(list, { msg, ids: [ev.id] });
  }
  if (kind !== "rewind") return list;
  const target = ev.raw.targetMessageId;
  for (let c = list; c; c = c.prev) {
    if (c.value.ids[0] !== target) continue;
    if (c.value.msg.role !== "user") {
      throw new BuildFailure({ code: "invalid_rewind", message: `Cannot rewind to ${String(target)}: not a rewindable turn boundary`, eventId: ev.id });
    }
    return c; // everything after the target is dropped; the target stays
  }
  throw new BuildFailure({ code: "invalid_rewind", message: `Cannot rewind to ${String(target)}: message id was not found in active history`, eventId: ev.id });
}

/** Replays entries up to and including `leafId` (null: none). Returns null when `leafId` is not an entry. */
export function g0Replay(events: readonly ScorelEvent[], leafId: string | null): List<Entry> | undefined {
  let list: List<Entry> = null;
  if (leafId === null) return list;
  for (const ev of events) {
    list = g0Step(list, ev);
    if (ev.id === leafId) return list;
  }
  return undefined;
}

/**
 * G0 turns: each assistant message entry; leafId = its parent in the reader's G0 tree (the last active
 * message when it was appended), whose replay is exactly the history the response answered.
 */
export function g0Turns(events: readonly ScorelEvent[]): { responseId: string; leafId: string | null }[] {
  const out: { responseId: string; leafId: string | null }[] = [];
  for (const ev of events) {
    const m = ev.raw.message;
    if (g0Kind(ev) === "message" && isObject(m) && m.role === "assistant") out.push({ responseId: ev.id, leafId: ev.parentId });
  }
  return out;
}
