// A Codex rollout as pi-shaped TTSR replay steps (docs/product.md §5): each response's output items are one
// assistant message (text, thinking, tool calls); tool outputs are tool results; other lines are plain steps.
import { AssistantRuns } from "../assistant-runs.js";
import type { ReplayStep } from "../types.js";
import type { CodexSession } from "./model.js";
import { isOutputItem } from "./replay.js";
import { userMessageText } from "./legacy.js";

type Obj = Record<string, unknown>;

function block(p: Obj): Obj[] {
  if (p.type === "message") return [{ type: "text", text: userMessageText(p) }];
  if (p.type === "reasoning")
    return [{ type: "thinking", thinking: (Array.isArray(p.summary) ? p.summary : []).map((s) => String((s as Obj).text ?? "")).join("\n") }];
  if (p.type === "function_call" || p.type === "custom_tool_call") {
    const raw = String(p.type === "function_call" ? p.arguments : p.input);
    let args: unknown = {};
    try {
      args = JSON.parse(raw) as unknown;
    } catch {
      args = {};
    }
    return [{ type: "toolCall", id: String(p.call_id), name: String(p.name), arguments: args, partialJson: raw }];
  }
  return [];
}

export function codexTtsrSteps(s: CodexSession): ReplayStep[] {
  const runs = new AssistantRuns();
  for (const l of s.lines) {
    if (l.type === "response_item" && isOutputItem(l.payload)) {
      runs.add(l.id, block(l.payload));
      continue;
    }
    if (l.type === "token_usage_record" || (l.type === "event_msg" && l.payload.type === "token_count")) {
      runs.push({ id: l.id });
      continue;
    }
    if (l.type === "response_item" && String(l.payload.type).endsWith("_output"))
      runs.push({ id: l.id, msg: { role: "toolResult", toolCallId: String(l.payload.call_id), content: [] } });
    else if (l.type === "response_item" && l.payload.type === "message") runs.push({ id: l.id, msg: { role: String(l.payload.role) } });
    else runs.push({ id: l.id });
  }
  return runs.done();
}
