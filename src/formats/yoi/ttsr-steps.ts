// yoi entries as pi-shaped TTSR replay steps (docs/product.md §5; agree = null, yoi records no TTSR evidence).
// Responses are maximal runs of assistant_item entries, split at llm_usage or anything else (docs/product.md §3).
import { AssistantRuns } from "../assistant-runs.js";
import type { ReplayStep } from "../types.js";
import { baseKind, type YoiSession } from "./model.js";

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === "object" && !Array.isArray(v);
const str = (v: unknown): string => (typeof v === "string" ? v : "");

function yoiBlock(item: unknown): Obj[] {
  if (!isObj(item)) return [];
  if (item.kind === "message" && Array.isArray(item.content))
    return item.content.flatMap((p) => (isObj(p) && p.kind === "text" ? [{ type: "text", text: str(p.text) }] : []));
  if (item.kind === "reasoning") return [{ type: "thinking", thinking: str(item.text) }];
  if (item.kind === "tool_call") {
    // The recorded arguments are the raw JSON text the provider sent: stream them as they are.
    let args: unknown = {};
    try {
      args = JSON.parse(str(item.arguments)) as unknown;
    } catch {
      args = {};
    }
    return [{ type: "toolCall", id: str(item.call_id), name: str(item.name), arguments: args, partialJson: str(item.arguments) }];
  }
  return [];
}

// Entries that start a new request or end the agent turn (llm_usage only splits assistant runs).
const ENDS_TURN = new Set(["user_input", "system_item", "turn_end", "run_completed", "run_errored", "segment_start", "invoke"]);

export function yoiTtsrSteps(s: YoiSession): ReplayStep[] {
  const runs = new AssistantRuns();
  for (const e of s.entries) {
    const kind = baseKind(e.kind);
    // v3 records wrap the item with its metadata (docs/yoi.md §9.2).
    const raw = isObj(e.raw.entry) ? e.raw.entry.item : e.raw.item;
    if (kind === "assistant_item") {
      runs.add(e.id, yoiBlock(raw));
      continue;
    }
    const item = isObj(raw) ? raw : undefined;
    if (kind === "tool_result") runs.push({ id: e.id, msg: { role: "toolResult", toolCallId: str(item?.call_id), content: [] } });
    else if (ENDS_TURN.has(kind)) runs.push({ id: e.id, msg: { role: kind } });
    else runs.push({ id: e.id });
  }
  return runs.done();
}
