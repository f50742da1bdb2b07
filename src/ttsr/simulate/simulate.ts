// simulateTtsr (docs/product.md §6): "what would these rules have done" over a recorded session. One agent process
// walks the entries in FILE order (marks survive abandoned branches, docs/ttsr.md §16.5); `resumedAt` restarts the
// process before an entry (marks restored from the path's ttsr_injection entries, count 0, docs/ttsr.md §11.3).
import { moduleOf } from "../../formats/index.js";
import type { ReplayStep, SessionBase } from "../../formats/types.js";
import { diag, type Diagnostic } from "../../shared/diagnostics.js";
import { bucketRules } from "../buckets.js";
import { TtsrManager } from "../manager.js";
import { mergeTtsrSettings } from "../settings.js";
import { TtsrCoordinator } from "../session/coordinator.js";
import type { VerdictSource } from "../session/judged.js";
import { verdictFor, type Verdicts } from "../verdicts.js";
import { ruleRenderer } from "../session/renderer.js";
import type { Effect, InjectionMessage, RuleRenderer } from "../session/types.js";
import type { Rule, TtsrProfile } from "../types.js";
import { attachEvidence } from "./agree.js";
import { reminderOf, type EvidenceItem } from "./evidence.js";
import { recordedTtsr } from "./recorded.js";
import { synthesizeDeltas, toolCallsOf } from "./synthesize.js";
import { TurnRecorder } from "./turn.js";
import type { SimInjection, SimResult, SimulateOptions } from "./types.js";

interface Queued {
  message: InjectionMessage;
  injection: SimInjection;
}

class Replay {
  c!: TtsrCoordinator;
  m!: TtsrManager;
  open: TurnRecorder | null = null;
  readonly turns: TurnRecorder[] = [];
  readonly byToolCall = new Map<string, TurnRecorder>();
  queued: Queued[] = [];
  scheduled: number[] = [];
  /** Delivery order of the replayed injections (undelivered deferred ones have none). */
  readonly delivered = new Map<SimInjection, number>();

  constructor(
    readonly recordedCwd: string | null,
    readonly rules: readonly Rule[],
    readonly o: SimulateOptions,
    readonly profile: TtsrProfile,
    readonly renderer: RuleRenderer,
  ) {}

  /** A new agent process: fresh manager (rules bucketed as at session start), marks restored. */
  startProcess(restore: string[]): void {
    const settings = mergeTtsrSettings(this.o.settings);
    this.m = new TtsrManager(this.o.settings, { profile: this.profile });
    bucketRules(this.rules, this.m, settings, this.o.agentName !== undefined ? { agentName: this.o.agentName } : {});
    this.c = new TtsrCoordinator({
      manager: this.m,
      renderer: this.renderer,
      cwd: this.recordedCwd,
      ...(this.o.verdicts !== undefined && { verdict: this.verdictSource(this.o.verdicts) }),
    });
    if (restore.length > 0) this.c.restore(restore);
    this.queued = []; // follow-ups queued in the old process die with it
    this.asides = [];
  }
  /** The assistant entry being replayed: where a judged rule is asked (docs/ttsr.md §18.6). */
  entry: string | undefined;

  /** Verdicts-file answers for the response being replayed (its entry id, its turn index as replay --turn counts), as the coordinator asks. */
  verdictSource(verdicts: Verdicts): VerdictSource {
    return (rule) => {
      const v = verdictFor(verdicts, rule.name, { ...(this.entry !== undefined && { entry: this.entry }), turn: this.turns.length - 1 });
      return v === undefined ? undefined : v === "yes";
    };
  }

  /** v18 judged warnings waiting for the next step boundary (docs/ttsr.md §17.6). */
  asides: InjectionMessage[] = [];

  assistant(id: string, msg: Record<string, unknown>): void {
    this.closeTurn();
    this.entry = id;
    const stop = typeof msg.stopReason === "string" ? msg.stopReason : null;
    const calls = toolCallsOf(msg.content);
    const t = new TurnRecorder(
      id,
      stop,
      calls.map((x) => x.id),
      (eff) => calls.length === 0 && eff !== "aborted" && eff !== "error",
      this.m,
      this.profile,
    );
    for (const call of calls) if (call.id) this.byToolCall.set(call.id, t);
    this.turns.push(t);
    this.open = t;
    this.c.turnStart();
    this.c.assistantMessageStart();
    for (const ev of synthesizeDeltas(msg.content, this.o.chunking ?? { kind: "whole" }, this.profile === "v18")) {
      if (t.interrupted) {
        t.counterfactual(this.c.probe(ev), (rules, source, id) => this.c.wouldDecide(rules, source, id));
        continue;
      }
      const r = this.c.delta(ev);
      t.routed(r.streams, r.effects);
      this.apply(t, r.effects);
      if (r.consumed) t.interrupted = true;
    }
    // In the replayed world an interrupt cut the message: it ends aborted whatever the file says.
    this.apply(t, this.c.assistantMessageEnd(this.effectiveStop(t) ?? "", msg.content));
  }

