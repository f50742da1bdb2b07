// ThreadRolledBack: the history drops its last N user turns (codex-rs context_manager drop_last_n_user_turns,
// docs/codex.md §2.3): it is cut at the N-th last user turn message; with more turns asked than there are, at the
// first one, keeping what came before it. Newer releases also trim context updates just before the cut; that
// refinement is not reproduced (the CODEX_ROLLBACK note says the rule is unverified).
import { isUserTurnMessage } from "./legacy.js";
import type { CodexItem } from "./model.js";

export function dropLastUserTurns(history: readonly CodexItem[], n: number): CodexItem[] {
  if (n <= 0) return [...history];
  const positions: number[] = [];
  history.forEach((h, i) => {
    if (isUserTurnMessage(h.item)) positions.push(i);
  });
  if (positions.length === 0) return [...history];
  const cut = n >= positions.length ? positions[0] : positions[positions.length - n];
  return history.slice(0, cut);
}
