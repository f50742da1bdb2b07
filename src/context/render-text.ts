// A plain-text rendering of a context, one block per message, used for unified diffs and goldens.
import type { Msg } from "../formats/types.js";

export interface RenderTextOptions {
  /** Keep only the first N lines of each message (terminal previews); undefined = everything. */
  maxLines?: number;
  /** Position of the first message (a slice of a context keeps its positions). */
  firstIndex?: number;
  /** The header line of each message (default `#<position> <role> <sourceIds>`). */
  header?: (m: Msg, position: number) => string;
}

const clip = (text: string, max: number | undefined): string => {
  if (max === undefined) return text;
  const lines = text.split("\n");
  return lines.length <= max ? text : [...lines.slice(0, max), `… (${lines.length - max} more lines)`].join("\n");
};

export const messageTag = (m: Msg): string => (m.nativeRole === m.role ? m.role : `${m.role} (${m.nativeRole})`);
export const reminderMarks = (m: Msg): string => (m.reminders.length > 0 ? ` [${m.reminders.length} reminder${m.reminders.length === 1 ? "" : "s"}]` : "");

export function renderContextText(systemPrompt: string | null, messages: readonly Msg[], o: RenderTextOptions = {}): string {
  const parts: string[] = [];
  if (systemPrompt) parts.push(`=== system prompt ===\n${clip(systemPrompt, o.maxLines)}`);
  const first = o.firstIndex ?? 0;
  messages.forEach((m, i) => {
    const head = o.header ? o.header(m, first + i) : `#${first + i} ${messageTag(m)} ${m.sourceIds.join(",")}${reminderMarks(m)}`;
    parts.push(`=== ${head} ===\n${clip(m.text, o.maxLines)}`);
  });
  return parts.join("\n") + "\n";
}
