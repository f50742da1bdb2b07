// A plain-text rendering of a context, one block per message, used for unified diffs and goldens.
import type { Msg } from "../formats/types.js";

export function renderContextText(systemPrompt: string | null, messages: readonly Msg[]): string {
  const parts: string[] = [];
  if (systemPrompt) parts.push(`=== system prompt ===\n${systemPrompt}`);
  messages.forEach((m, i) => {
    const tag = m.nativeRole === m.role ? m.role : `${m.role} (${m.nativeRole})`;
    const marks = m.reminders.length > 0 ? ` [${m.reminders.length} reminder${m.reminders.length === 1 ? "" : "s"}]` : "";
    parts.push(`=== #${i} ${tag} ${m.sourceIds.join(",")}${marks} ===\n${m.text}`);
  });
  return parts.join("\n") + "\n";
}
