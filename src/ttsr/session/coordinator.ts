// The TTSR session decision layer (docs/ttsr.md §9), modelled on v17 `TtsrCoordinator` (seed-era logic is the
// same minus the matcherDigest branch, docs/ttsr.md §0.2; v18's additions are docs/ttsr.md §17). Event-driven and
// pure: each agent event returns effects.
import type { TtsrManager } from "../manager.js";
import type { Rule, TtsrMatchSource, TtsrProfile } from "../types.js";
import { abortReason, appendUniqueByName, cleanNames, shouldInterrupt } from "./decide.js";
import { toolHooksFor, type ToolHooks } from "./matcher-hooks.js";
import { judgeOutputs, outputsOf, warningEffects, type OpenQuestion, type VerdictSource, type WarningWords } from "./judged.js";
import { Announcements, DeliveryReservations } from "./v18-ledger.js";
import { ToolInspector, toolCallBlock, toolStreamKey } from "./inspector.js";
import { astCheck } from "./ast-check.js";
import { ruleRenderer } from "./renderer.js";
import { checkStreams, deltaEventOf, matchEffects, ToolBuckets, type AgentUpdate, type Stream, type StreamCheck } from "./routing.js";
import type {
  CustomMessage,
  Decision,
  PersistedRecord,
  DeltaEvent,
  DeltaResult,
  Effect,
  InjectionMessage,
  RuleRenderer,
  StopReason,
  ToolFoldResult,
} from "./types.js";

export interface CoordinatorOptions {
  manager: TtsrManager;
  /** How rules are rendered; defaults to sightline's own templates (the profile's), paths shown against `cwd` and `home`. */
  renderer?: RuleRenderer;
  /** The session's cwd (a replay: the RECORDED one): tool argument paths resolve against it (docs/ttsr.md §9.2). */
  cwd: string | null;
  /** The home folder the default renderer shows rule paths against (`~/…`). */
  home?: string;
  /** Defaults to the manager's profile. */
  profile?: TtsrProfile;
  /** v17/v18 tool hook lookup (docs/strings.md §3); defaults to edit/write hooks. Seed never uses hooks. */
  hooks?: (toolName: string, args: unknown) => ToolHooks | undefined;
  /** v18 judged rules: the verdict per rule and output; without it every judged rule is not decidable offline (docs/ttsr.md §17.6). */
  verdict?: VerdictSource;
}

/** Host facts the 50 ms interrupt task checks (docs/ttsr.md §9.5 c); a replay always finds its target. */
export interface InterruptTaskHost {
  targetFound?: boolean;
  generationChanged?: boolean;
}

export type { AgentUpdate, StreamCheck } from "./routing.js";

export class TtsrCoordinator {
  readonly #m: TtsrManager;
  readonly #render: RuleRenderer;
  readonly #cwd: string | null;
  readonly #profile: TtsrProfile;
  readonly #inspector: ToolInspector;
  readonly #verdict: VerdictSource | undefined;
  #pending: Rule[] = [];
  readonly #reservations = new DeliveryReservations();
  readonly #announced = new Announcements();
  readonly #buckets = new ToolBuckets();
  #abortPending = false;
  #retryToken = 0;
  /** v18: questions put to the host's judge, by request number, until it answers (judgeAnswer). */
  readonly #open = new Map<number, OpenQuestion>();
  #requests = 0;

  constructor(o: CoordinatorOptions) {
    this.#m = o.manager;
    this.#cwd = o.cwd;
    this.#profile = o.profile ?? o.manager.profile;
    this.#defaultRender = ruleRenderer({ profile: this.#profile, ...(o.cwd !== null && { cwd: o.cwd }), ...(o.home !== undefined && { home: o.home }) });
    this.#render = o.renderer ?? this.#defaultRender;
    this.#inspector = new ToolInspector(this.#profile, o.cwd, o.hooks ?? toolHooksFor);
    this.#verdict = o.verdict;
  }