  effectiveStop(t: TurnRecorder): string | null {
    return t.interrupted ? "aborted" : t.report.stopReason;
  }

  toolResult(msg: Record<string, unknown>): void {
    const id = typeof msg.toolCallId === "string" ? msg.toolCallId : "";
    const t = this.byToolCall.get(id);
    if (!t) return;
    // afterToolCall runs only for executed calls: not for synthetic results of aborted/error/length stops.
    const stop = this.effectiveStop(t);
    const details = msg.details as Record<string, unknown> | undefined;
    if (stop === "aborted" || stop === "error" || stop === "length" || details?.__synthetic === true) return;
    const content = Array.isArray(msg.content) ? msg.content : [];
    const original = reminderOf(msg) !== undefined ? content.slice(1) : content;
    this.apply(t, this.c.afterToolCall(id, original).effects);
  }

  apply(t: TurnRecorder, effects: readonly Effect[]): void {
    for (const e of effects) {
      if (e.kind === "schedule_interrupt") this.scheduled.push(e.token);
      else if (e.kind === "dropped") (e.toolCallId !== undefined ? (this.byToolCall.get(e.toolCallId) ?? t) : t).dropped(e.rules, e.toolCallId);
      else if (e.kind === "inject") {
        const owner = e.toolCallId !== undefined ? (this.byToolCall.get(e.toolCallId) ?? t) : t;
        const inj = owner.inject(e);
        if (e.mode === "deferred") this.pendingDeferred = inj;
        else this.delivered.set(inj, this.delivered.size);
      } else if (e.kind === "judged") t.judged(e);
      else if (e.kind === "aside") this.asides.push(e.message);
      else if (e.kind === "follow_up" && this.pendingDeferred) {
        if (e.message.details.deliveryId !== undefined) this.pendingDeferred.deliveryId = e.message.details.deliveryId;
        this.queued.push({ message: e.message, injection: this.pendingDeferred });
        this.pendingDeferred = undefined;
      }
    }
  }
  pendingDeferred: SimInjection | undefined;

  /** turn_end, then the 50 ms interrupt tasks, then (when the run would stop) the queued follow-ups. */
  closeTurn(): void {
    const t = this.open;
    if (!t) return;
    this.open = null;
    this.c.turnEnd();
    // A judged warning joins the run at the next step boundary, after turn_end; persisting it marks its rules again.
    for (const message of this.asides.splice(0))
      this.c.customMessageEnd({ customType: message.customType, content: message.content, details: message.details });
    const tokens = this.scheduled;
    this.scheduled = [];
    for (const token of tokens) this.apply(t, this.c.runInterruptTask(token, { targetFound: true }));
    if (this.adoptAfter?.responseId === t.report.responseId) {
      this.m.markInjectedByNames(this.adoptAfter.names);
      this.adoptAfter = undefined;
    }
    if (!t.endsRun(this.effectiveStop(t))) return;
    const queued = this.queued;
    this.queued = [];
    for (const q of queued) {
      q.injection.deliveredAfter = t.report.responseId;
      this.delivered.set(q.injection, this.delivered.size);
      this.c.customMessageEnd({ customType: q.message.customType, content: q.message.content, details: q.message.details });
    }
  }

  /**
   * A recorded injection whose trigger is not in the log (evidence.ts): the agent marked its rules, so the replay
   * does too, or it would fire them again where the agent held them back. An aborted response missing from the
   * log still had its turn (turn_start/turn_end count towards repeat gaps, docs/ttsr.md §8.6).
   */
  adoptMarks(item: EvidenceItem, lateAborted: boolean): void {
    this.closeTurn();
    // An aborted response persisted after its injection (a timing case, docs/ttsr.md §11.2) is replayed next: the marks wait
    // until its turn has closed, so the replay can still reproduce the interrupt there.
    if (lateAborted && item.nextResponse !== undefined) {
      this.adoptAfter = { responseId: item.nextResponse, names: item.record.rules };
      return;
    }
    if (item.triggerMissing === "aborted-output-not-recorded") {
      this.c.turnStart();
      this.c.turnEnd();
    }
    this.m.markInjectedByNames(item.record.rules);
  }
  adoptAfter: { responseId: string; names: string[] } | undefined;

