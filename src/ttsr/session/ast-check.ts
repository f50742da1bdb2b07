// v18 `#checkAstStream` (docs/ttsr.md §17.10): at a tool call's `toolcall_end`, each per-file entry's digest (or the
// call's digest) is checked against the AST rules; calls whose tool has no matcher hooks have no snapshot.
import type { TtsrManager } from "../manager.js";
import type { Rule, TtsrMatchContext } from "../types.js";
import type { ToolInspector } from "./inspector.js";
import type { ToolCallBlock } from "./types.js";

export interface AstStream {
  ctx: TtsrMatchContext;
  rules: Rule[];
  /** Rules whose language sightline has no grammar for: what upstream decided is unknown offline. */
  unevaluated: Rule[];
}

export function astStreams(m: TtsrManager, inspector: ToolInspector, block: ToolCallBlock, contentIndex: number): AstStream[] {
  const parts = inspector.parts(block, contentIndex);
  const snapshots = parts.entries ?? (parts.digest !== undefined ? [{ digest: parts.digest, ctx: parts.ctx }] : []);
  return snapshots.map((s) => ({ ctx: s.ctx, ...m.checkAstSnapshot(s.digest, s.ctx) }));
}