  get #v18(): boolean {
    return this.#profile === "v18";
  }

  get manager(): TtsrManager {
    return this.#m;
  }
  get pendingNames(): string[] {
    return this.#pending.map((r) => r.name);
  }
  get abortPending(): boolean {
    return this.#abortPending;
  }
  get retryToken(): number {
    return this.#retryToken;
  }
  bucketNames(toolCallId: string): string[] | undefined {
    return this.#buckets.names(toolCallId);
  }
  /** v18: the rules an undelivered follow-up holds, with its deliveryId. */
  get reservations(): ReadonlyMap<string, number> {
    return this.#reservations.byName;
  }

  /** Process start (docs/ttsr.md §11.3): names from the path's ttsr_injection entries. */
  restore(names: readonly string[]): void {
    this.#m.restoreInjected(names);
  }

  turnStart(): Effect[] {
    this.#m.resetBuffer();
    return [];
  }

  /** turn_end of every turn, whatever its stop reason (docs/ttsr.md §8.6); v18 forgets the announced triggers. */
  turnEnd(): Effect[] {
    this.#m.incrementMessageCount();
    this.#announced.clear();
    return [];
  }

  /** message_start of an assistant message: v18 resets the buffers (docs/ttsr.md §17.1); earlier profiles do nothing. */
  assistantMessageStart(): Effect[] {
    if (this.#v18) this.#m.resetBuffer();
    return [];
  }

  /** A provider `start` inside one response (a restarted attempt): v18 resets the buffers (docs/ttsr.md §17.1). */
  providerStart(): Effect[] {
    if (this.#v18 && this.#m.hasRules()) this.#m.resetBuffer();
    return [];
  }

  /**
   * A `*_delta` message update (docs/ttsr.md §9.1), or in v18 a `toolcall_end` (`final`, docs/ttsr.md §17.2); seed and v17
   * never check end events, so a final event is ignored there.
   */
  delta(ev: DeltaEvent): DeltaResult {
    if (ev.source === "tool" && ev.final && !this.#v18) return { consumed: false, effects: [], streams: [] };
    const streams = this.probe(ev);
    const matches = streams.flatMap((s) => s.rules);
    // The base key `toolcall:<id>`, never a per-file `#path` key (docs/strings.md §3 step 5); only a real id counts.
    const matchedToolId = ev.source === "tool" && ev.toolCall?.id ? ev.toolCall.id : undefined;
    const baseKey = ev.source === "tool" && ev.toolCall ? toolStreamKey(ev.toolCall, ev.contentIndex) : undefined;
    const result: DeltaResult =
      matches.length === 0
        ? { consumed: false, effects: [], streams }
        : { ...this.#handleMatches(matches, streams, ev.source, matchedToolId, baseKey), streams };
    // v18: AST conditions run once more on the final call, after its text conditions, unless those interrupted (docs/ttsr.md §17.10).
    if (result.consumed || ev.source !== "tool" || !ev.final || !ev.toolCall || !this.#m.hasAstRules()) return result;
    const ast = astCheck(this.#m, this.#inspector, ev.toolCall, ev.contentIndex, matchedToolId);
    const streams2 = [...result.streams, ...ast.checks];
    if (ast.matches.length === 0) return { consumed: false, effects: [...result.effects, ...ast.undecided], streams: streams2 };
    const second = this.#handleMatches(ast.matches, ast.checks, "tool", matchedToolId, baseKey);
    return { consumed: second.consumed, effects: [...result.effects, ...ast.undecided, ...second.effects], streams: streams2 };
  }

  /**
   * A raw `message_update` of the agent: `text_delta`, `thinking_delta` and `toolcall_delta` are checked; v18 also
   * checks `toolcall_end` and resets on a provider `start`; every other update is ignored (docs/ttsr.md §9.1, §17).
   */
  messageUpdate(u: AgentUpdate): DeltaResult {
    const ev = deltaEventOf(u, this.#v18);
    if (ev !== null && ev !== "start") return this.delta(ev);
    if (ev === "start") this.providerStart();
    return { consumed: false, effects: [], streams: [] };
  }

  /**
   * Buffers a delta and returns what matched per stream, without routing anything. The replay uses it for
   * counterfactual deltas after an interrupt (the real stream was cut there, docs/product.md §3).
   */
  probe(ev: DeltaEvent): StreamCheck[] {
    return checkStreams(this.#m, this.#inspector, ev);
  }

  /** The routing a match batch would get now, for reports (docs/ttsr.md §9.3/§9.4), without changing any state. */
  wouldDecide(rules: readonly Rule[], source: TtsrMatchSource, toolCallId: string | undefined): Decision {
    if (shouldInterrupt(rules, source, this.#m.getSettings().interruptMode)) return "interrupt";
    return toolCallId !== undefined ? "tool" : "deferred";
  }

  // docs/ttsr.md §9.4 `#handleMatches`.
  #handleMatches(
    matches: Rule[],
    streams: Stream[],
    source: TtsrMatchSource,
    matchedToolId: string | undefined,
    baseKey: string | undefined,
  ): Omit<DeltaResult, "streams"> {
    const effects: Effect[] = [];
    const decided = new Map<string, Decision>();
    const interrupt = shouldInterrupt(matches, source, this.#m.getSettings().interruptMode);
    if (!interrupt && matchedToolId !== undefined) {
      const added = this.#buckets.route(matches, matchedToolId, decided);
      effects.push(...matchEffects(this.#m, streams, decided, matchedToolId));
      if (added.length > 0) {
        // Marked in memory at match time; nothing is persisted until the fold (docs/ttsr.md §9.4, §9.7).
        this.#m.markInjected(added);
        effects.push({ kind: "mark", names: added.map((r) => r.name) });
      }
      this.#announce(effects, baseKey, matches);
      return { consumed: false, effects };
    }
    // v18: a rule an undelivered follow-up holds is not pending again (docs/ttsr.md §17.5).
    const free = this.#v18 ? matches.filter((r) => !this.#reservations.has(r.name)) : matches;
    appendUniqueByName(this.#pending, free);
    for (const r of matches) decided.set(r.name, free.includes(r) ? (interrupt ? "interrupt" : "deferred") : "reserved");
    effects.push(...matchEffects(this.#m, streams, decided, matchedToolId));
    // The deferred path (prose, or a tool stream without an id) emits no event (docs/ttsr.md §9.9).
    if (!interrupt) return { consumed: false, effects };
    this.#abortPending = true;
    const { reason, errorMessage } = abortReason(matches, this.#profile, source === "tool" ? matchedToolId : undefined);
    effects.push({ kind: "abort", reason, errorMessage });
    this.#announce(effects, baseKey, matches);
    this.#retryToken++;
    effects.push({ kind: "schedule_interrupt", token: this.#retryToken, delayMs: 50 });
    return { consumed: true, effects };
  }

  /** `ttsr_triggered`; v18 announces a stream key's rules once until turn end (`#emitTriggerOnce`, docs/ttsr.md §17.4). */
  #announce(effects: Effect[], key: string | undefined, rules: Rule[]): void {
    if (!this.#v18 || this.#announced.admit(key, rules)) effects.push({ kind: "ttsr_triggered", rules });
  }

  #renderInterrupt(rules: readonly Rule[]): string {
    return rules.map((r) => this.#render.interrupt(r)).join("\n\n");
  }

  /**
   * docs/ttsr.md §9.7 `onAssistantMessageEnd`. v18 then asks the judged rules about the message's completed outputs
   * (`content`: the message's content blocks; docs/ttsr.md §17.6).
   */
  assistantMessageEnd(stopReason: StopReason, content?: unknown): Effect[] {
    const effects = this.#queueDeferred(stopReason);
    const failed = stopReason === "aborted" || stopReason === "error";
    if (this.#v18 && !failed && content !== undefined) this.#judge(content, effects);
    return effects;
  }

  #queueDeferred(stopReason: StopReason): Effect[] {
    const effects: Effect[] = [];
    if (!this.#abortPending) effects.push({ kind: "resolve_gate" });
    const failed = stopReason === "aborted" || stopReason === "error";
    // The marks stay: clearing a bucket does not unmark its rules (docs/ttsr.md §9.7, S2).
    if (failed) this.#buckets.clear(effects);
    if (this.#abortPending || this.#pending.length === 0) return effects;
    if (failed) {
      effects.push({ kind: "dropped", why: "pending", rules: this.#pending });
      this.#pending = [];
      return effects;
    }
    // docs/ttsr.md §9.6: deferred delivery, still with the interrupt template; marked only when delivered.
    const rules = this.#pending;
    this.#pending = [];
    const message = injectionMessage(
      this.#renderInterrupt(rules),
      rules.map((r) => r.name),
    );
    if (this.#v18) {
      // docs/ttsr.md §17.5: the follow-up reserves its rules until it is delivered (or discarded).
      message.details.deliveryId = this.#reservations.reserve(rules);
    }
    effects.push({ kind: "inject", mode: "deferred", rules: message.details.rules, text: message.content });
    effects.push({ kind: "follow_up", message });
    effects.push({ kind: "schedule_continue", delayMs: 1 });
    return effects;
  }

  // v18 `#judgeCompletedMessage` (docs/ttsr.md §17.6); `judge: "off"` never asks, "auto" and "on" leave it to the verdicts.
  #judge(content: unknown, effects: Effect[]): void {
    if (!this.#m.hasJudgedRules() || (this.#m.getSettings() as { judge?: unknown }).judge === "off") return;
    const outputs = outputsOf(content, (block, index) => this.#inspector.parts(toolCallBlock(block), index));
    const open = (q: OpenQuestion): number => {
      this.#open.set(++this.#requests, q);
      return this.#requests;
    };
    effects.push(...judgeOutputs(outputs, this.#m, this.#verdict, this.#warningWords, open));
  }
  readonly #defaultRender: RuleRenderer;
  readonly #warningWords: WarningWords = {
    message: (text, names) => injectionMessage(text, names),
    warn: (rule, subject) => (this.#render.warning ?? this.#defaultRender.warning)?.(rule, subject) ?? "",
  };

  /**
   * v18: the host's judge answered the open question `request` (a `judged` effect's) with the names of the rules it
   * flagged. They are claimed now, as 18.3.4 claims them when its judge answers (a rule delivered meanwhile, or
   * flagged on another output first, is not delivered twice); an answer that arrives after the session was replaced
   * (`generationChanged`) is dropped, as upstream drops a stale generation's verdicts (docs/ttsr.md §17.6).
   */
  judgeAnswer(request: number, flagged: readonly string[], host: { generationChanged?: boolean } = {}): Effect[] {
    const q = this.#open.get(request);
    if (!q) return [];
    this.#open.delete(request);
    const rules = q.rules.filter((r) => flagged.includes(r.name));
    if (rules.length === 0 || host.generationChanged) return [];
    return warningEffects(this.#m.claim(rules), q.output.subject, this.#warningWords);
  }

  /** v18: the open judge questions, by request number (a host answers them with judgeAnswer). */
  get openQuestions(): ReadonlyMap<number, OpenQuestion> {
    return this.#open;
  }

  /**
   * v18: a queued follow-up discarded before it was persisted frees its reservation (docs/ttsr.md §17.5). A host
   * duty: the coordinator cannot see the discard, e.g. a skipped continue whose prompt generation changed (docs/ttsr.md §17.9).
   */
  releaseDeferred(details: unknown): void {
    this.#reservations.release(details);
  }

  /**
   * message_end of a `custom` message: a `ttsr-injection` follow-up is persisted, then marked (docs/ttsr.md §9.6). The
   * persisted record is the message the agent writes: its `details` is the object given, not rebuilt.
   */
  customMessageEnd(msg: CustomMessage): Effect[] {
    if (msg.customType !== "ttsr-injection") return [];
    const d = msg.details;
    const raw = typeof d === "object" && d !== null && Array.isArray((d as { rules?: unknown }).rules) ? (d as { rules: unknown[] }).rules : [];
    const record: PersistedRecord = {
      type: "custom_message",
      customType: "ttsr-injection",
      content: msg.content,
      display: msg.display ?? false,
      ...(d !== undefined && { details: d }),
      attribution: msg.attribution ?? "agent",
    };
    const effects: Effect[] = [{ kind: "persist", record }];
    const names = cleanNames(raw);
    if (names.length > 0) {
      this.#m.markInjectedByNames(names);
      effects.push({ kind: "mark", names }, { kind: "persist", record: { type: "ttsr_injection", injectedRules: names } });
    }
    if (this.#v18) this.releaseDeferred(d);
    return effects;
  }

  /** The scheduled task of an interrupt (docs/ttsr.md §9.5 step 5); only the newest token injects. */
  runInterruptTask(token: number, host: InterruptTaskHost = {}): Effect[] {
    const effects: Effect[] = [];
    if (token !== this.#retryToken) return [{ kind: "resolve_gate" }];
    if (!this.#abortPending || host.generationChanged === true || host.targetFound === false) {
      this.#abortPending = false;
      if (this.#pending.length > 0) effects.push({ kind: "dropped", why: "pending", rules: this.#pending });
      this.#pending = [];
      this.#buckets.clear(effects);
      effects.push({ kind: "resolve_gate" });
      return effects;
    }
    this.#abortPending = false;
    this.#buckets.clear(effects);
    if (this.#m.getSettings().contextMode === "discard") effects.push({ kind: "replace_messages", discard: true });
    const rules = this.#pending;
    this.#pending = [];
    const text = this.#renderInterrupt(rules);
    if (text.length > 0) {
      const message = injectionMessage(
        text,
        rules.map((r) => r.name),
      );
      const names = cleanNames(message.details.rules);
      effects.push({ kind: "inject", mode: "interrupt", rules: message.details.rules, text });
      effects.push({ kind: "append_message", message });
      // The record is the appended message itself (same details object), as the agent persists it.
      effects.push({
        kind: "persist",
        record: {
          type: "custom_message",
          customType: message.customType,
          content: message.content,
          display: message.display,
          details: message.details,
          attribution: message.attribution,
        },
      });
      this.#m.markInjectedByNames(names);
      effects.push({ kind: "mark", names }, { kind: "persist", record: { type: "ttsr_injection", injectedRules: names } });
    }
    effects.push({ kind: "continue" });
    return effects;
  }

  /** docs/ttsr.md §9.8 per-tool fold: a bucket is consumed once; the reminder goes in front of the tool's own content. */
  afterToolCall(toolCallId: string, content: readonly unknown[]): ToolFoldResult {
    const bucket = this.#buckets.take(toolCallId);
    if (!bucket) return { effects: [] };
    const text = bucket.map((r) => this.#render.toolReminder(r)).join("\n\n");
    const names = cleanNames(bucket.map((r) => r.name));
    const effects: Effect[] = [
      { kind: "persist", record: { type: "ttsr_injection", injectedRules: names } },
      { kind: "inject", mode: "tool", rules: bucket.map((r) => r.name), text, toolCallId },
    ];
    return { content: [{ type: "text", text }, ...content], effects };
  }
}

function injectionMessage(content: string, rules: string[]): InjectionMessage {
  return { role: "custom", customType: "ttsr-injection", content, display: false, details: { rules }, attribution: "agent" };
}
