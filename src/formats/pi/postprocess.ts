// The two v17 passes after emission (docs/pi.md §6.2; @oh-my-pi 17.2.15 session-context.ts):
// dangling tool calls are stripped, then failed (aborted/error) assistant turns and their tool results are
// dropped unless the interrupted-thinking continuity message follows. Inputs are never changed.
import { isObject } from "../../shared/json.js";
import type { AgentMessage } from "./messages.js";
import { INTERRUPTED_THINKING_TYPE } from "./strings.js";

/** An emitted message with the ids of the records it came from. */
export interface Item {
  msg: AgentMessage;
  src: string[];
}

type Block = Record<string, unknown>;
export const blocksOf = (m: AgentMessage): Block[] => (Array.isArray(m.content) ? (m.content as Block[]) : []);
export const isToolCall = (b: Block): boolean => isObject(b) && b.type === "toolCall";

export const isFailed = (m: AgentMessage): boolean => m.role === "assistant" && (m.stopReason === "aborted" || m.stopReason === "error");
export const isInterruptedThinking = (m: AgentMessage | undefined): boolean => m?.role === "custom" && m.customType === INTERRUPTED_THINKING_TYPE;

/** The assistant message with unpaired tool calls removed (and its protected reasoning neutralised), or itself. */
export function stripDangling(m: AgentMessage, paired: (id: unknown) => boolean): AgentMessage | null {
  const content = blocksOf(m);
  if (!content.some((b) => isToolCall(b) && !paired(b.id))) return m;
  const kept = content
    .filter((b) => !(isToolCall(b) && !paired(b.id)) && !(isObject(b) && b.type === "redactedThinking"))
    .map((b) => {
      if (!(isObject(b) && b.type === "thinking" && b.thinkingSignature)) return b;
      // `{...block, thinkingSignature: undefined}`: the key disappears from serialized output.
      const { thinkingSignature: _drop, ...rest } = b;
      return rest;
    });
  return kept.length === 0 ? null : { ...m, content: kept };
}

/** `paired` defaults to "some toolResult in `input` answers the call" (the whole emitted list). */
export function postprocessOmp17(input: readonly Item[], paired?: (id: unknown) => boolean): Item[] {
  if (!paired) {
    const ids = new Set<unknown>();
    for (const it of input) if (it.msg.role === "toolResult") ids.add(it.msg.toolCallId);
    paired = (id) => ids.has(id);
  }
  const items: Item[] = [];
  for (const it of input) {
    if (it.msg.role !== "assistant") {
      items.push(it);
      continue;
    }
    const m = stripDangling(it.msg, paired);
    if (m) items.push(m === it.msg ? it : { msg: m, src: it.src });
  }
  for (let i = items.length - 1; i >= 0; i--) {
    const m = items[i].msg;
    if (!isFailed(m) || isInterruptedThinking(items[i + 1]?.msg)) continue;
    const dropped = new Set<unknown>(
      blocksOf(m)
        .filter(isToolCall)
        .map((b) => b.id),
    );
    items.splice(i, 1);
    if (dropped.size === 0) continue;
    for (let j = items.length - 1; j >= i; j--) {
      const c = items[j].msg;
      if (c.role === "toolResult" && dropped.has(c.toolCallId)) items.splice(j, 1);
    }
  }
  return items;
}