  /** Each turn's injections in delivery order: interrupts and reminders as they happened, follow-ups when delivered. */
  sortDeliveries(): void {
    const at = (i: SimInjection): number => this.delivered.get(i) ?? Number.MAX_SAFE_INTEGER;
    for (const t of this.turns) t.report.injected.sort((a, b) => at(a) - at(b));
  }
}

export function simulateTtsr(session: SessionBase, rules: readonly Rule[], o: SimulateOptions = {}): SimResult {
  const diagnostics: Diagnostic[] = [];
  const recorded = recordedTtsr(session);
  const steps: ReplayStep[] | undefined = moduleOf(session).ttsrSteps?.(session);
  if (!steps) {
    diagnostics.push(diag("TTSR_SIMULATE_FORMAT_UNSUPPORTED", { file: session.file }, { format: session.format }));
    return { path: session.file, turns: [], diagnostics };
  }
  const profile = o.ttsrProfile ?? "seed";
  const recordedCwd = recordedCwdOf(session);
  const display = {
    profile,
    ...(o.cwd !== undefined && { cwd: o.cwd }),
    ...(o.home !== undefined && { home: o.home }),
    ...(recordedCwd !== null && { recordedCwd }),
  };
  const r = new Replay(recordedCwd, rules, o, profile, ruleRenderer(display));
  const restarts = new Set(o.resumedAt ?? []);
  const known = new Set(steps.map((s) => s.id));
  for (const id of restarts) if (!known.has(id)) diagnostics.push(diag("TTSR_RESUMED_AT_UNKNOWN", { file: session.file }, { id }));
  const evidence = recorded?.evidence ?? [];
  flagJudgedWithoutVerdict(evidence, o.verdicts);
  const adopt = new Map(evidence.filter((e) => e.triggerMissing && e.record.kind === "ttsr_injection").map((e) => [e.record.entryId, e]));
  r.startProcess([]);
  for (const step of steps) {
    if (restarts.has(step.id)) {
      r.closeTurn();
      // A restarted process restores the marks its format recorded on the path (pi: ttsr_injection entries).
      r.startProcess(recorded?.restoredBefore(step.id) ?? []);
    }
    const missing = adopt.get(step.id);
    if (missing) r.adoptMarks(missing, recorded?.failed(missing.nextResponse) ?? false);
    const msg = step.msg;
    if (msg?.role === "assistant") r.assistant(step.id, msg);
    else if (msg?.role === "toolResult") r.toolResult(msg);
    else if (msg) r.closeTurn();
  }
  r.closeTurn();
  r.sortDeliveries();
  const turns = r.turns.map((t) => t.report);
  if (recorded) {
    attachEvidence(turns, evidence);
    for (const t of turns)
      for (const x of t.recorded)
        if (x.unverifiable !== undefined && x.kind !== "ttsr_injection")
          diagnostics.push(
            diag(
              "TTSR_EVIDENCE_UNVERIFIABLE",
              { file: session.file, line: recorded.lineOf(x.entryId), eventId: x.entryId },
              { kind: x.kind, entryId: x.entryId, rules: x.rules.join(", "), reason: x.unverifiable },
            ),
          );
  }
  return { path: session.file, turns, diagnostics };
}

/**
 * A recorded judged warning (v18) is the agent's verdict; without a verdict for each of its rules the replay cannot
 * decide them, so the warning and its record are unverifiable and their marks are adopted (docs/ttsr.md §17.7).
 */
function flagJudgedWithoutVerdict(evidence: EvidenceItem[], verdicts: Verdicts | undefined): void {
  let flagged = false;
  for (const item of evidence) {
    if (item.role !== "judged") {
      flagged = false;
      continue;
    }
    if (item.record.kind === "custom_message") flagged = !item.record.rules.every((r) => verdicts?.has(r));
    if (flagged) item.triggerMissing = "judged-verdict-not-given";
  }
}

/** The cwd the session recorded (the format's hook); null when the format records none. */
export const recordedCwdOf = (session: SessionBase): string | null => moduleOf(session).recordedCwd?.(session) ?? null;
