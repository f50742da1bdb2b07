// Terminal summary (cli-table3). Colour only when the caller asks for it (the CLI decides from TTY,
// NO_COLOR, FORCE_COLOR, --color); without colour the output is plain text, stable for tests and logs.
import { fitTable } from "./table-fit.js";
import { rowFindings } from "../audit/summary.js";
import { countsOf, ttsrVerdict } from "../audit/store.js";
import { terminalLine as safe } from "../shared/terminal.js";
import type { AuditResult, SessionStatus } from "../audit/model.js";
import { isFidelityFinding } from "../shared/diagnostics.js";

export interface TerminalOptions {
  color?: boolean;
  /** Table width budget (columns); undefined: no limit, every path in full. */
  width?: number;
  /** Folder the report files were written to, if any. */
  reportDir?: string;
}

/**
 * Rows the table lists at most. An archive of thousands of files would otherwise print (and measure, cell by
 * cell) thousands of rows: the table then lists the sessions that need a look first and says how many it left
 * out; the report lists every one.
 */
export const TABLE_ROWS = 100;

const RANK: Record<SessionStatus, number> = { error: 0, warning: 1, ok: 2 };

/** The sessions the table lists: all of them up to TABLE_ROWS, else errors, then warnings, then the rest, in input order. */
export function listedSessions<S extends { status: SessionStatus }>(sessions: readonly S[], limit = TABLE_ROWS): readonly S[] {
  if (sessions.length <= limit) return sessions;
  const picked = sessions
    .map((_, i) => i)
    .sort((a, b) => RANK[sessions[a].status] - RANK[sessions[b].status] || a - b)
    .slice(0, limit)
    .sort((a, b) => a - b);
  return picked.map((i) => sessions[i]);
}

const ANSI = { red: "\x1b[31m", yellow: "\x1b[33m", green: "\x1b[32m", dim: "\x1b[2m", bold: "\x1b[1m", reset: "\x1b[0m" };

export function renderTerminal(result: AuditResult, opts: TerminalOptions = {}): string {
  const paint = (code: keyof typeof ANSI, s: string) => (opts.color ? `${ANSI[code]}${s}${ANSI.reset}` : s);
  const status = (s: SessionStatus) => (s === "error" ? paint("red", "error") : s === "warning" ? paint("yellow", "warning") : paint("green", "ok"));
  const rows: string[][] = [];
  const listed = listedSessions(result.sessions);
  for (const s of listed) {
    // Failed capsule and TTSR checks count too: an error row never says 0 errors.
    const { error: err, warning: warn } = rowFindings(s);
    const c = countsOf(s);
    const capsule = c.capsuleFailures;
    rows.push([
      status(s.status),
      // The full relative path, wrapped (never cut) when the table is wider than the terminal.
      safe(s.path),
      safe(s.format ? `${s.format}/${s.profile}` : s.kind === "unreadable" ? "-" : s.kind),
      s.loader.verdict,
      String(c.turns),
      capsule ? `${c.compactions} (${capsule} capsule fail)` : String(c.compactions),
      c.ttsrDisagreements ? paint("red", ttsrVerdict(c)) : ttsrVerdict(c, "-"),
      String(err),
      String(warn),
    ]);
  }
  const x = result.summary;
  const table = fitTable(
    {
      head: ["status", "session", "format", "loader", "turns", "compactions", "TTSR", "err", "warn"],
      style: { head: opts.color ? ["bold"] : [], border: opts.color ? ["grey"] : [] },
      // No separator line between rows: a corpus has hundreds of files.
      chars: { mid: "", "left-mid": "", "mid-mid": "", "right-mid": "" },
    },
    rows,
    { width: opts.width, flex: [1, 2] },
  );
  const lines = [table];
  if (listed.length < result.sessions.length)
    lines.push(
      `${listed.length} of ${result.sessions.length} sessions listed (errors first, then warnings, then in input order); ${opts.reportDir ? "the report lists every session" : "option `json` lists every session"}`,
    );
  lines.push(
    `${paint("bold", `${x.sessions} session(s)${x.files ? ` and ${x.files} other file(s)` : ""}`)}: ${x.byStatus.ok} ok, ${x.byStatus.warning} warning, ${x.byStatus.error} error; ${x.turns} turns, ${x.compactions} compactions; diagnostics ${x.diagnostics.error} error, ${x.diagnostics.warning} warning, ${x.diagnostics.info} info` +
      (x.skipped ? `; ${x.skipped} file(s) skipped (not a session, rule, capsule, settings or config file)` : ""),
  );
  for (const d of result.diagnostics) lines.push(`${d.severity === "error" ? paint("red", "error") : safe(d.severity)}: ${safe(d.file)}: ${safe(d.message)}`);
  // Sessions replayed with older rules than the agent ran: named here, not only counted in the table.
  for (const s of result.sessions)
    for (const d of s.diagnostics.filter(isFidelityFinding)) lines.push(`${paint("yellow", "warning")}: ${safe(s.path)}: ${safe(d.message)}`);
  if (opts.reportDir) lines.push(`Report: ${safe(opts.reportDir)}`);
  return `${lines.join("\n")}\n`;
}
