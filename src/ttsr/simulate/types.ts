// The per-turn result of a TTSR replay, in the `ttsr run --json` contract's shape (docs/product.md §5).
import type { Diagnostic } from "../../shared/diagnostics.js";
import type { Chunking } from "../chunking.js";
import type { Decision, InjectionMode } from "../session/types.js";
import type { TtsrMatchSource, TtsrProfile, TtsrSettings } from "../types.js";
import type { Verdicts } from "../verdicts.js";

export interface SimMatch {
  rule: string;
  source: TtsrMatchSource;
  toolCallId?: string;
  /** The buffer length at the end of the first matching delta. */
  offset: number;
  excerpt: string;
  decision: Decision;
  /** True after the first interrupt of the message: the real stream was cut there. */
  counterfactual: boolean;
}

/** Replayed injections of a turn are listed in delivery order (undelivered deferred ones last). */
export interface SimInjection {
  rules: string[];
  /** v18 adds `judged`: a judged rule's warning, from a verdict given (docs/ttsr.md §17.6). */
  mode: InjectionMode;
  text: string;
  toolCallId?: string;
  /** Deferred only: the response after whose turn the follow-up was delivered (absent: never delivered). */
  deliveredAfter?: string;
  /** v18 deferred only: the follow-up's `details.deliveryId`, counted per replayed process (docs/ttsr.md §17.5). */
  deliveryId?: number;
}

/** Why recorded evidence cannot be checked: the output that triggered it is not in the log. */
export type UnverifiableReason = "aborted-output-not-recorded" | "violating-tool-call-removed" | "judged-verdict-not-given" | "ast-language-not-parsed";

export interface SimRecorded {
  kind: "custom_message" | "ttsr_injection" | "tool_reminder";
  entryId: string;
  rules: string[];
  text?: string;
  /** How the agent delivered it: interrupt (after an aborted response), deferred follow-up, tool reminder, or (v18) a judged warning. */
  delivery?: InjectionMode;
  /** Tool reminders: the tool call whose result carries the reminder. */
  toolCallId?: string;
  /** Deferred follow-ups: the response after which the agent delivered it. */
  deliveredAfter?: string;
  /** v18 deferred follow-ups: the recorded `details.deliveryId` (docs/ttsr.md §17.5). */
  deliveryId?: number;
  /** v18 judged warnings: the output the judge flagged, as the warning names it (`reply`, "`edit` call on `a.ts`"). */
  subject?: string;
  /** Set when the replay could not reproduce it because its trigger is not in the log (docs/ttsr.md §9.5, §16.2). */
  unverifiable?: UnverifiableReason;
}

/** A turn's verdict: agree, disagree, `"unverifiable"` (agrees wherever it can be checked, but some recorded
 * evidence lacks its trigger in the log), or null where the format records no TTSR evidence. */
export type Agreement = boolean | "unverifiable" | null;

export interface SimTurn {
  responseId: string;
  /** The recorded stop reason of the response. */
  stopReason: string | null;
  matches: SimMatch[];
  injected: SimInjection[];
  recorded: SimRecorded[];
  /** Replayed decisions (rules, delivery, tool call, text, order) equal the recorded ones (see Agreement). */
  agree: Agreement;
}

export interface SimResult {
  path: string;
  turns: SimTurn[];
  diagnostics: Diagnostic[];
}

export interface SimulateOptions {
  settings?: Partial<TtsrSettings> | Record<string, unknown>;
  ttsrProfile?: TtsrProfile;
  chunking?: Chunking;
  /** The replay cwd and home: where rule paths are displayed from (docs/product.md §2). */
  cwd?: string;
  home?: string;
  /** Process restarts: the process restarted just before each of these entry ids (docs/ttsr.md §11.3). */
  resumedAt?: readonly string[];
  /** v18: the agent the session ran as, for `agents` scoping (docs/ttsr.md §18.2); undefined = no scoping. */
  agentName?: string;
  /** v18: judged-rule answers from a verdicts file (docs/ttsr.md §18.6); undefined = no judged rule fires. */
  verdicts?: Verdicts;
}
