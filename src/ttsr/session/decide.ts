// Small pure pieces of the session layer: the interrupt decision (docs/ttsr.md §9.3), abort reasons (D6,
// docs/strings.md §1.5) and the name lists the records carry.
import type { InterruptMode, Rule, TtsrMatchSource, TtsrProfile } from "../types.js";
import type { AbortReason } from "./types.js";

/** docs/ttsr.md §9.3: the batch interrupts if any rule's own mode (else the global mode) fits the source. */
export function shouldInterrupt(rules: readonly Rule[], source: TtsrMatchSource, globalMode: InterruptMode): boolean {
  return rules.some((r) => {
    const mode = r.interruptMode ?? globalMode;
    if (mode === "always") return true;
    if (mode === "prose-only") return source === "text" || source === "thinking";
    if (mode === "tool-only") return source === "tool";
    return false;
  });
}

/** The message the v17 abort carries; it names only the current batch. */
export function abortMessage(rules: readonly Rule[]): string {
  const names = rules.map((r) => r.name);
  return names.length === 1 ? `TTSR matched rule: ${names[0]}` : `TTSR matched rules: ${names.join(", ")}`;
}

// Seed-era `agent.abort()` has no reason, so pi-agent-core writes its default (without a final period).
export const SEED_ABORT_MESSAGE = "Request was aborted";
export const OTHER_TOOL_CALL_MESSAGE = "TTSR interrupt on another tool call";

/** D6: seed → no reason; v17 → the message, tool-scoped when a tool call with an id matched. */
export function abortReason(rules: readonly Rule[], profile: TtsrProfile, matchedToolId: string | undefined): { reason: AbortReason; errorMessage: string } {
  if (profile === "seed") return { reason: undefined, errorMessage: SEED_ABORT_MESSAGE };
  const message = abortMessage(rules);
  if (matchedToolId === undefined) return { reason: message, errorMessage: message };
  return {
    reason: { kind: "tool-scoped-abort", message, toolCallMessages: { [matchedToolId]: message }, defaultToolCallMessage: OTHER_TOOL_CALL_MESSAGE },
    errorMessage: message,
  };
}

/** Trimmed, non-empty, deduplicated string names in first-seen order (what marking and records keep). */
export function cleanNames(names: readonly unknown[]): string[] {
  const out: string[] = [];
  for (const n of names) {
    if (typeof n !== "string") continue;
    const t = n.trim();
    if (t.length > 0 && !out.includes(t)) out.push(t);
  }
  return out;
}

/** Appends rules deduplicated by name, the first occurrence kept (pendingInjections, docs/ttsr.md §9.4). */
export function appendUniqueByName(list: Rule[], rules: readonly Rule[]): void {
  for (const r of rules) if (!list.some((x) => x.name === r.name)) list.push(r);
}
