// Exit codes (docs/product.md §4), one pure function per command of the result it computed and the flags that judge
// it: 0 ok, 1 findings, 2 unreadable input (it wins over 1). The library returns results, never exit codes;
// usage errors, unreadable files and bugs are thrown and mapped by main.ts alone.
// Parameters name only what the decision reads, so a test states a result in a line.
import type { CapsuleOutcome } from "../app/capsule/capsule.js";
import type { FileResult, ValidateResult } from "../app/validate/validate.js";
import type { TtsrLintDoc, TtsrTestDoc } from "../app/ttsr/rules.js";
import type { CompactionDiff } from "../app/replay/replay.js";
import type { SessionDiffEnd } from "../app/replay/session-diff.js";
import { checkStatus, type CheckDocument } from "../report/check-report.js";
import type { AuditResult, AuditSession, FailOn } from "../app/audit/audit.js";
import type { Diagnostic } from "../shared/diagnostics.js";
import type { TtsrRunDoc } from "../app/ttsr/run.js";

type ExitCode = 0 | 1 | 2;

/** What a command's exit codes mean, worded once: --help's Commands table in the README is generated from it. */
export type ExitMeanings = Readonly<Partial<Record<ExitCode, string>>>;

/** Every command: 2 for a usage error or unreadable input (it wins over 1), 3 for an internal error (main.ts). */
export const GLOBAL_EXITS: Readonly<Record<2 | 3, string>> = { 2: "usage error or unreadable input (wins over 1)", 3: "internal error (a bug)" };

/** Each command's own exit codes, beside the functions that decide them (keep the two in step). */
export const EXITS = {
  validate: { 0: "clean", 1: "a file has an error", 2: "an input is unreadable" },
  replay: { 0: "always (findings are shown with the turns)" },
  diff: { 0: "same contexts / no state lost", 1: "the two sides differ, or a compaction's capsule check lost state" },
  capsule: { 0: "valid", 1: "invalid, or the upstream module refuses it" },
  check: { 0: "no regressions", 1: "regressions", 2: "config or an input unreadable" },
  audit: { 0: "nothing at the --fail-on level", 1: "findings at the --fail-on level", 2: "an input is unreadable" },
  mergeReports: { 0: "the unsharded run passes", 1: "the unsharded run fails", 2: "a folder unreadable (nothing written), or an input a shard could not read" },
  ttsrRun: {
    0: "agree (or unverifiable)",
    1: "recorded and replayed evidence disagree, or a rule hit the regex budget",
    2: "rules, settings or a session unreadable",
  },
  ttsrTest: { 0: "a rule triggered", 1: "none did" },
  ttsrList: { 0: "always" },
  ttsrLint: { 0: "no errors (warnings pass)", 1: "errors" },
  codes: { 0: "the catalogue, or the codes the filter matched", 1: "the filter matches no code" },
} as const satisfies Record<string, ExitMeanings>;

type Findings = readonly Pick<Diagnostic, "code" | "severity">[];
type AuditFindings = { sessions: readonly Pick<AuditSession, "status">[]; diagnostics: Findings };

/** validate: 2 for unreadable input, 1 when a file has an error, else 0. */
export function validateExitCode(r: { problems: ValidateResult["problems"]; files: readonly { kind: FileResult["kind"]; diagnostics: Findings }[] }): ExitCode {
  if (r.problems.length > 0 || r.files.some((f) => f.kind === "unreadable")) return 2;
  return r.files.some((f) => f.diagnostics.some((d) => d.severity === "error")) ? 1 : 0;
}

/** replay and ttsr list: the output is the answer and nothing in it is a failure, so there is no result to judge. */
export const ANSWERED = 0 as const satisfies ExitCode;

/** diff <session>: 1 when a capsule check finds state lost by a compaction. */
export const compactionDiffExitCode = (compactions: readonly Pick<CompactionDiff, "capsule">[]): ExitCode =>
  compactions.some((c) => c.capsule && c.capsule.lost.length > 0) ? 1 : 0;

/** diff <a> <b>: 0 when the two sides show the model the same contexts, else 1. */
export const sessionDiffExitCode = (end: Pick<SessionDiffEnd, "same">): ExitCode => (end.same ? 0 : 1);

/** capsule: 1 when the capsule is invalid or the upstream module refuses it. */
export const capsuleExitCode = (o: Pick<CapsuleOutcome, "ok">): ExitCode => (o.ok ? 0 : 1);

