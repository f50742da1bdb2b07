// Message copying rules of the shipped builders (docs/scorel.md §7.4, §15.1–2). The JSONL event is
// never mutated: every included message is a shallow copy with copied meta, blocks and tool results.
import { isObject } from "../../../shared/json.js";
import { copyReminderBlock } from "./reminders.js";
import type { Rules } from "./rules.js";
import { typeError, type ScorelMessage } from "./types.js";

function copyResult(result: unknown, rules: Rules): unknown {
  if (!isObject(result)) return result; // strings, numbers, arrays, null: as-is
  const content = Array.isArray(result.content) ? result.content.map(copyItem) : undefined;
  // P4+: only {content} survives, a non-array content becomes []; P3 keeps every field.
  if (rules.reduceResults) return { content: content ?? [] };
  return content ? { ...result, content } : { ...result };
}

const copyItem = (item: unknown): unknown => (isObject(item) ? { ...item } : item);

function copyBlock(block: unknown, rules: Rules, eventId: string): unknown {
  // A non-object block is not something the real writer produces; it is kept as is. P6 replays the current
  // builder's `{ ...block }` (a string becomes an object of its characters) and its throw on null (docs/scorel.md §16.3).
  if (!isObject(block)) {
    if (!rules.literal) return block;
    if (block === null || block === undefined) throw typeError(eventId, "a content block is null");
    return Object.assign({}, block);
  }
  if (block.type === "tool_result") return { ...block, result: copyResult(block.result, rules) };
  if (block.type === "system_reminder" && rules.blocks) {
    // P6 spreads the block and then replaces a truthy `data` by its copy: a falsy `data` stays, in place (docs/scorel.md §16.3).
    if (rules.literal) return block.data ? { ...block, data: { ...(block.data as object) } } : { ...block };
    return copyReminderBlock(block);
  }
  return { ...block };
}

/** Copies a stored message into the context. `eventId` names the event for a type_error. */
export function copyMessage(message: unknown, rules: Rules, eventId: string): ScorelMessage {
  if (!isObject(message)) throw typeError(eventId, "message is not an object");
  const out: Record<string, unknown> = { ...message };
  // docs/scorel.md §15.2: truthy meta is object-spread (a string becomes {"0":…}); null, 0, "" stay as they are.
  if ("meta" in message && message.meta) out.meta = { ...(message.meta as object) };
  if (Array.isArray(message.content)) out.content = message.content.map((b) => copyBlock(b, rules, eventId));
  // The design model also stores bare-string content (docs/scorel.md §4.3); the shipped builders map over it and throw.
  else if (!rules.design) throw typeError(eventId, "message.content is not an array");
  return out as ScorelMessage;
}
