// A Codex history item as a contract Msg (docs/product.md §5): messages keep their role, calls and reasoning are
// assistant-side, call outputs are tool results; `text` is what the item carries as text.
import type { Msg, Role } from "../types.js";
import { userMessageText } from "./legacy.js";
import type { CodexItem } from "./model.js";

const ROLES: ReadonlySet<string> = new Set(["user", "assistant", "developer", "system"]);

function outputText(output: unknown): string {
  if (typeof output === "string") return output;
  if (Array.isArray(output))
    return output
      .flatMap((c) => {
        const part = c as Record<string, unknown>;
        return typeof part.text === "string" ? [part.text] : [];
      })
      .join("\n");
  if (output && typeof output === "object") {
    const o = output as Record<string, unknown>;
    if (typeof o.content === "string") return o.content;
    return outputText(o.content_items ?? o.content);
  }
  return "";
}

// One object literal, its keys in the order the spread of a shared base used to give them (the Msg's JSON is
// unchanged): a spread followed by more keys goes through V8's slow path (≈ 4 µs a message; docs/performance.md §4.27).
const msg = (h: CodexItem, role: Role, nativeRole: string, text: string): Msg => ({
  sourceIds: [h.sourceId],
  reminders: [],
  blocks: [h.item],
  role,
  nativeRole,
  text,
});

export function itemToMsg(h: CodexItem): Msg {
  const it = h.item;
  const type = String(it.type);
  if (type === "message") {
    const role = String(it.role);
    return msg(h, (ROLES.has(role) ? role : "user") as Role, `message:${role}`, userMessageText(it));
  }
  if (type === "function_call") return msg(h, "assistant", type, `${String(it.name)}(${String(it.arguments)})`);
  if (type === "custom_tool_call") return msg(h, "assistant", type, `${String(it.name)}(${String(it.input)})`);
  if (type === "function_call_output" || type === "custom_tool_call_output") return msg(h, "tool_result", type, outputText(it.output));
  if (type === "reasoning") {
    const summary = Array.isArray(it.summary) ? it.summary.map((s) => String((s as Record<string, unknown>).text ?? "")) : [];
    return msg(h, "assistant", type, summary.join("\n"));
  }
  return msg(h, type.endsWith("_output") ? "tool_result" : "assistant", type, JSON.stringify(it));
}
