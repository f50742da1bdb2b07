// Readable `validate` output: one block per file (grouped, input order), a table of findings, a summary.
import { fitTable } from "./table-fit.js";
import type { Diagnostic, Severity } from "../shared/diagnostics.js";
import { terminalLine as safe } from "../shared/terminal.js";

export interface ValidateView {
  files: Array<{ path: string; kind: string; format?: string | null; profile?: string; diagnostics: Diagnostic[] }>;
  skipped: Array<{ path: string; reason: string }>;
  problems: Array<{ input: string; reason: string }>;
  summary: { files: number; errors: number; warnings: number; infos: number };
}

export interface RenderOptions {
  color: boolean;
  /** Show info-level diagnostics (profile choices etc.). */
  verbose?: boolean;
  /** Table width budget (columns); undefined: no limit. */
  width?: number;
}

const SGR: Record<Severity | "dim" | "bold" | "ok", string> = { error: "31", warning: "33", info: "36", dim: "2", bold: "1", ok: "32" };
const paint = (on: boolean, k: keyof typeof SGR, s: string) => (on ? `\u001b[${SGR[k]}m${s}\u001b[0m` : s);
const plural = (n: number, w: string) => `${n} ${w}${n === 1 ? "" : "s"}`;

export function renderValidateTable(v: ValidateView, o: RenderOptions): string {
  const out: string[] = [];
  for (const f of v.files) {
    const shown = f.diagnostics.filter((d) => o.verbose || d.severity !== "info");
    const errors = shown.filter((d) => d.severity === "error").length;
    const warnings = shown.filter((d) => d.severity === "warning").length;
    // Paths, codes and messages come from the input (file names, entry types, JSON errors): escaped here,
    // before colour is added, so the output gate keeps only sightline's own colours.
    const what = safe([f.kind, f.format && f.profile ? `${f.format}/${f.profile}` : f.format].filter(Boolean).join(", "));
    const status = errors
      ? paint(o.color, "error", plural(errors, "error"))
      : warnings
        ? paint(o.color, "warning", plural(warnings, "warning"))
        : paint(o.color, "ok", "ok");
    out.push(
      `${paint(o.color, "bold", safe(f.path))} ${paint(o.color, "dim", `(${what})`)}  ${status}${errors && warnings ? `, ${paint(o.color, "warning", plural(warnings, "warning"))}` : ""}`,
    );
    if (shown.length === 0) continue;
    const rows = shown.map((d) => {
      const where = d.line !== undefined ? String(d.line) + (d.column !== undefined ? `:${d.column}` : "") : "";
      const msg = d.loader ? `${d.message} [loader verdict]` : d.message;
      return [where, paint(o.color, d.severity, d.severity), safe(d.code), safe(msg + (d.eventId ? ` (event ${d.eventId})` : ""))];
    });
    const style = { head: o.color ? ["bold"] : [], border: o.color ? ["grey"] : [] };
    out.push(fitTable({ head: ["line", "severity", "code", "message"], style }, rows, { width: o.width, flex: [2, 3] }));
  }
  for (const p of v.problems) out.push(paint(o.color, "error", `cannot read ${safe(p.input)}: ${safe(p.reason)}`));
  if (v.skipped.length > 0)
    out.push(
      paint(
        o.color,
        "dim",
        `${plural(v.skipped.length, "file")} not validated (not a session, rule, capsule, settings or config file; option \`verbose\` lists them)`,
      ),
    );
  if (o.verbose) for (const s of v.skipped) out.push(paint(o.color, "dim", `  skipped ${safe(s.path)}: ${safe(s.reason)}`));
  const s = v.summary;
  out.push(
    `${plural(s.files, "file")} checked: ${paint(o.color, s.errors ? "error" : "ok", plural(s.errors, "error"))}, ${plural(s.warnings, "warning")}${o.verbose ? `, ${plural(s.infos, "note")}` : ""}`,
  );
  return out.join("\n") + "\n";
}
