// Markdown projection, shaped for a CI job summary ($GITHUB_STEP_SUMMARY, limit 1 MiB): corpus summary,
// one row per session, then the failures with their diagnostics. Session text never appears unescaped.
import type { Diagnostic } from "../shared/diagnostics.js";
import { clip, escapeMd, escapeMdCell } from "./escape.js";
import { countsOf, ttsrVerdict } from "../audit/store.js";
import type { AuditResult, AuditSession } from "../audit/model.js";
import { rowFindings } from "../audit/summary.js";

/** GitHub rejects job summaries over 1 MiB; stay well below and say what was cut. */
export const MARKDOWN_BUDGET = 900_000;

const ICON = { ok: "✅", warning: "⚠️", error: "❌" } as const;

function where(d: Diagnostic): string {
  return d.line !== undefined ? `${d.file}:${d.line}` : d.file;
}

function sessionRow(s: AuditSession): string {
  const fmt = s.format ? `${s.format}/${s.profile ?? "?"}` : s.kind === "unreadable" ? "—" : `(${s.kind} file)`;
  const n = rowFindings(s);
  const c = countsOf(s);
  const capsule = c.capsuleFailures;
  const ttsr = ttsrVerdict(c);
  return `| ${ICON[s.status]} | ${escapeMdCell(s.path)} | ${escapeMdCell(fmt)} | ${s.loader.verdict} | ${c.turns} | ${c.compactions}${capsule ? ` (${capsule} capsule ✗)` : ""} | ${ttsr} | ${n.error} | ${n.warning} |`;
}

function problems(s: AuditSession): string[] {
  const out: string[] = [];
  for (const d of s.diagnostics.filter((x) => x.severity !== "info"))
    out.push(`- **${d.severity}** \`${d.code}\` ${escapeMd(where(d))}: ${escapeMd(clip(d.message, 300))}`);
  for (const k of s.checks.filter((x) => x.status === "fail" || x.status === "warn"))
    if (!k.diagnostics?.length) out.push(`- **${k.status}** ${escapeMd(k.name)}${k.message ? `: ${escapeMd(clip(k.message, 300))}` : ""}`);
  return out;
}

export function renderMarkdown(result: AuditResult, opts: { budget?: number } = {}): string {
  const budget = opts.budget ?? MARKDOWN_BUDGET;
  const s = result.summary;
  const head: string[] = [
    "# sightline audit",
    "",
    `${s.sessions} session(s)${s.files ? ` and ${s.files} other file(s)` : ""}: ${s.byStatus.ok} ok, ${s.byStatus.warning} with warnings, ${s.byStatus.error} with errors · ${s.turns} turns · ${s.compactions} compactions` +
      (s.capsuleFailures ? ` · ${s.capsuleFailures} capsule check(s) failed` : "") +
      (s.ttsrDisagreements ? ` · ${s.ttsrDisagreements} TTSR disagreement(s)` : ""),
    "",
    "| formats | errors | warnings | infos | checks passed | checks failed |",
    "| --- | ---: | ---: | ---: | ---: | ---: |",
    `| ${escapeMdCell(
      Object.entries(s.byFormat)
        .map(([k, v]) => `${k} ${v}`)
        .join(", ") || "—",
    )} | ${s.diagnostics.error} | ${s.diagnostics.warning} | ${s.diagnostics.info} | ${s.checks.pass} | ${s.checks.fail} |`,
    "",
  ];
  if (result.options.shard) head.push(`Shard ${result.options.shard.index}/${result.options.shard.count}.`, "");
  if (result.options.mergedFrom?.length) head.push(`Merged from ${result.options.mergedFrom.length} report(s).`, "");
  if (result.options.redacted) head.push("Secrets are redacted in this report.", "");
  if (result.skipped.length) head.push(`${result.skipped.length} file(s) skipped (not a session, rule, capsule, settings or config file).`, "");
  for (const d of result.diagnostics) head.push(`- **${d.severity}** \`${d.code}\` ${escapeMd(where(d))}: ${escapeMd(d.message)}`);
  if (result.diagnostics.length) head.push("");
  head.push(
    "## Sessions",
    "",
    "| | path | format | loader | turns | compactions | TTSR | errors | warnings |",
    "| --- | --- | --- | --- | ---: | ---: | --- | ---: | ---: |",
  );
  const out = head.join("\n") + "\n";
  const parts: string[] = [out];
  let used = out.length;
  const rows = result.sessions.map(sessionRow);
  const details = result.sessions.filter((x) => x.status !== "ok").map((x) => [`### ${ICON[x.status]} ${escapeMd(x.path)}`, "", ...problems(x), ""].join("\n"));
  const chunks = [...rows.map((r) => `${r}\n`), ...(details.length ? ["\n## Findings\n\n"] : []), ...details.map((d) => `${d}\n`)];
  for (let i = 0; i < chunks.length; i++) {
    if (used + chunks[i].length > budget) {
      parts.push(`\n_Cut here to stay within the job-summary size limit: ${chunks.length - i} more part(s) in summary.json and index.html._\n`);
      break;
    }
    parts.push(chunks[i]);
    used += chunks[i].length;
  }
  return parts.join("");
}
