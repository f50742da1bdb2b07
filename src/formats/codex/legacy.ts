// The history after a compacted line that has no replacement_history (writers before it existed): the reader
// rebuilds it from the initial context, the user messages so far and the summary (codex-rs core compact.rs
// build_compacted_history, docs/codex.md §4). Written from that description, not translated.
import type { CodexItem } from "./model.js";
import { NO_SUMMARY, SUMMARY_PREFIX } from "./strings.js";

/** compact.rs COMPACT_USER_MESSAGE_MAX_TOKENS: the budget of user-message text kept across a compaction. */
const USER_MESSAGE_BUDGET = 20_000;

/**
 * User messages that are context Codex adds, not what the user typed (parse_turn_item gives no UserMessage for
 * them): environment context, user instructions, AGENTS.md, shell-command and abort notes.
 */
const CONTEXT_PREFIXES = [
  "<environment_context>",
  "<user_instructions>",
  "# AGENTS.md instructions",
  "<user_shell_command>",
  "<turn_aborted>",
  "<subagent_notification>",
];

/** A message's text parts (input_text / output_text, empty ones skipped) joined with "\n". */
export function userMessageText(item: Record<string, unknown>): string {
  const content = Array.isArray(item.content) ? item.content : [];
  return content
    .flatMap((c) => {
      const part = c as Record<string, unknown>;
      return (part.type === "input_text" || part.type === "output_text") && typeof part.text === "string" && part.text !== "" ? [part.text] : [];
    })
    .join("\n");
}

export const isSummaryMessage = (text: string): boolean => text.startsWith(`${SUMMARY_PREFIX}\n`);

/** A user message the user (or a compaction summary) wrote, as opposed to context Codex put in a user message. */
export function isUserTurnMessage(item: Record<string, unknown>): boolean {
  if (item.type !== "message" || item.role !== "user") return false;
  const text = userMessageText(item).trimStart();
  return !CONTEXT_PREFIXES.some((p) => text.startsWith(p));
}

/** truncate.rs approx_token_count: UTF-8 bytes / 4, rounded up. */
export const approxTokens = (s: string): number => Math.ceil(Buffer.byteLength(s, "utf8") / 4);

const userMessage = (text: string): Record<string, unknown> => ({ type: "message", role: "user", content: [{ type: "input_text", text }] });

/**
 * The rebuilt history: the initial context the file recorded (the items before its first user turn message),
 * the newest user messages within the token budget (oldest first), then the summary as a user message.
 * `approximate` when a message had to be cut: Codex cuts it with its own truncation, which sightline does not
 * reproduce here, so that message is left out and the result flagged.
 */
export function legacyReplacement(
  history: readonly CodexItem[],
  summary: string,
  sourceId: string,
  withoutInitial = false,
): { items: CodexItem[]; approximate: boolean } {
  const firstTurn = history.findIndex((h) => isUserTurnMessage(h.item));
  // 0.169.0 builds no initial context into the rebuilt history: it adds its context at the next turn (measured).
  const initial = withoutInitial ? [] : firstTurn < 0 ? [...history] : history.slice(0, firstTurn);
  const users = history
    .filter((h) => isUserTurnMessage(h.item))
    .map((h) => ({ h, text: userMessageText(h.item) }))
    .filter((u) => !isSummaryMessage(u.text));
  const kept: CodexItem[] = [];
  let remaining = USER_MESSAGE_BUDGET;
  let approximate = false;
  for (let i = users.length - 1; i >= 0 && remaining > 0; i--) {
    const tokens = approxTokens(users[i].text);
    if (tokens > remaining) {
      approximate = true;
      break;
    }
    kept.unshift({ item: userMessage(users[i].text), sourceId: users[i].h.sourceId });
    remaining -= tokens;
  }
  const items = [...initial, ...kept, { item: userMessage(summary === "" ? NO_SUMMARY : summary), sourceId }];
  return { items, approximate };
}
