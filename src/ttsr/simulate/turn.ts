// One replayed turn: collects matches (first per rule and stream), decisions, injections, and the
// side-effect-free second evaluation that finds repeat-suppressed rules (docs/product.md §3).
import { compileCondition } from "../compile.js";
import type { TtsrManager } from "../manager.js";
import type { StreamCheck } from "../session/routing.js";
import type { Decision, Effect } from "../session/types.js";
import type { Rule, TtsrMatchSource, TtsrProfile } from "../types.js";
import type { SimInjection, SimMatch, SimTurn } from "./types.js";

const EXCERPT_SIDE = 24;
const EXCERPT_MAX = 120;

/** The text around the first condition hit in the buffer (the buffer's tail when none is found). */
export function excerptOf(rule: Rule, buffer: string, profile: TtsrProfile): string {
  for (const token of rule.condition ?? []) {
    const c = compileCondition(token, profile);
    if (!c.ok) continue;
    const m = c.regex.exec(buffer);
    if (!m) continue;
    const start = Math.max(0, m.index - EXCERPT_SIDE);
    const end = Math.min(buffer.length, m.index + Math.min(m[0].length, EXCERPT_MAX) + EXCERPT_SIDE);
    return buffer.slice(start, end);
  }
  return buffer.slice(-2 * EXCERPT_SIDE);
}

export class TurnRecorder {
  readonly report: SimTurn;
  /** First report per rule and buffer key. */
  readonly #seen = new Map<string, SimMatch>();
  interrupted = false;
  readonly toolCallIds: string[];

  constructor(
    responseId: string,
    stopReason: string | null,
    toolCallIds: string[],
    readonly endsRun: (effectiveStop: string | null) => boolean,
    private readonly m: TtsrManager,
    private readonly profile: TtsrProfile,
  ) {
    this.report = { responseId, stopReason, matches: [], injected: [], recorded: [], agree: null };
    this.toolCallIds = toolCallIds;
  }

  #add(rule: Rule, stream: StreamCheck, decision: Decision, counterfactual: boolean): void {
    const key = `${rule.name}\u0000${stream.streamKey}`;
    if (this.#seen.has(key)) return;
    const buffer = this.m.getBuffer(stream.ctx) ?? "";
    const match: SimMatch = {
      rule: rule.name,
      source: stream.ctx.source,
      offset: buffer.length,
      excerpt: excerptOf(rule, buffer, this.profile),
      decision,
      counterfactual,
    };
    const id = toolIdOf(stream.streamKey);
    if (id !== undefined) match.toolCallId = id;
    this.#seen.set(key, match);
    this.report.matches.push(match);
  }

  /** Routed effects of a real delta: the decisions the coordinator made. */
  routed(streams: readonly StreamCheck[], effects: readonly Effect[]): void {
    for (const e of effects) {
      if (e.kind !== "match") continue;
      const stream = streams.find((s) => s.streamKey === e.streamKey);
      if (stream) for (const { rule, decision } of e.rules) this.#add(rule, stream, decision, false);
    }
    this.#suppressed(streams, false);
  }

  /** A delta after the first interrupt: what the routing would have decided, labelled counterfactual. */
  counterfactual(streams: readonly StreamCheck[], decide: (rules: Rule[], source: TtsrMatchSource, toolId: string | undefined) => Decision): void {
    for (const s of streams) {
      if (s.rules.length === 0) continue;
      const decision = decide(s.rules, s.ctx.source, toolIdOf(s.streamKey));
      for (const r of s.rules) this.#add(r, s, decision, true);
    }
    this.#suppressed(streams, true);
  }

  // Rules the repeat policy held back: matched when repeat state is ignored, not matched for real.
  #suppressed(streams: readonly StreamCheck[], counterfactual: boolean): void {
    // Without any injection record the repeat policy holds nothing back: skip the second evaluation.
    if (!this.m.hasInjectionRecords()) return;
    for (const s of streams) {
      for (const r of this.m.evaluateIgnoringRepeat(s.ctx)) {
        if (!s.rules.some((x) => x.name === r.name)) this.#add(r, s, "suppressed-repeat", counterfactual);
      }
    }
  }

  /** Pending rules dropped (deferred → dropped-aborted) or a per-tool bucket cleared (tool → dropped-aborted). */
  dropped(rules: readonly Rule[], toolCallId: string | undefined): void {
    for (const m of this.report.matches) {
      if (!rules.some((r) => r.name === m.rule)) continue;
      if (toolCallId === undefined ? m.decision === "deferred" : m.decision === "tool" && m.toolCallId === toolCallId) m.decision = "dropped-aborted";
    }
  }

  /** v18 judged rules asked about one completed output: their verdicts as matches (docs/ttsr.md §17.6). */
  judged(e: Extract<Effect, { kind: "judged" }>): void {
    for (const a of e.rules) {
      const decision: Decision =
        a.verdict === undefined ? "not-decidable-offline" : a.verdict === false ? "judged-clean" : a.delivered ? "judged" : "claimed-elsewhere";
      const key = `${a.rule.name}\u0000${e.streamKey}`;
      if (this.#seen.has(key)) continue;
      const match: SimMatch = {
        rule: a.rule.name,
        source: e.source,
        offset: e.content.length,
        excerpt: excerptOf(a.rule, e.content, this.profile),
        decision,
        counterfactual: false,
      };
      const id = toolIdOf(e.streamKey);
      if (id !== undefined) match.toolCallId = id;
      this.#seen.set(key, match);
      this.report.matches.push(match);
    }
  }

  inject(e: Extract<Effect, { kind: "inject" }>): SimInjection {
    const inj: SimInjection = { rules: e.rules, mode: e.mode, text: e.text };
    if (e.toolCallId !== undefined) inj.toolCallId = e.toolCallId;
    this.report.injected.push(inj);
    return inj;
  }
}

/** The tool call id of a `toolcall:<id>` (or per-file `toolcall:<id>#<path>`) buffer key. */
export function toolIdOf(streamKey: string): string | undefined {
  if (!streamKey.startsWith("toolcall:")) return undefined;
  const rest = streamKey.slice("toolcall:".length);
  const hash = rest.indexOf("#");
  return hash >= 0 ? rest.slice(0, hash) : rest;
}
