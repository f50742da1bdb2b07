// Scorel and yoi sessions as pi-shaped steps, so the same replay can say "what would these rules have done"
// (docs/product.md §5: agree = null, these formats record no TTSR evidence). Responses follow docs/product.md §3's turns:
// Scorel assistant messages; yoi maximal runs of assistant_item entries (split at llm_usage or anything else).
import type { ScorelSession } from "../../formats/scorel/model.js";
import type { SessionBase } from "../../formats/types.js";
import type { YoiSession } from "../../formats/yoi/model.js";

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === "object" && !Array.isArray(v);
const str = (v: unknown): string => (typeof v === "string" ? v : "");

/** One replay step: a pi-shaped assistant or toolResult message, or anything else (which ends a turn). */
export interface Step {
  id: string;
  msg?: Obj;
}

// docs/scorel.md §11 stop mapping: tool_call↔toolUse, max_tokens↔length, cancelled↔aborted, error↔error.
const SCOREL_STOP: Record<string, string> = { tool_call: "toolUse", max_tokens: "length", cancelled: "aborted", error: "error" };

function scorelBlock(b: unknown): Obj[] {
  if (!isObj(b)) return [];
  if (b.type === "text") return [{ type: "text", text: str(b.text) }];
  if (b.type === "thinking") return [{ type: "thinking", thinking: str(b.text) }];
  if (b.type === "tool_call") return [{ type: "toolCall", id: str(b.toolCallId), name: str(b.toolName), arguments: b.args ?? {} }];
  return [];
}

function scorelSteps(s: ScorelSession): Step[] {
  return s.events.map((e) => {
    const m = isObj(e.raw.message) ? e.raw.message : undefined;
    const content = Array.isArray(m?.content) ? m.content : [];
    if (m?.role === "assistant") {
      return { id: e.id, msg: { role: "assistant", content: content.flatMap(scorelBlock), stopReason: SCOREL_STOP[str(m.stopReason)] ?? "stop" } };
    }
    if (m?.role === "tool_result") {
      const block = content.find((b) => isObj(b) && b.type === "tool_result") as Obj | undefined;
      return { id: e.id, msg: { role: "toolResult", toolCallId: str(block?.toolCallId), content: [] } };
    }
    // Other messages end the open turn; events that are not messages do not.
    return m ? { id: e.id, msg: { role: str(m.role) } } : { id: e.id };
  });
}

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

function yoiSteps(s: YoiSession): Step[] {
  const out: Step[] = [];
  let run: { id: string; content: Obj[] } | null = null;
  const flush = (): void => {
    if (!run) return;
    const toolUse = run.content.some((b) => b.type === "toolCall");
    out.push({ id: run.id, msg: { role: "assistant", content: run.content, stopReason: toolUse ? "toolUse" : "stop" } });
    run = null;
  };
  for (const e of s.entries) {
    if (e.kind === "assistant_item") {
      run ??= { id: e.id, content: [] };
      run.content.push(...yoiBlock(e.raw.item));
      continue;
    }
    flush();
    const item = isObj(e.raw.item) ? e.raw.item : undefined;
    if (e.kind === "tool_result") out.push({ id: e.id, msg: { role: "toolResult", toolCallId: str(item?.call_id), content: [] } });
    else if (ENDS_TURN.has(e.kind)) out.push({ id: e.id, msg: { role: e.kind } });
    else out.push({ id: e.id });
  }
  flush();
  return out;
}

/** Steps for a Scorel or yoi session; undefined for any other format. */
export function foreignSteps(s: SessionBase): Step[] | undefined {
  if (s.format === "scorel" && Array.isArray((s as ScorelSession).events)) return scorelSteps(s as ScorelSession);
  if (s.format === "yoi" && Array.isArray((s as YoiSession).entries)) return yoiSteps(s as YoiSession);
  return undefined;
}
