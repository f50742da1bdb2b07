// Msg views of a built context (docs/product.md §5 "Msg") with the provider text of docs/scorel.md §9.1
// (SC-PIAI5): user/system/assistant → text blocks and rendered reminders joined with "\n"; tool_result
// → per tool_result block the text and reminder items of result.content joined with "\n", else
// JSON.stringify(result); several blocks joined with "\n".
import { isObject } from "../../../shared/json.js";
import type { Msg, Reminder, Role } from "../../types.js";
import type { ScorelEvent, ScorelProfile, ScorelSession } from "../model.js";
import { reminderKind, renderScorelReminder } from "./reminders.js";
import type { ScorelContext, ScorelMessage } from "./types.js";

const ROLES = new Set<Role>(["system", "user", "assistant", "tool_result"]);

/** Scorel keeps its roles; G0's pi-style "toolResult" is a tool result; anything else reaches the provider as user. */
function roleOf(native: string): Role {
  if (native === "toolResult") return "tool_result";
  return ROLES.has(native as Role) ? (native as Role) : "user";
}

const str = (v: unknown): string => (typeof v === "string" ? v : "");

/** `s` after `out` with a "\n" between (what join("\n") gives, without the list: this runs for every message). */
const joined = (out: string | undefined, s: string): string => (out === undefined ? s : out + "\n" + s);

/** text items and rendered system_reminder items, in order, joined with "\n". */
function itemTexts(items: readonly unknown[]): string {
  let out: string | undefined;
  for (const b of items) {
    if (!isObject(b)) continue;
    if (b.type === "text") out = joined(out, str(b.text));
    else if (b.type === "system_reminder") out = joined(out, renderScorelReminder(str(b.text)));
  }
  return out ?? "";
}

/** SC-PIAI5 toolResultText: items of an array result.content, else the JSON encoding (case 14). */
function toolResultText(result: unknown): string {
  if (isObject(result) && Array.isArray(result.content)) return itemTexts(result.content);
  return JSON.stringify(result) ?? "";
}

export function providerText(msg: ScorelMessage): string {
  const { content } = msg;
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  if (msg.role !== "tool_result") return itemTexts(content);
  let out: string | undefined;
  for (const b of content) if (isObject(b) && b.type === "tool_result") out = joined(out, toolResultText(b.result));
  return out ?? "";
}

function harnessReminder(ev: ScorelEvent, profile: ScorelProfile): Reminder {
  const item = isObject(ev.raw.item) ? ev.raw.item : {};
  const r: Reminder = { kind: profile === "p5" || profile === "p6" ? reminderKind(item.kind) : String(item.kind), sourceId: ev.id };
  if (typeof item.origin === "string") r.origin = item.origin;
  return r;
}

/** Reminders of a message: the harness item of a meta-user message, a compact summary, stored P5 blocks, merged items. */
function remindersOf(session: ScorelSession, profile: ScorelProfile, msg: ScorelMessage, ids: readonly string[], base: ScorelEvent | undefined): Reminder[] {
  if (!base || profile === "g0") return [];
  if (base.type === "harness_item") return [harnessReminder(base, profile)];
  if (base.type === "compact") return profile === "design" ? [] : [{ kind: "compact_summary", origin: "system", sourceId: base.id }];
  const out: Reminder[] = [];
  if (Array.isArray(msg.content)) {
    for (const b of msg.content) {
      if (!isObject(b) || b.type !== "system_reminder") continue;
      const r: Reminder = { kind: String(b.kind), sourceId: base.id };
      if (typeof b.origin === "string") r.origin = b.origin;
      out.push(r);
    }
  }
  for (let k = 1; k < ids.length; k++) {
    const id = ids[k];
    const ev = session.byId.get(id);
    if (!ev) continue;
    if (ev.type === "harness_item") out.push(harnessReminder(ev, profile));
    else {
      // design: a steer / followUp message merged into the preceding tool result
      const m = ev.raw.message;
      const source = isObject(m) && isObject(m.meta) ? String(m.meta.source) : "steer";
      out.push({ kind: source, origin: "user", sourceId: id });
    }
  }
  return out;
}

/** The Msg view of one built message. */
export function scorelMsg(session: ScorelSession, profile: ScorelProfile, msg: ScorelMessage, ids: readonly string[]): Msg {
  const nativeRole = String(msg.role);
  const base = session.byId.get(ids[0]);
  const blocks = Array.isArray(msg.content) ? msg.content : typeof msg.content === "string" ? [{ type: "text", text: msg.content }] : [];
  const out: Msg = {
    role: roleOf(nativeRole),
    nativeRole,
    text: providerText(msg),
    blocks,
    // Shared, not copied: entry ids and a built context's id lists are never changed once made.
    sourceIds: ids as string[],
    reminders: remindersOf(session, profile, msg, ids, base),
  };
  if (base && base.type === "compact" && profile !== "g0" && typeof base.raw.summary === "string") out.summary = base.raw.summary;
  return out;
}

/** FormatModule.toMsgs: one Msg per built message (empty for an error context). */
export function scorelToMsgs(session: ScorelSession, ctx: ScorelContext): Msg[] {
  return ctx.messages.map((m, i) => scorelMsg(session, ctx.profile, m, ctx.sourceIds[i] ?? []));
}
