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

export function itemToMsg(h: CodexItem): Msg {
  const it = h.item;
  const type = String(it.type);
  const base = { sourceIds: [h.sourceId], reminders: [] as Msg["reminders"], blocks: [it] as unknown[] };
  if (type === "message") {
    const role = String(it.role);
    return { ...base, role: (ROLES.has(role) ? role : "user") as Role, nativeRole: `message:${role}`, text: userMessageText(it) };
  }
  if (type === "function_call") return { ...base, role: "assistant", nativeRole: type, text: `${String(it.name)}(${String(it.arguments)})` };
  if (type === "custom_tool_call") return { ...base, role: "assistant", nativeRole: type, text: `${String(it.name)}(${String(it.input)})` };
  if (type === "function_call_output" || type === "custom_tool_call_output")
    return { ...base, role: "tool_result", nativeRole: type, text: outputText(it.output) };
  if (type === "reasoning") {
    const summary = Array.isArray(it.summary) ? it.summary.map((s) => String((s as Record<string, unknown>).text ?? "")) : [];
    return { ...base, role: "assistant", nativeRole: type, text: summary.join("\n") };
  }
  return { ...base, role: type.endsWith("_output") ? "tool_result" : "assistant", nativeRole: type, text: JSON.stringify(it) };
}
