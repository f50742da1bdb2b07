// The canonical result of an audit run: ONE JSON document (`audit --json`); every other output (terminal,
// Markdown, JUnit, annotations, HTML, the report folder's JSON files) is a pure projection of it. Long sessions keep every distinct message
// once in a per-session message table; turns refer to it delta-style, so the document grows with the
// number of distinct messages, not with turns × context length (docs/product.md §8 "never quadratic copies").
import type { Diagnostic, Severity } from "../shared/diagnostics.js";
import type { Msg } from "../formats/types.js";
import type { CapsuleCheck } from "../capsule/check.js";
import type { CompactionDiff } from "../context/compaction.js";
import type { TurnTokens } from "../context/turns.js";

export const AUDIT_SCHEMA_VERSION = 1 as const;

export type FailOn = "error" | "warning" | "none";

/** How a token figure was counted: the turn's own figures (context/turns.ts), kept as they are. */
export type TokenCount = TurnTokens;

/**
 * A turn's messages as references into the session's message table: the first `keep` messages of turn
 * `base` (null: none), then `add`. With `removed`, positions of base (< keep) that are dropped.
 */
export interface TurnMessageRefs {
  base: number | null;
  keep: number;
  add: number[];
}

export interface AuditTurn {
  index: number;
  leafId: string | null;
  responseId: string;
  /** Index into the session's `prompts` table (system prompts stored once), or null. */
  systemPrompt: number | null;
  refs: TurnMessageRefs;
  /** Number of messages in the full context (after resolving refs). */
  size: number;
  tokens: TokenCount;
}

/** The compaction diff's capsule check (context/compaction.ts), with the upstream-throws flag of an audit. */
export type AuditCapsuleCheck = CapsuleCheck & { upstreamThrows?: true };

export interface AuditCompaction {
  id: string;
  line?: number;
  summary?: string;
  /** Who started it, where the log says so (Claude Code records manual or automatic). */
  trigger?: "manual" | "automatic";
  /** Message-table indices. */
  dropped: number[];
  kept: number[];
  added: number[];
  tokens: CompactionDiff["tokens"];
  capsule?: AuditCapsuleCheck;
}

/** docs/product.md §5 `ttsr run --json` per turn. */
export interface TtsrTurnEvidence {
  responseId: string;
  matches: { rule: string; source: string; toolCallId?: string; offset: number; excerpt: string; decision: string; counterfactual: boolean }[];
  injected: { rules: string[]; mode: string; text: string; toolCallId?: string; deliveredAfter?: string }[];
  recorded: {
    kind: string;
    entryId: string;
    rules: string[];
    text?: string;
    delivery?: string;
    toolCallId?: string;
    deliveredAfter?: string;
    unverifiable?: string;
  }[];
  /** "unverifiable": agrees where it can be checked, but recorded evidence lacks its trigger in the log. */
  agree: boolean | "unverifiable" | null;
}

export interface AuditTtsr {
  turns: TtsrTurnEvidence[];
  /** Turns where recorded and replayed evidence disagree. */
  disagreements: string[];
}

/** One pass/fail item of a session (a JUnit testcase, a Markdown row). */
export interface AuditCheck {
  /** Stable name, e.g. "loader", "schema", "compaction 0000abcd capsule", "ttsr turn 00000003". */
  name: string;
  status: "pass" | "fail" | "warn" | "skip";
  severity?: Severity;
  message?: string;
  /** Diagnostics behind a failure (for annotations with file and line). */
  diagnostics?: Diagnostic[];
}

export type SessionStatus = "ok" | "warning" | "error";

export interface AuditSession {
  path: string;
  /** "session" for a read session; "unreadable" when it could not be read as one (diagnostics say why);
   * rule / settings / capsule / config files found among the inputs are validated and listed too. */
  kind: "session" | "unreadable" | "rule" | "settings" | "capsule" | "config";
  format?: string;
  profile?: string;
  profileReason?: string;
  id?: string;
  status: SessionStatus;
  loader: { verdict: "ok" | "tolerated" | "rejected"; diagnostics: Diagnostic[] };
  diagnostics: Diagnostic[];
  lineCount?: number;
  activeLeafId?: string | null;
  leaves?: string[];
  /** Distinct system prompts, referenced by index from turns. */
  prompts: string[];
  /** Distinct messages, referenced by index from turns and compactions. */
  messages: Msg[];
  turns: AuditTurn[];
  compactions: AuditCompaction[];
  ttsr?: AuditTtsr;
  checks: AuditCheck[];
  /** Wall time spent on this session (ms); not part of comparisons. */
  ms?: number;
}

export interface CorpusSummary {
  /** Session inputs (read or unreadable). */
  sessions: number;
  /** Other validated inputs: rule, settings, capsule and config files. */
  files: number;
  byFormat: Record<string, number>;
  byStatus: Record<SessionStatus, number>;
  diagnostics: Record<Severity, number>;
  turns: number;
  compactions: number;
  capsuleFailures: number;
  /** Inputs that were not audited (not a recognised kind of file), with why. */
  skipped: number;
  ttsrDisagreements: number;
  checks: { pass: number; fail: number; warn: number; skip: number };
}

export interface AuditResult {
  schemaVersion: typeof AUDIT_SCHEMA_VERSION;
  kind: "audit";
  tool: { name: "sightline"; version: string };
  /** ISO time the run started (UTC). */
  createdAt: string;
  options: {
    paths: string[];
    rules: string[];
    settings?: string;
    failOn: FailOn;
    shard?: { index: number; count: number };
    /** Shards merged into this result (merge-reports). */
    mergedFrom?: string[];
    redacted: boolean;
  };
  summary: CorpusSummary;
  /** Run-level findings: unmatched globs, unreadable rule folders, … */
  diagnostics: Diagnostic[];
  sessions: AuditSession[];
  skipped: { path: string; reason: string }[];
}
