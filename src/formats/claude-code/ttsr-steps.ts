// Claude Code entries as pi-shaped TTSR replay steps (docs/product.md §5): the assistant lines of one streamed
// message (one message.id) form one response, as the stream delivered it; tool results and prompts end it.
// Claude Code has no TTSR, so every match is counterfactual (agree = null).
import { isObject } from "../../shared/json.js";
import type { ReplayStep } from "../types.js";
import type { CcSession } from "./model.js";

type Obj = Record<string, unknown>;
const str = (v: unknown): string => (typeof v === "string" ? v : "");

function piBlock(b: unknown): Obj[] {
  if (!isObject(b)) return [];
  if (b.type === "text") return [{ type: "text", text: str(b.text) }];
  if (b.type === "thinking") return [{ type: "thinking", thinking: str(b.thinking) }];
  if (b.type === "tool_use")
    return [{ type: "toolCall", id: str(b.id), name: str(b.name), arguments: isObject(b.input) ? b.input : {}, partialJson: JSON.stringify(b.input ?? {}) }];
  return [];
}

export function ccTtsrSteps(s: CcSession): ReplayStep[] {
  const out: ReplayStep[] = [];
  let run: { id: string; mid: string; content: Obj[] } | null = null;
  const flush = (): void => {
    if (!run) return;
    const toolUse = run.content.some((b) => b.type === "toolCall");
    out.push({ id: run.id, msg: { role: "assistant", content: run.content, stopReason: toolUse ? "toolUse" : "stop" } });
    run = null;
  };
  for (const r of s.records) {
    const id = str(r.raw.uuid);
    if (!id || s.entries.get(id) !== r) continue;
    const msg = isObject(r.raw.message) ? r.raw.message : undefined;
    if (r.type === "assistant" && msg && r.raw.isApiErrorMessage !== true) {
      const mid = str(msg.id) || id;
      if (run && run.mid !== mid) flush();
      run ??= { id, mid, content: [] };
      run.content.push(...(Array.isArray(msg.content) ? msg.content.flatMap(piBlock) : []));
      continue;
    }
    flush();
    if (r.type === "user" && msg) {
      const c = msg.content;
      const results = Array.isArray(c) ? c.filter((b) => isObject(b) && b.type === "tool_result") : [];
      if (results.length > 0) for (const b of results) out.push({ id, msg: { role: "toolResult", toolCallId: str((b as Obj).tool_use_id), content: [] } });
      else out.push({ id, msg: { role: "user" } });
    } else out.push({ id });
  }
  flush();
  return out;
}
