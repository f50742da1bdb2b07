// The TTSR evidence a pi / omp JSONL file records (pi-session-format §7, ttsr-spec §11.2), tied to the
// assistant response it belongs to: an aborted response + `ttsr-injection` custom_message + ttsr_injection
// (interrupt); a custom_message after a normal response (deferred); a ttsr_injection + a toolResult whose
// content[0] is a rule-violation `<system-reminder` (per-tool).
import type { PiEntry } from "../../formats/pi/model.js";
import type { SimRecorded } from "./types.js";

export const REMINDER_PREFIX = '<system-reminder reason="rule_violation"';
const REMINDER_OPENING = /^<system-reminder reason="rule_violation" rule="(.*)" path="[^"\n]*">$/;

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === "object" && !Array.isArray(v);
export const messageOf = (e: PiEntry): Obj | undefined => (e.type === "message" && isObj(e.raw.message) ? e.raw.message : undefined);

/** The reminder text of a tool result (content[0]), when it carries one. */
export function reminderOf(message: Obj): string | undefined {
  const c = message.content;
  if (!Array.isArray(c) || !isObj(c[0]) || c[0].type !== "text" || typeof c[0].text !== "string") return undefined;
  return c[0].text.startsWith(REMINDER_PREFIX) ? c[0].text : undefined;
}

/** Rule names of a folded reminder: one opening line per rendered rule. */
export const reminderRules = (text: string): string[] =>
  text.split("\n").flatMap((line) => {
    const m = REMINDER_OPENING.exec(line);
    return m ? [m[1]] : [];
  });

function customText(content: unknown): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return content.flatMap((b) => (isObj(b) && b.type === "text" && typeof b.text === "string" ? [b.text] : [])).join("\n");
}

export interface EvidenceItem {
  record: SimRecorded;
  /** The response the item follows in file order (the latest assistant entry before it). */
  afterResponse: string | null;
  /** interrupt: follows an aborted/errored response; deferred: follows a normal one; tool: a per-tool fold. */
  role: "interrupt" | "deferred" | "tool";
  /** For a tool reminder: the response that made the call. */
  toolResponse?: string;
}

/** Every evidence item of the file, in file order. */
export function collectEvidence(entries: readonly PiEntry[]): EvidenceItem[] {
  const out: EvidenceItem[] = [];
  let lastAssistant: { id: string; failed: boolean } | null = null;
  const callOwner = new Map<string, string>();
  let prev: EvidenceItem | undefined;
  for (const e of entries) {
    const msg = messageOf(e);
    let item: EvidenceItem | undefined;
    if (msg?.role === "assistant") {
      lastAssistant = { id: e.id, failed: msg.stopReason === "aborted" || msg.stopReason === "error" };
      if (Array.isArray(msg.content)) for (const b of msg.content) if (isObj(b) && b.type === "toolCall" && typeof b.id === "string") callOwner.set(b.id, e.id);
    } else if (msg?.role === "toolResult") {
      const text = reminderOf(msg);
      if (text !== undefined) {
        const owner = typeof msg.toolCallId === "string" ? callOwner.get(msg.toolCallId) : undefined;
        item = { record: { kind: "tool_reminder", entryId: e.id, rules: reminderRules(text), text }, afterResponse: lastAssistant?.id ?? null, role: "tool" };
        if (owner !== undefined) item.toolResponse = owner;
      }
    } else if (e.type === "custom_message" && e.raw.customType === "ttsr-injection") {
      const details = isObj(e.raw.details) ? e.raw.details : {};
      const rules = Array.isArray(details.rules) ? details.rules.filter((r): r is string => typeof r === "string") : [];
      const role = lastAssistant?.failed ? "interrupt" : "deferred";
      item = { record: { kind: "custom_message", entryId: e.id, rules, text: customText(e.raw.content) }, afterResponse: lastAssistant?.id ?? null, role };
    } else if (e.type === "ttsr_injection") {
      const rules = Array.isArray(e.raw.injectedRules) ? e.raw.injectedRules.filter((r): r is string => typeof r === "string") : [];
      // Right after its custom_message it is that injection's record; otherwise a per-tool record (§11.2).
      const role = prev?.record.kind === "custom_message" ? prev.role : "tool";
      item = { record: { kind: "ttsr_injection", entryId: e.id, rules }, afterResponse: lastAssistant?.id ?? null, role };
    }
    if (item) out.push(item);
    prev = item;
  }
  return out;
}
