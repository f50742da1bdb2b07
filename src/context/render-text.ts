// A plain-text rendering of a context, one block per message, used for unified diffs and goldens.
import type { Msg } from "../formats/types.js";

export interface RenderTextOptions {
  /** Keep only the first N lines of each message (terminal previews); undefined = everything. */
  maxLines?: number;
}

const clip = (text: string, max: number | undefined): string => {
  if (max === undefined) return text;
  const lines = text.split("\n");
  return lines.length <= max ? text : [...lines.slice(0, max), `… (${lines.length - max} more lines)`].join("\n");
};

export function renderContextText(systemPrompt: string | null, messages: readonly Msg[], o: RenderTextOptions = {}): string {
  const parts: string[] = [];
  if (systemPrompt) parts.push(`=== system prompt ===\n${clip(systemPrompt, o.maxLines)}`);
  messages.forEach((m, i) => {
    const tag = m.nativeRole === m.role ? m.role : `${m.role} (${m.nativeRole})`;
    const marks = m.reminders.length > 0 ? ` [${m.reminders.length} reminder${m.reminders.length === 1 ? "" : "s"}]` : "";
    parts.push(`=== #${i} ${tag} ${m.sourceIds.join(",")}${marks} ===\n${clip(m.text, o.maxLines)}`);
  });
  return parts.join("\n") + "\n";
}
