// ThreadRolledBack: the history drops its last N user turns (docs/codex.md §2.3, measured with 0.100.0 and 0.169.0):
// it is cut at the N-th last user turn message; with more turns asked than there are, at the first one, keeping
// what came before it. 0.169.0's reader also drops the context messages Codex added just before that message
// (developer messages, environment context, AGENTS.md text); 0.100.0's running process keeps them.
import { isUserTurnMessage } from "./legacy.js";
import type { CodexItem } from "./model.js";

/** A message Codex adds as context before a turn: any developer message, or a user message that is not a turn. */
const isContextUpdate = (item: Record<string, unknown>): boolean =>
  item.type === "message" && (item.role === "developer" || (item.role === "user" && !isUserTurnMessage(item)));

export function dropLastUserTurns(history: readonly CodexItem[], n: number, trimContext = false): CodexItem[] {
  if (n <= 0) return [...history];
  const positions: number[] = [];
  history.forEach((h, i) => {
    if (isUserTurnMessage(h.item)) positions.push(i);
  });
  if (positions.length === 0) return [...history];
  let cut = n >= positions.length ? positions[0] : positions[positions.length - n];
  if (trimContext) while (cut > 0 && isContextUpdate(history[cut - 1].item)) cut--;
  return history.slice(0, cut);
}
