// The TTSR evidence a pi / omp JSONL file records (docs/pi.md §7, docs/ttsr.md §11.2), tied to the
// assistant response it belongs to: an aborted response + `ttsr-injection` custom_message + ttsr_injection
// (interrupt); a custom_message after a normal response (deferred); a ttsr_injection + a toolResult whose
// content[0] is a rule-violation `<system-reminder` (per-tool). Evidence whose trigger the agent left out of the
// log is flagged (`triggerMissing`): the replay cannot reproduce it, so it is unverifiable, not a disagreement.
import type { PiEntry } from "../../formats/pi/model.js";
import { ToolInspector, toolCallBlock } from "../session/inspector.js";
import { outputsOf, WARNING_MARKER } from "../session/judged.js";
import { toolHooksFor } from "../session/matcher-hooks.js";
import type { SimRecorded, UnverifiableReason } from "./types.js";

/** Verbatim: the synthetic result of a sibling call after a tool-source interrupt (v17 agent-core
 * `createSyntheticToolResultMessage` with the coordinator's `defaultToolCallMessage`; docs/strings.md §1.5, docs/ttsr.md §16.2). */
export const SIBLING_ABORTED_TEXT = "Tool execution was aborted: TTSR interrupt on another tool call";

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
  /** interrupt: follows an aborted/errored response; deferred: follows a normal one; tool: a per-tool fold; judged: a v18 warning. */
  role: "interrupt" | "deferred" | "tool" | "judged";
  /** For a tool reminder: the response that made the call. */
  toolResponse?: string;
  /** The output that triggered it is not in the log: the replay cannot reproduce it. */
  triggerMissing?: UnverifiableReason;
  /** For an interrupt whose aborted response is not in the log: the response that follows it (the retry). */
  nextResponse?: string;
}

const textOf = (message: Obj): string => {
  const c = message.content;
  return Array.isArray(c) ? c.flatMap((b) => (isObj(b) && b.type === "text" && typeof b.text === "string" ? [b.text] : [])).join("\n") : "";
};

const WARNING_SUBJECT = /\nRule judge flagged your (.*) as likely violating a user-defined rule\./;

/** A v18 judged warning (docs/ttsr.md §17.7): the reminder opening, then the judge's line naming the output. */
export const isJudgedWarning = (text: string): boolean => text.startsWith(REMINDER_PREFIX) && text.includes(WARNING_MARKER);

// The outputs a v18 judge sees in a message, as its warnings name them (docs/ttsr.md §17.6); paths as written.
const inspector = new ToolInspector("v18", null, toolHooksFor);
const subjectsOf = (content: unknown): string[] => outputsOf(content, (b, i) => inspector.parts(toolCallBlock(b), i)).map((o) => o.subject);

