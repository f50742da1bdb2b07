// The findings a command saw but does not print on stdout (replay, diff): a count, the first few, and the
// command that lists them all, for stderr. Without it a torn last line or a profile that contradicts the
// file would pass unnoticed behind a clean turn listing.
import type { Diagnostic } from "../shared/diagnostics.js";
import { terminalLine } from "../shared/terminal.js";

export interface WarningSummaryOptions {
  /** The session as the user named it ("-" for stdin): used in the listing command. */
  input: string;
  /** --profile as given, repeated in the listing command. */
  profile?: string;
  /** How many findings to show (default 3). */
  first?: number;
}

const plural = (n: number, w: string) => `${n} ${w}${n === 1 ? "" : "s"}`;

/** A shell word for the listing command: plain paths as they are, others single-quoted. */
const shellWord = (s: string) => (/^[\w./@:+,=-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`);

/** Warnings and errors of a session (infos such as the profile choice are left out); "" when there are none. */
export function renderWarningSummary(file: string, diagnostics: readonly Diagnostic[], o: WarningSummaryOptions): string {
  const shown = diagnostics.filter((d) => d.severity !== "info");
  if (shown.length === 0) return "";
  const errors = shown.filter((d) => d.severity === "error").length;
  const counts = [errors ? plural(errors, "error") : "", shown.length - errors ? plural(shown.length - errors, "warning") : ""].filter(Boolean).join(", ");
  const lines = [`sightline: ${terminalLine(file)}: ${counts}`];
  const first = o.first ?? 3;
  for (const d of shown.slice(0, first)) {
    const where = d.line !== undefined ? `line ${d.line}: ` : "";
    lines.push(`  ${where}${d.severity} ${terminalLine(d.code)}: ${terminalLine(d.message)}${d.loader ? " [loader verdict]" : ""}`);
  }
  const cmd = ["sightline", "validate", shellWord(o.input), ...(o.profile !== undefined ? ["--profile", shellWord(o.profile)] : [])].join(" ");
  const more = shown.length > first ? `${shown.length - first} more; ` : "";
  lines.push(`  ${more}\`${terminalLine(cmd)}\` lists ${shown.length > first ? "them all" : "them with details"}`);
  return `${lines.join("\n")}\n`;
}
