// Pure functions over the canonical result: a session's status, the corpus summary (the exit code: cli/exit-codes.ts).
import { countBySeverity, type Diagnostic } from "../shared/diagnostics.js";
import type { AuditCheck, AuditSession, CorpusSummary, SessionStatus } from "./model.js";
import { countsOf } from "./store.js";

/** error: any error diagnostic or failed error-severity check; warning: any warning or warn check. */
export function sessionStatus(diagnostics: readonly Diagnostic[], checks: readonly AuditCheck[]): SessionStatus {
  const c = countBySeverity(diagnostics);
  if (c.error > 0 || checks.some((k) => k.status === "fail" && (k.severity ?? "error") === "error")) return "error";
  if (c.warning > 0 || checks.some((k) => k.status === "warn" || (k.status === "fail" && k.severity === "warning"))) return "warning";
  return "ok";
}

export function summarize(sessions: readonly AuditSession[], runDiagnostics: readonly Diagnostic[] = [], skipped = 0): CorpusSummary {
  const s: CorpusSummary = {
    sessions: sessions.length,
    files: 0,
    byFormat: {},
    byStatus: { ok: 0, warning: 0, error: 0 },
    diagnostics: countBySeverity(runDiagnostics),
    turns: 0,
    compactions: 0,
    capsuleFailures: 0,
    skipped,
    ttsrDisagreements: 0,
    checks: { pass: 0, fail: 0, warn: 0, skip: 0 },
  };
  for (const x of sessions) {
    if (x.kind !== "session" && x.kind !== "unreadable") {
      s.sessions--;
      s.files++;
    }
    const f = x.format ?? (x.kind === "session" || x.kind === "unreadable" ? "unreadable" : x.kind);
    s.byFormat[f] = (s.byFormat[f] ?? 0) + 1;
    s.byStatus[x.status]++;
    const d = countBySeverity(x.diagnostics);
    s.diagnostics.error += d.error;
    s.diagnostics.warning += d.warning;
    s.diagnostics.info += d.info;
    // Counts, not the heavy parts: a spilled session stays on disk.
    const n = countsOf(x);
    s.turns += n.turns;
    s.compactions += n.compactions;
    s.capsuleFailures += n.capsuleFailures;
    s.ttsrDisagreements += n.ttsrDisagreements ?? 0;
    for (const k of x.checks) s.checks[k.status]++;
  }
  return s;
}

/**
 * What a session's row shows beside its status (terminal, summary.md, index.html): error and warning counts and
 * the first finding, the failed checks that carry no diagnostic (a capsule that lost state, a TTSR turn whose
 * replay disagrees) counted too, so an error status never sits beside 0 errors and an empty finding.
 */
export function rowFindings(s: Pick<AuditSession, "diagnostics" | "checks">): { error: number; warning: number; first: string } {
  const c = countBySeverity(s.diagnostics);
  // Checks built from diagnostics (loader verdict, well-formed) are already counted through them.
  const own = s.checks.filter((k) => !k.diagnostics?.length && (k.status === "fail" || k.status === "warn"));
  const isError = (k: AuditCheck) => k.status === "fail" && (k.severity ?? "error") === "error";
  const errorChecks = own.filter(isError);
  const warningChecks = own.filter((k) => !isError(k));
  const check = (k: AuditCheck | undefined) => (k ? `${k.name}: ${k.message ?? k.status}` : undefined);
  const diagnostic = (sev: "error" | "warning") => {
    const d = s.diagnostics.find((x) => x.severity === sev);
    return d ? `${d.code}: ${d.message}` : undefined;
  };
  const first = diagnostic("error") ?? check(errorChecks[0]) ?? diagnostic("warning") ?? check(warningChecks[0]) ?? "";
  return { error: c.error + errorChecks.length, warning: c.warning + warningChecks.length, first };
}
