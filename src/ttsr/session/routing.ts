// Stream routing of the session layer (docs/ttsr.md §9.1-§9.4, docs/strings.md §3): which buffer an agent update
// goes to, what matched per stream, the match effects a batch reports, and the per-tool-call buckets where rules
// wait for their tool result. The coordinator decides; this file routes and keeps the buckets.
import type { TtsrManager } from "../manager.js";
import type { Rule, TtsrMatchContext } from "../types.js";
import type { ToolInspector } from "./inspector.js";
import type { Decision, DeltaEvent, Effect, ToolCallBlock } from "./types.js";

/** One buffer a delta went to and the rules it matched. */
export interface Stream {
  ctx: TtsrMatchContext;
  rules: Rule[];
}

/** One buffer a delta went to and the rules it matched (entries give one per file, docs/strings.md §3). */
export interface StreamCheck extends Stream {
  streamKey: string;
}

/** An agent `message_update` as the host sees it (the block at contentIndex, when it is a tool call). */
export interface AgentUpdate {
  type: string;
  delta?: string;
  contentIndex?: number;
  toolCall?: ToolCallBlock;
}

/**
 * The delta event of a raw `message_update`: `text_delta`, `thinking_delta` and `toolcall_delta` are checked, v18
 * also `toolcall_end` (docs/ttsr.md §9.1, §17.2); "start" is a provider start; null is an update TTSR ignores.
 */
export function deltaEventOf(u: AgentUpdate, v18: boolean): DeltaEvent | "start" | null {
  const delta = typeof u.delta === "string" ? u.delta : "";
  if (u.type === "text_delta") return { source: "text", delta };
  if (u.type === "thinking_delta") return { source: "thinking", delta };
  if (u.type === "toolcall_delta" || (u.type === "toolcall_end" && v18)) {
    const ev: DeltaEvent = { source: "tool", delta: u.type === "toolcall_end" ? "" : delta, contentIndex: u.contentIndex ?? 0 };
    if (u.toolCall) ev.toolCall = u.toolCall;
    if (u.type === "toolcall_end") ev.final = true;
    return ev;
  }
  return u.type === "start" ? "start" : null;
}

/** Buffers a delta in the stream(s) it belongs to and returns what matched per stream (no rules: none). */
export function checkStreams(m: TtsrManager, inspector: ToolInspector, ev: DeltaEvent): StreamCheck[] {
  if (!m.hasRules()) return [];
  const streams =
    ev.source === "tool" ? checkTool(m, inspector, ev) : [{ ctx: { source: ev.source }, rules: m.checkDelta(ev.delta, { source: ev.source }, ev.streamed) }];
  return streams.map((s) => ({ ctx: s.ctx, rules: s.rules, streamKey: m.bufferKey(s.ctx) }));
}

// docs/ttsr.md §9.2 + docs/strings.md §3: the tool context, then entries (per-file snapshots), digest snapshot, or raw
// delta; at a v18 toolcall_end a hookless call's final arguments replace its buffer (docs/ttsr.md §17.2).
function checkTool(m: TtsrManager, inspector: ToolInspector, ev: Extract<DeltaEvent, { source: "tool" }>): Stream[] {
  const block = ev.toolCall;
  if (!block) return [{ ctx: { source: "tool" }, rules: m.checkDelta(ev.delta, { source: "tool" }, ev.streamed) }];
  const parts = inspector.parts(block, ev.contentIndex);
  const { ctx } = parts;
  if (parts.entries) return parts.entries.map((e) => ({ ctx: e.ctx, rules: m.checkSnapshot(e.digest, e.ctx) }));
  if (parts.digest !== undefined) return [{ ctx, rules: m.checkSnapshot(parts.digest, ctx) }];
  const args = block.arguments;
  if (ev.final && args !== undefined && args !== null) return [{ ctx, rules: m.checkSnapshot(typeof args === "string" ? args : JSON.stringify(args), ctx) }];
  return [{ ctx, rules: m.checkDelta(ev.delta, ctx, ev.streamed) }];
}

/** One `match` effect per stream that matched, each rule with the decision it got. */
export function matchEffects(m: TtsrManager, streams: readonly Stream[], decided: ReadonlyMap<string, Decision>, toolCallId: string | undefined): Effect[] {
  const effects: Effect[] = [];
  for (const s of streams) {
    if (s.rules.length === 0) continue;
    const e: Effect = {
      kind: "match",
      source: s.ctx.source,
      streamKey: m.bufferKey(s.ctx),
      rules: s.rules.map((rule) => ({ rule, decision: decided.get(rule.name) ?? "deferred" })),
    };
    if (toolCallId !== undefined) e.toolCallId = toolCallId;
    effects.push(e);
  }
  return effects;
}

/** Rules waiting for a tool call's result, per tool call id (docs/ttsr.md §9.4, §9.8). */
export class ToolBuckets {
  readonly #buckets = new Map<string, Rule[]>();

  names(toolCallId: string): string[] | undefined {
    return this.#buckets.get(toolCallId)?.map((r) => r.name);
  }

  /**
   * Routes a non-interrupting batch to the call's bucket: a rule already there stays "tool", a rule another call
   * holds is "claimed-elsewhere", the rest join the bucket (returned as `added`).
   */
  route(matches: readonly Rule[], toolCallId: string, decided: Map<string, Decision>): Rule[] {
    const bucket = this.#buckets.get(toolCallId) ?? [];
    const added: Rule[] = [];
    for (const r of matches) {
      if (bucket.some((x) => x.name === r.name)) decided.set(r.name, "tool");
      else if (this.#claimedElsewhere(r.name, toolCallId)) decided.set(r.name, "claimed-elsewhere");
      else {
        bucket.push(r);
        added.push(r);
        decided.set(r.name, "tool");
      }
    }
    this.#buckets.set(toolCallId, bucket);
    return added;
  }

  #claimedElsewhere(name: string, toolId: string): boolean {
    for (const [id, rules] of this.#buckets) if (id !== toolId && rules.some((r) => r.name === name)) return true;
    return false;
  }

  /** Empties every bucket, reporting each non-empty one as dropped (its rules stay marked, docs/ttsr.md §9.7). */
  clear(effects: Effect[]): void {
    for (const [toolCallId, rules] of this.#buckets) if (rules.length > 0) effects.push({ kind: "dropped", why: "bucket", rules, toolCallId });
    this.#buckets.clear();
  }

  /** The call's bucket, consumed once (docs/ttsr.md §9.8); undefined when it holds nothing. */
  take(toolCallId: string): Rule[] | undefined {
    const bucket = this.#buckets.get(toolCallId);
    if (!bucket || bucket.length === 0) return undefined;
    this.#buckets.delete(toolCallId);
    return bucket;
  }
}