/** Every evidence item of the file, in file order. */
export function collectEvidence(entries: readonly PiEntry[]): EvidenceItem[] {
  const out: EvidenceItem[] = [];
  let lastAssistant: { id: string; failed: boolean; siblingAborted: boolean } | null = null;
  // The judge answers about completed responses only: a warning belongs to the latest one before it that has the
  // output it names (a slow judge's warning may land after a later response).
  const completed: { id: string; content: unknown }[] = [];
  let lastRole: unknown = null;
  const callOwner = new Map<string, string>();
  const waiting: EvidenceItem[] = [];
  let prev: EvidenceItem | undefined;
  for (const e of entries) {
    const msg = messageOf(e);
    let item: EvidenceItem | undefined;
    if (msg?.role === "assistant") {
      lastAssistant = { id: e.id, failed: msg.stopReason === "aborted" || msg.stopReason === "error", siblingAborted: false };
      if (!lastAssistant.failed) completed.push({ id: e.id, content: msg.content });
      if (Array.isArray(msg.content)) for (const b of msg.content) if (isObj(b) && b.type === "toolCall" && typeof b.id === "string") callOwner.set(b.id, e.id);
      for (const w of waiting.splice(0)) w.nextResponse = e.id;
    } else if (msg?.role === "toolResult") {
      const text = reminderOf(msg);
      const owner = typeof msg.toolCallId === "string" ? callOwner.get(msg.toolCallId) : undefined;
      if (text !== undefined) {
        item = {
          record: { kind: "tool_reminder", entryId: e.id, rules: reminderRules(text), text, delivery: "tool" },
          afterResponse: lastAssistant?.id ?? null,
          role: "tool",
        };
        if (typeof msg.toolCallId === "string") item.record.toolCallId = msg.toolCallId;
        if (owner !== undefined) item.toolResponse = owner;
      } else if (lastAssistant?.failed && owner === lastAssistant.id && textOf(msg) === SIBLING_ABORTED_TEXT) lastAssistant.siblingAborted = true;
    } else if (e.type === "custom_message" && e.raw.customType === "ttsr-injection" && isJudgedWarning(customText(e.raw.content))) {
      const details = isObj(e.raw.details) ? e.raw.details : {};
      const rules = Array.isArray(details.rules) ? details.rules.filter((r): r is string => typeof r === "string") : [];
      const text = customText(e.raw.content);
      const subject = WARNING_SUBJECT.exec(text)?.[1];
      const judgedResponse = [...completed].reverse().find((c) => subject !== undefined && subjectsOf(c.content).includes(subject)) ?? completed.at(-1);
      item = { record: { kind: "custom_message", entryId: e.id, rules, text, delivery: "judged" }, afterResponse: judgedResponse?.id ?? null, role: "judged" };
      if (subject !== undefined) item.record.subject = subject;
    } else if (e.type === "custom_message" && e.raw.customType === "ttsr-injection") {
      const details = isObj(e.raw.details) ? e.raw.details : {};
      const rules = Array.isArray(details.rules) ? details.rules.filter((r): r is string => typeof r === "string") : [];
      // A follow-up is delivered only right after a response that ended the run (docs/ttsr.md §9.6); after a user message or a
      // finished tool result it can only be an interrupt whose aborted response the log does not hold (docs/ttsr.md §9.5 discard).
      const afterResponse = lastRole === "assistant" || (lastRole === "toolResult" && lastAssistant?.failed) ? (lastAssistant?.id ?? null) : null;
      const role = afterResponse === null || lastAssistant?.failed ? "interrupt" : "deferred";
      item = {
        record: { kind: "custom_message", entryId: e.id, rules, text: customText(e.raw.content), delivery: role },
        afterResponse: lastAssistant?.id ?? null,
        role,
      };
      if (role === "deferred") item.record.deliveredAfter = afterResponse as string;
      if (typeof details.deliveryId === "number") item.record.deliveryId = details.deliveryId;
      if (afterResponse === null) {
        item.triggerMissing = "aborted-output-not-recorded";
        waiting.push(item);
      } else if (role === "interrupt" && lastAssistant?.siblingAborted) item.triggerMissing = "violating-tool-call-removed";
    } else if (e.type === "ttsr_injection") {
      const rules = Array.isArray(e.raw.injectedRules) ? e.raw.injectedRules.filter((r): r is string => typeof r === "string") : [];
      // Right after its custom_message it is that injection's record; otherwise a per-tool record (docs/ttsr.md §11.2).
      const ofCustom = prev?.record.kind === "custom_message" ? prev : undefined;
      const role = ofCustom ? ofCustom.role : "tool";
      item = {
        record: { kind: "ttsr_injection", entryId: e.id, rules, delivery: role },
        afterResponse: ofCustom?.role === "judged" ? ofCustom.afterResponse : (lastAssistant?.id ?? null),
        role,
      };
      if (ofCustom?.triggerMissing) item.triggerMissing = ofCustom.triggerMissing;
      if (item.triggerMissing === "aborted-output-not-recorded") waiting.push(item);
    }
    if (msg) lastRole = msg.role;
    if (item) out.push(item);
    prev = item;
  }
  return out;
}
