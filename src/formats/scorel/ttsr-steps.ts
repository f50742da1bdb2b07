// Scorel events as pi-shaped TTSR replay steps (docs/product.md §5: what these rules would have done; agree = null,
// Scorel records no TTSR evidence). Responses are Scorel assistant messages (docs/product.md §3 turns).
import type { ReplayStep } from "../types.js";
import type { ScorelSession } from "./model.js";

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === "object" && !Array.isArray(v);
const str = (v: unknown): string => (typeof v === "string" ? v : "");

// docs/scorel.md §11 stop mapping: tool_call↔toolUse, max_tokens↔length, cancelled↔aborted, error↔error.
const SCOREL_STOP: Record<string, string> = { tool_call: "toolUse", max_tokens: "length", cancelled: "aborted", error: "error" };

function scorelBlock(b: unknown): Obj[] {
  if (!isObj(b)) return [];
  if (b.type === "text") return [{ type: "text", text: str(b.text) }];
  if (b.type === "thinking") return [{ type: "thinking", thinking: str(b.text) }];
  if (b.type === "tool_call") return [{ type: "toolCall", id: str(b.toolCallId), name: str(b.toolName), arguments: b.args ?? {} }];
  return [];
}

export function scorelTtsrSteps(s: ScorelSession): ReplayStep[] {
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

/** The recorded cwd: the last `instruction_snapshot`'s `snapshot.cwd` (docs/product.md §2), for tool argument paths. */
export function scorelRecordedCwd(s: ScorelSession): string | null {
  let cwd: string | null = null;
  for (const e of s.events) {
    const snap = e.type === "instruction_snapshot" ? (e.raw.snapshot as Record<string, unknown> | undefined) : undefined;
    if (typeof snap?.cwd === "string") cwd = snap.cwd;
  }
  return cwd;
}
