// The per-turn result of a TTSR replay, in the `ttsr run --json` contract's shape (design §5).
import type { Diagnostic } from "../../shared/diagnostics.js";
import type { Chunking } from "../chunking.js";
import type { Decision } from "../session/types.js";
import type { TtsrMatchSource, TtsrProfile, TtsrSettings } from "../types.js";

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

export interface SimInjection {
  rules: string[];
  mode: "interrupt" | "deferred" | "tool";
  text: string;
  toolCallId?: string;
  /** Deferred only: the response after whose turn the follow-up was delivered (absent: never delivered). */
  deliveredAfter?: string;
}

export interface SimRecorded {
  kind: "custom_message" | "ttsr_injection" | "tool_reminder";
  entryId: string;
  rules: string[];
  text?: string;
}

export interface SimTurn {
  responseId: string;
  /** The recorded stop reason of the response. */
  stopReason: string | null;
  matches: SimMatch[];
  injected: SimInjection[];
  recorded: SimRecorded[];
  /** Replayed injections (rules and texts) equal the recorded ones; null where the format records no TTSR evidence. */
  agree: boolean | null;
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
  /** The replay cwd and home: where rule paths are displayed from (design §2). */
  cwd?: string;
  home?: string;
  /** Process restarts: the process restarted just before each of these entry ids (§11.3). */
  resumedAt?: readonly string[];
}