/** check (and a merged check): 2 when the config or an input cannot be read, else 1 on regressions, else 0. */
const CHECK_EXIT = { incomplete: 2, regressions: 1, clean: 0 } as const;
export const checkExitCode = (doc: Pick<CheckDocument, "diagnostics" | "regressions">): ExitCode => CHECK_EXIT[checkStatus(doc)];

/** audit: by --fail-on, run-level findings and session statuses (docs/product.md §4); `none` never fails. */
export function auditFindingsExitCode(result: AuditFindings, failOn: FailOn): 0 | 1 {
  if (failOn === "none") return 0;
  const run = new Set(result.diagnostics.map((d) => d.severity));
  const statuses = new Set(result.sessions.map((s) => s.status));
  if (run.has("error") || statuses.has("error")) return 1;
  if (failOn === "warning" && (run.has("warning") || statuses.has("warning"))) return 1;
  return 0;
}

/** audit: unreadable inputs win over findings. */
export const auditExitCode = (run: { result: AuditFindings; unreadableInputs: number }, flags: { failOn: FailOn }): ExitCode =>
  run.unreadableInputs > 0 ? 2 : auditFindingsExitCode(run.result, flags.failOn);

/** What merge-reports produced: nothing (a folder unreadable, or audit and check mixed), or one merged report. */
type MergeOutcome =
  | { merged: "nothing" }
  | { merged: "check"; doc: Pick<CheckDocument, "diagnostics" | "regressions"> }
  | {
      merged: "audit";
      result: Pick<AuditResult, "options"> & { sessions: readonly Pick<AuditSession, "status" | "kind" | "diagnostics">[]; diagnostics: Findings };
    };

/** merge-reports: the exit code the unsharded run would have had; nothing merged is unreadable input. */
export function mergeReportsExitCode(m: MergeOutcome): ExitCode {
  if (m.merged === "nothing") return 2;
  if (m.merged === "check") return checkExitCode(m.doc);
  // A shard's input it could not open, or a path problem it reported, is unreadable input of the whole run.
  const unopened = m.result.sessions.some((s) => s.kind === "unreadable" && s.diagnostics.some((d) => d.code === "UNREADABLE_PATH"));
  if (unopened || m.result.diagnostics.some((d) => d.code === "APP_INPUT_PROBLEM")) return 2;
  return auditFindingsExitCode(m.result, m.result.options.failOn);
}

// Rules, settings or sessions that could not be read: the replay did not run on what was asked.
const TTSR_UNREADABLE: ReadonlySet<string> = new Set([
  "TTSR_RULES_DIR_UNREADABLE",
  "TTSR_RULE_FILE_UNREADABLE",
  "TTSR_SETTINGS_INVALID",
  "UNREADABLE_PATH",
  "EMPTY_FILE",
  "BINARY_FILE",
]);

/** ttsr run: 2 for unreadable input; 1 when recorded and replayed evidence disagree, or a rule was excluded by the regex budget (the replay is incomplete). */
export function ttsrRunExitCode(doc: {
  diagnostics: Findings;
  sessions: readonly { turns: readonly Pick<TtsrRunDoc["sessions"][number]["turns"][number], "agree">[] }[];
}): ExitCode {
  if (doc.diagnostics.some((d) => TTSR_UNREADABLE.has(d.code))) return 2;
  const disagree = doc.sessions.some((s) => s.turns.some((t) => t.agree === false));
  return disagree || doc.diagnostics.some((d) => d.code === "TTSR_REGEX_BUDGET_EXCEEDED") ? 1 : 0;
}

/** ttsr test: 0 when a rule triggered, 1 when none did (like `omp ttsr test`). */
export const ttsrTestExitCode = (doc: Pick<TtsrTestDoc, "triggered">): ExitCode => (doc.triggered ? 0 : 1);

/** ttsr lint: 1 on errors (so it can gate CI), warnings pass. */
export const ttsrLintExitCode = (doc: Pick<TtsrLintDoc, "errors">): ExitCode => (doc.errors > 0 ? 1 : 0);

/** codes: the listing is the answer; 1 when a filter matches no code (the empty listing is said so, not printed). */
export const codesExitCode = (matched: number): ExitCode => (matched > 0 ? 0 : 1);
