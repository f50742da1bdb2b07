// What makes oh-my-pi 18.3.4's SessionManager fail while it indexes a loaded file (docs/pi.md §8.7): the entry
// index adds every entry's usage to the session totals (session-manager.ts entryUsage / addUsage) and reads
// `usage.cost.total` unguarded, and reads `message.role` of every message entry. The throw aborts the resume,
// so the file is refused (left unchanged), like one without a valid header.
import { isObject } from "../../shared/json.js";
import type { PiEntry } from "./model.js";

/** The usage record the index adds for an entry (model_usage, assistant, `task` tool result), or undefined. */
function usageOf(e: PiEntry): unknown {
  if (e.type === "model_usage") return e.raw.usage;
  if (e.type !== "message") return undefined;
  const m = e.raw.message as Record<string, unknown>;
  if (m.role === "assistant") return m.usage;
  if (m.role === "toolResult" && m.toolName === "task" && isObject(m.details)) return isObject(m.details.usage) ? m.details.usage : undefined;
  return undefined;
}

/** The first entry (file order) the 18.3.4 index throws on, with the reason, or undefined. */
export function omp18LoadFailure(entries: readonly PiEntry[]): { line: number; reason: string } | undefined {
  for (const e of entries) {
    if (e.type === "message" && (e.raw.message === null || e.raw.message === undefined))
      return { line: e.line, reason: `the message entry on line ${e.line} has no message` };
    const usage = usageOf(e);
    // `if (!usage) return`, then `usage.cost.total`: a truthy usage without a cost throws.
    if (usage && ((usage as Record<string, unknown>).cost === undefined || (usage as Record<string, unknown>).cost === null))
      return { line: e.line, reason: `the usage on line ${e.line} has no cost (the loader reads usage.cost.total)` };
  }
  return undefined;
}
