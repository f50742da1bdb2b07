// One step of the root→leaf walk (docs/scorel.md §7.3, §7.5, §7.7, §7.8). The direct builder folds a
// whole path with it; the incremental builder applies it once per tree node on top of the parent's list.
import { isObject } from "../../../shared/json.js";
import { fromArray, last, push, replaceLast, toArray, type List } from "../../../shared/plist.js";
import type { ScorelEvent } from "../model.js";
import { copyMessage } from "./copy.js";
import { compactSummaryText, harnessReminderBlock, harnessReminderText, renderScorelReminder } from "./reminders.js";
import type { Rules } from "./rules.js";
import { typeError, type ScorelMessage } from "./types.js";

/** A built message and the ids it was built from (the event first, then merged harness items). */
export interface Entry {
  readonly msg: ScorelMessage;
  readonly ids: readonly string[];
}

export interface StepEnv {
  rules: Rules;
  hidden: ReadonlySet<string>;
  /** Index of the event on its root path (0 = root). */
  index: number;
  /** Path events at indexes [from, index), root→leaf order (undefined: an id without an event). */
  before(from: number): readonly (ScorelEvent | undefined)[];
}

const MESSAGE_TYPES = new Set(["user_message", "assistant_message", "tool_result"]);

export function applyEvent(list: List<Entry>, ev: ScorelEvent, env: StepEnv): List<Entry> {
  if (env.hidden.has(ev.id)) return list;
  const { rules } = env;
  if (rules.design) return designStep(list, ev, rules);
  if (MESSAGE_TYPES.has(ev.type)) return push(list, { msg: copyMessage(ev.raw.message, rules, ev.id), ids: [ev.id] });
  if (ev.type === "harness_item") return addHarness(list, ev, rules);
  if (ev.type === "compact" && rules.compact === "window") return fromArray([summaryEntry(ev, rules), ...retained(ev, env)]);
  return list; // nothing else can be a node of this generation's tree
}

/** docs/scorel.md §7.5 step 2: the block of the immediately preceding tool_result message that can take a reminder. */
function mergeInto(prev: Entry | undefined, item: unknown, sourceId: string): Entry | null {
  if (!prev || prev.msg.role !== "tool_result" || !Array.isArray(prev.msg.content)) return null;
  const content = prev.msg.content as unknown[];
  for (let k = content.length - 1; k >= 0; k--) {
    const b = content[k];
    if (!isObject(b) || b.type !== "tool_result" || !isObject(b.result) || !Array.isArray(b.result.content)) continue;
    const merged = { ...b, result: { ...b.result, content: [...b.result.content, item] } };
    const next = content.slice();
    next[k] = merged;
    return { msg: { ...prev.msg, content: next }, ids: [...prev.ids, sourceId] };
  }
  return null;
}

function addHarness(list: List<Entry>, ev: ScorelEvent, rules: Rules): List<Entry> {
  const item = ev.raw.item;
  if (!isObject(item)) throw typeError(ev.id, "harness_item.item is not an object");
  const reminder = rules.blocks ? harnessReminderBlock(item) : { type: "text", text: harnessReminderText(item) };
  // P3/P4 separate the merged text from the tool output by a blank line; P5 blocks carry no separator.
  const mergeItem = rules.blocks ? reminder : { type: "text", text: "\n\n" + harnessReminderText(item) };
  const merged = mergeInto(last(list), mergeItem, ev.id);
  if (merged) return replaceLast(list, merged);
  const meta = { source: "harness_item", harnessKind: item.kind, harnessOrigin: item.origin };
  return push(list, { msg: { role: "user", content: [reminder], meta }, ids: [ev.id] });
}

function summaryEntry(ev: ScorelEvent, rules: Rules): Entry {
  const summary = ev.raw.summary;
  if (typeof summary !== "string") throw typeError(ev.id, "compact.summary is not a string");
  const meta = { source: "compact", compactedThrough: ev.raw.compactedThrough };
  const text = compactSummaryText(summary);
  const block = rules.blocks
    ? { type: "system_reminder", kind: "compact_summary", origin: "system", text, visibility: "model", scope: "session" }
    : { type: "text", text: renderScorelReminder(text) };
  return { msg: { role: "user", content: [block], meta }, ids: [ev.id] };
}

function isWindowStart(ev: ScorelEvent | undefined): boolean {
  if (!ev) return false;
  if (ev.type === "user_message" || ev.type === "compact") return true;
  if (ev.type !== "assistant_message") return false;
  const m = ev.raw.message;
  return isObject(m) && Array.isArray(m.content) && m.content.some((b) => isObject(b) && b.type === "tool_call");
}

/** docs/scorel.md §7.7 step 2 (with docs/scorel.md §15.5: a non-integer count gives fractional indexes and nothing is retained). */
function retained(ev: ScorelEvent, env: StepEnv): Entry[] {
  const n = ev.raw.retainedEventCount as number; // JS comparisons/arithmetic on purpose, as upstream
  if (n <= 0) return [];
  const start0 = Math.max(0, env.index - n);
  if (!Number.isInteger(start0)) return [];
  const window = env.before(start0);
  const k = window.findIndex(isWindowStart); // the start search ignores the hidden set (docs/scorel.md §7.7)
  if (k < 0) return [];
  let list: List<Entry> = null;
  for (const e of window.slice(k)) {
    if (!e || env.hidden.has(e.id)) continue;
    // A compact inside the window contributes only its summary, not its own retained tail (case 27).
    if (e.type === "compact") list = fromArray([summaryEntry(e, env.rules)]);
    else list = applyEvent(list, e, env);
  }
  return toArray(list);
}

// ---- design profile (docs/scorel.md §7.8) ------------------------------------------------------------------------

/** Text a steer/followUp message carries: a bare string, else its text blocks joined with "\n". */
function messageText(m: Record<string, unknown>): string {
  if (typeof m.content === "string") return m.content;
  if (!Array.isArray(m.content)) return "";
  return m.content
    .filter((b) => isObject(b) && b.type === "text")
    .map((b) => String((b as Record<string, unknown>).text))
    .join("\n");
}

function designStep(list: List<Entry>, ev: ScorelEvent, rules: Rules): List<Entry> {
  const m = ev.raw.message;
  switch (ev.type) {
    case "message": {
      if (isObject(m) && m.role === "internal") return list; // D32: internal messages never reach the model
      const source = isObject(m) && isObject(m.meta) ? m.meta.source : undefined;
      if (isObject(m) && (source === "steer" || source === "followUp")) {
        const merged = mergeInto(last(list), { type: "text", text: "\n\n" + renderScorelReminder(messageText(m)) }, ev.id);
        if (merged) return replaceLast(list, merged);
      }
      return push(list, { msg: copyMessage(m, rules, ev.id), ids: [ev.id] });
    }
    case "custom_message":
      return push(list, { msg: copyMessage(m, rules, ev.id), ids: [ev.id] });
    case "harness_item":
      return addHarness(list, ev, rules);
    case "compact": {
      // Barrier: everything older is dropped; the summary (stored text, no envelope in the seed model) leads.
      const summary = ev.raw.summary;
      if (typeof summary !== "string") throw typeError(ev.id, "compact.summary is not a string");
      const meta = { source: "compact", compactedThrough: ev.raw.compactedThrough };
      return fromArray([{ msg: { role: "user", content: [{ type: "text", text: summary }], meta }, ids: [ev.id] }]);
    }
    default:
      return list; // rewind, branch, channel_inject, session_info, custom: skip
  }
}
