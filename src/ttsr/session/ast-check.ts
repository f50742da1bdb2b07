// v18 `#checkAstStream` (docs/ttsr.md §17.10): at a tool call's `toolcall_end`, each per-file entry's digest (or the
// call's digest) is checked against the AST rules; calls whose tool has no matcher hooks have no snapshot.
import type { TtsrManager } from "../manager.js";
import type { Rule } from "../types.js";
import type { StreamCheck } from "./routing.js";
import type { ToolInspector } from "./inspector.js";
import type { Effect, ToolCallBlock } from "./types.js";

export interface AstCheckResult {
  /** One per snapshot, with the rules it matched. */
  checks: StreamCheck[];
  /** The matched rules over all snapshots: one batch (docs/ttsr.md §17.10). */
  matches: Rule[];
  /** Match effects for rules in a language sightline cannot parse (docs/ttsr.md §17.11): never routed. */
  undecided: Effect[];
}

export function astCheck(m: TtsrManager, inspector: ToolInspector, block: ToolCallBlock, contentIndex: number, toolCallId: string | undefined): AstCheckResult {
  const parts = inspector.parts(block, contentIndex);
  const snapshots = parts.entries ?? (parts.digest !== undefined ? [{ digest: parts.digest, ctx: parts.ctx }] : []);
  const out: AstCheckResult = { checks: [], matches: [], undecided: [] };
  for (const s of snapshots) {
    const { rules, unevaluated } = m.checkAstSnapshot(s.digest, s.ctx);
    const streamKey = m.bufferKey(s.ctx);
    out.checks.push({ ctx: s.ctx, rules, streamKey });
    out.matches.push(...rules);
    if (unevaluated.length === 0) continue;
    out.undecided.push({
      kind: "match",
      source: "tool",
      streamKey,
      ...(toolCallId !== undefined && { toolCallId }),
      rules: unevaluated.map((rule) => ({ rule, decision: "not-decidable-offline" as const })),
    });
  }
  return out;
}
