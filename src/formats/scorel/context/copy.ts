// Message copying rules of the shipped builders (docs/scorel.md §7.4, §15.1–2). The JSONL event is
// never mutated: every included message is a shallow copy with copied meta, blocks and tool results.
import { isObject } from "../../../shared/json.js";
import { copyReminderBlock } from "./reminders.js";
import type { Rules } from "./rules.js";
import { typeError, type ScorelMessage } from "./types.js";

function copyResult(result: unknown, rules: Rules): unknown {
  if (!isObject(result)) return result; // strings, numbers, arrays, null: as-is
  // P3's copy equals the result; P4+'s too when `content`, an array, is its only field.
  if (rules.share && (!rules.reduceResults || (Array.isArray(result.content) && onlyKey(result, "content")))) return result;
  const content = Array.isArray(result.content) ? result.content.map(copyItem) : undefined;
  // P4+: only {content} survives, a non-array content becomes []; P3 keeps every field.
  if (rules.reduceResults) return { content: content ?? [] };
  return content ? { ...result, content } : { ...result };
}

const copyItem = (item: unknown): unknown => (isObject(item) ? { ...item } : item);

/** Is `key` the object's only enumerable key? (No array of keys: this runs for every tool result.) */
function onlyKey(o: Record<string, unknown>, key: string): boolean {
  for (const k in o) if (k !== key) return false;
  return Object.hasOwn(o, key);
}

/**
 * Would the reminder copy equal the block? P6 copies a falsy `data` as is and an object `data` in place; the
 * other profiles drop a falsy `data` and put a copy of a truthy one last, so theirs equals a block without
 * `data`, or one whose `data`, an object, already comes last (what the writer does).
 */
function reminderCopyEqual(block: Record<string, unknown>, rules: Rules): boolean {
  if (!("data" in block)) return true;
  const { data } = block;
  if (rules.literal) return !data || isObject(data);
  if (!isObject(data)) return false;
  let lastKey: string | undefined;
  for (const k in block) lastKey = k;
  return lastKey === "data";
}

function copyBlock(block: unknown, rules: Rules, eventId: string): unknown {
  // A non-object block is not something the real writer produces; it is kept as is. P6 replays the current
  // builder's `{ ...block }` (a string becomes an object of its characters) and its throw on null (docs/scorel.md §16.3).
  if (!isObject(block)) {
    if (!rules.literal) return block;
    if (block === null || block === undefined) throw typeError(eventId, "a content block is null");
    return Object.assign({}, block);
  }
  if (block.type === "tool_result") {
    const result = copyResult(block.result, rules);
    return rules.share && result === block.result ? block : { ...block, result };
  }
  if (block.type === "system_reminder" && rules.blocks) {
    if (rules.share && reminderCopyEqual(block, rules)) return block;
    // P6 spreads the block and then replaces a truthy `data` by its copy: a falsy `data` stays, in place (docs/scorel.md §16.3).
    if (rules.literal) return block.data ? { ...block, data: { ...(block.data as object) } } : { ...block };
    return copyReminderBlock(block);
  }
  return rules.share ? block : { ...block };
}

/** Copies a stored message into the context. `eventId` names the event for a type_error. */
export function copyMessage(message: unknown, rules: Rules, eventId: string): ScorelMessage {
  if (!isObject(message)) throw typeError(eventId, "message is not an object");
  if (rules.share) return shareMessage(message, rules, eventId);
  const out: Record<string, unknown> = { ...message };
  // docs/scorel.md §15.2: truthy meta is object-spread (a string becomes {"0":…}); null, 0, "" stay as they are.
  if ("meta" in message && message.meta) out.meta = { ...(message.meta as object) };
  if (Array.isArray(message.content)) out.content = message.content.map((b) => copyBlock(b, rules, eventId));
  // The design model also stores bare-string content (docs/scorel.md §4.3); the shipped builders map over it and throw.
  else if (!rules.design) throw typeError(eventId, "message.content is not an array");
  return out as ScorelMessage;
}

/** copyMessage under `rules.share`: the same checks and throws, and a new object only where a block changed. */
function shareMessage(message: Record<string, unknown>, rules: Rules, eventId: string): ScorelMessage {
  const { content } = message;
  if (!Array.isArray(content)) {
    if (!rules.design) throw typeError(eventId, "message.content is not an array");
    return message as ScorelMessage;
  }
  let copied: unknown[] | null = null;
  for (let i = 0; i < content.length; i++) {
    const b = copyBlock(content[i], rules, eventId);
    if (copied) copied.push(b);
    else if (b !== content[i]) {
      copied = content.slice(0, i);
      copied.push(b);
    }
  }
  return (copied ? { ...message, content: copied } : message) as ScorelMessage;
}
