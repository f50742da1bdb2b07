// Profile `pi-1.5`: buildSessionProjection of @earendil-works/pi-coding-agent 1.5.2 (session-manager.js,
// read from the published package). Differences from the 0.73 rules (`pi`):
// - the latest compaction on the path contributes its `systemMessage` (if any) before its summary, and the
//   kept range before it drops system-role messages (they are folded into that systemMessage);
// - `context_edit` entries among the context entries replace or omit (replacement null) the messages of
//   their target; the latest edit per target wins, and only edits that are themselves context entries count
//   (so an edit on another branch, or summarised away by a compaction, has no effect);
// - null / missing content is normalised (system → "", user / assistant / toolResult → []);
// - custom messages carry customType, content (?? []), display, details and timestamp only (no attribution);
//   compaction summaries carry summary, tokensBefore and timestamp only.
// `usage` entries, like every other non-message entry, contribute nothing.
import { isObject } from "../../shared/json.js";
import type { AgentMessage } from "./messages.js";
import { toMillis } from "./messages.js";
import type { PiEntry } from "./model.js";
import type { Item } from "./postprocess.js";

/** The profile name: the release whose behaviour it pins. */
export const PI1_PROFILE = "pi-1.5" as const;

function compact(o: Record<string, unknown>): AgentMessage {
  for (const k of Object.keys(o)) if (o[k] === undefined) delete o[k];
  return o as AgentMessage;
}

const isSystem = (e: PiEntry): boolean => e.type === "message" && isObject(e.raw.message) && e.raw.message.role === "system";
const EDITABLE = new Set(["user", "assistant", "toolResult", "custom"]);

/** sessionEntryToContextMessages: the messages one entry contributes (before any edit). */
export function pi1EntryMessages(e: PiEntry): AgentMessage[] {
  const r = e.raw;
  if (e.type === "message") {
    const m = r.message as AgentMessage;
    // pi normalises null / missing content (files are parsed without validation).
    if (isObject(m) && m.content == null) {
      if (m.role === "system") return [{ ...m, content: "" }];
      if (m.role === "user" || m.role === "assistant" || m.role === "toolResult") return [{ ...m, content: [] }];
    }
    return [m];
  }
  if (e.type === "custom_message") {
    return [
      compact({ role: "custom", customType: r.customType, content: r.content ?? [], display: r.display, details: r.details, timestamp: toMillis(r.timestamp) }),
    ];
  }
  if (e.type === "branch_summary" && r.summary)
    return [compact({ role: "branchSummary", summary: r.summary, fromId: r.fromId, timestamp: toMillis(r.timestamp) })];
  if (e.type === "compaction") {
    const summary = compact({ role: "compactionSummary", summary: r.summary, tokensBefore: r.tokensBefore, timestamp: toMillis(r.timestamp) });
    return r.systemMessage ? [r.systemMessage as AgentMessage, summary] : [summary];
  }
  return [];
}

/**
 * projectContextEntry: an entry's messages with its latest edit applied. A string replacement becomes one
 * text block for assistant and tool results; roles other than user / assistant / toolResult / custom keep
 * their content. (An edit without a `replacement` field makes pi throw; sightline leaves such messages
 * unchanged and the schema check reports the entry.)
 */
export function pi1Project(e: PiEntry, edit: PiEntry | undefined): AgentMessage[] {
  const messages = pi1EntryMessages(e);
  if (!edit) return messages;
  const rep = edit.raw.replacement;
  if (rep === null) return [];
  if (rep === undefined) return messages;
  const content = isObject(rep) ? rep.content : undefined;
  return messages.map((m) => {
    if (!isObject(m) || !EDITABLE.has(m.role)) return m;
    const c = (m.role === "assistant" || m.role === "toolResult") && typeof content === "string" ? [{ type: "text", text: content }] : content;
    return compact({ ...m, content: c });
  });
}

/** buildContextEntries: the latest compaction, its kept range (system messages dropped), then the rest. */
export function pi1ContextEntries(path: readonly PiEntry[]): readonly PiEntry[] {
  let ci = -1;
  for (let i = 0; i < path.length; i++) if (path[i].type === "compaction") ci = i;
  if (ci < 0) return path;
  const c = path[ci];
  const out: PiEntry[] = [c];
  let found = false;
  for (let i = 0; i < ci; i++) {
    if (path[i].id === c.raw.firstKeptEntryId) found = true;
    if (found && !isSystem(path[i])) out.push(path[i]);
  }
  for (let i = ci + 1; i < path.length; i++) out.push(path[i]);
  return out;
}

/** The emitted items of a path: buildSessionProjection's messages with their source entries (and edit). */
export function pi1Items(path: readonly PiEntry[]): Item[] {
  const entries = pi1ContextEntries(path);
  const edits = new Map<unknown, PiEntry>();
  for (const e of entries) if (e.type === "context_edit") edits.set(e.raw.targetId, e);
  const items: Item[] = [];
  entries.forEach((e, i) => {
    // An older compaction kept inside the newest one's range contributes nothing.
    if (e.type === "compaction" && i > 0) return;
    const edit = edits.get(e.id);
    for (const msg of pi1Project(e, edit)) items.push({ msg, src: edit ? [e.id, edit.id] : [e.id] });
  });
  return items;
}
