// Events in and effects out of the session decision layer (docs/ttsr.md §9). The coordinator is pure: the host
// (a live-agent test or the offline simulator) feeds agent events and acts on the returned effects.
import type { Rule, TtsrMatchContext, TtsrMatchSource } from "../types.js";

/** The tool-call block the streaming message holds at `contentIndex` (docs/ttsr.md §9.2). */
export interface ToolCallBlock {
  id: string;
  name: string;
  /** The block's current, partially parsed arguments. */
  arguments: unknown;
}

/** `streamed`: optional, the block's text so far with this delta (a replay's slice of the recording; TtsrManager.checkDelta). */
export type DeltaEvent =
  | { source: "text" | "thinking"; delta: string; streamed?: string }
  | {
      source: "tool";
      delta: string;
      streamed?: string;
      contentIndex: number;
      /** Absent when content[contentIndex] is not a toolCall block: the context stays {source:"tool"}. */
      toolCall?: ToolCallBlock;
      /** v18 `toolcall_end`: the call's final arguments (delta ""), evaluated once more (docs/ttsr.md §17.2). */
      final?: true;
    };

export type StopReason = "stop" | "length" | "toolUse" | "aborted" | "error" | (string & {});

/** The v17 tool-scoped abort reason (docs/strings.md §1.5). */
export interface ToolScopedAbort {
  kind: "tool-scoped-abort";
  message: string;
  toolCallMessages: Record<string, string>;
  defaultToolCallMessage: string;
}

/** Seed aborts with no reason (undefined); v17 with a string or a tool-scoped reason (D6). */
export type AbortReason = string | ToolScopedAbort | undefined;

/**
 * v18 adds: `reserved` (an undelivered follow-up holds the rule, docs/ttsr.md §17.5), and for judged rules `judged`
 * (verdict yes: warned), `judged-clean` (verdict no) and `not-decidable-offline` (no verdict given, docs/ttsr.md §17.6; also an
 * AST condition in a language sightline has no grammar for, docs/ttsr.md §17.11).
 */
export type Decision =
  | "interrupt"
  | "deferred"
  | "tool"
  | "suppressed-repeat"
  | "dropped-aborted"
  | "claimed-elsewhere"
  | "reserved"
  | "judged"
  | "judged-clean"
  | "not-decidable-offline";

/**
 * The `custom` runtime message the interrupt task (docs/ttsr.md §9.5 f), the deferred follow-up (docs/ttsr.md §9.6)
 * and a v18 judged warning carry. v18 follow-ups add `deliveryId` (docs/ttsr.md §17.5).
 */
export interface InjectionMessage {
  role: "custom";
  customType: "ttsr-injection";
  content: string;
  display: false;
  details: { rules: string[]; deliveryId?: number };
  attribution: "agent";
}

/** A `custom` message at its message_end, as the host's agent holds it (only `ttsr-injection` ones matter). */
export interface CustomMessage {
  customType?: unknown;
  content: string;
  display?: boolean;
  /** Kept as given in the persisted record; `details.rules` names the rules to mark. */
  details?: unknown;
  attribution?: string;
}

/** A session entry the host appends (docs/pi.md: `custom_message`, `ttsr_injection`), minus id/parentId/timestamp. */
export type PersistedRecord =
  | { type: "custom_message"; customType: "ttsr-injection"; content: string; display: boolean; details?: unknown; attribution: string }
  | { type: "ttsr_injection"; injectedRules: string[] };

export type Effect =
  /** One routed match batch: which rules matched on which stream and what the layer decided for each. */
  | { kind: "match"; source: TtsrMatchSource; streamKey: string; toolCallId?: string; rules: { rule: Rule; decision: Decision }[] }
  | { kind: "abort"; reason: AbortReason; errorMessage: string }
  | { kind: "ttsr_triggered"; rules: Rule[] }
  | { kind: "schedule_interrupt"; token: number; delayMs: 50 }
  | { kind: "replace_messages"; discard: true }
  | { kind: "append_message"; message: InjectionMessage }
  | { kind: "follow_up"; message: InjectionMessage }
  | { kind: "schedule_continue"; delayMs: 1 }
  | { kind: "continue" }
  | { kind: "resolve_gate" }
  | { kind: "mark"; names: string[] }
  | { kind: "persist"; record: PersistedRecord }
  /** Rules the layer let go without injecting them (pending dropped, per-tool buckets cleared). */
  | { kind: "dropped"; why: "pending" | "bucket"; rules: Rule[]; toolCallId?: string }
  /** The injection text the model receives, per delivery (interrupt task, deferred follow-up, tool fold, v18 judged warning). */
  | { kind: "inject"; mode: InjectionMode; rules: string[]; text: string; toolCallId?: string }
  /**
   * v18: the judged rules asked about one completed output and their verdicts (undefined: none given, docs/ttsr.md §17.6).
   * Without a verdict source the question is open: `request` names it, and a host with a judge answers it later with
   * `TtsrCoordinator.judgeAnswer` (18.3.4 claims a judged rule when its judge answers, not at message end).
   */
  | { kind: "judged"; subject: string; source: TtsrMatchSource; streamKey: string; content: string; rules: JudgedAnswer[]; request?: number }
  /** v18: a judged warning, delivered as an aside (without interrupting); the host persists it via customMessageEnd. */
  | { kind: "aside"; message: InjectionMessage };

export type InjectionMode = "interrupt" | "deferred" | "tool" | "judged";

export interface JudgedAnswer {
  rule: Rule;
  verdict: boolean | undefined;
  /** The rule passed its prefilter only through astCondition, which sightline does not evaluate. */
  astUnchecked?: true;
  /** After the claim: the rule was delivered (verdict yes and still allowed to fire). */
  delivered: boolean;
}

export interface DeltaResult {
  /** True when an interrupt fired: the agent's handler returns early for this update (docs/ttsr.md §9.1). */
  consumed: boolean;
  effects: Effect[];
  /** The buffers this delta went to, with their contexts and raw matches (for reports). */
  streams: { ctx: TtsrMatchContext; streamKey: string; rules: Rule[] }[];
}

export interface ToolFoldResult {
  /** The new tool-result content, or undefined when the result is left unchanged. */
  content?: unknown[];
  effects: Effect[];
}

/** Renders one rule with one template (the core's renderer, bound to the profile and display dirs). */
export interface RuleRenderer {
  interrupt(rule: Rule): string;
  toolReminder(rule: Rule): string;
  /** v18 judged warning for one output (`subject`); the default renderer's when absent. */
  warning?(rule: Rule, subject: string): string;
}
