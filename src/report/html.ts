// HTML projection, index.html: the corpus overview, small at any corpus size. It is rendered here, all
// of it escaped: the summary, run findings, and one row per input, problems first, each linking to its
// page (the viewer sessions/session.html#s=<n>, html-session.ts). A small inline script filters the rows; no session data
// is embedded. No network: a CSP of default-src 'none' with the inline script allowed by its hash.
import { createHash } from "node:crypto";
import type { Msg } from "../formats/types.js";
import { escapeHtml as h } from "./escape.js";
import { blockExtras } from "./page-extras.js";
import { pageTurns } from "./page-turns.js";
import { INDEX_SCRIPT } from "./html-index-client.js";
import { STYLE } from "./html-style.js";
import { commonRoot, relativeTo, sessionFiles } from "./layout.js";
import type { AuditResult, AuditSession } from "../audit/model.js";
import { rowFindings } from "../audit/summary.js";
import { countsOf, ttsrVerdict } from "../audit/store.js";

/** What a page embeds per message: the provider text plus non-text blocks shown compactly. */
interface PageMsg {
  role: string;
  text: string;
  sourceIds: string[];
  nativeRole?: string;
  reminders?: Msg["reminders"];
  extra?: string[];
}

/** The page's readable views of a message's blocks (page-extras.ts), or its `extra` as read back from a report. */
export function pageExtras(m: Msg): string[] | undefined {
  // A message read back from a report (merge-reports) has its blocks already as `extra` strings.
  if (!Array.isArray(m.blocks)) {
    const x = (m as { extra?: unknown }).extra;
    return Array.isArray(x) && x.length ? x.map(String) : undefined;
  }
  const out = blockExtras(m);
  return out.length ? out : undefined;
}

/** The findings a data file carries (the viewer lists this many; summary.json has them all). */
export const PAGE_DIAGNOSTICS = 500;

/**
 * An input as the viewer loads it (sessions/<n>.js): message bodies without their raw blocks, findings in
 * short (severity, code, line, message; at most PAGE_DIAGNOSTICS, summary.json has every one in full), the
 * checks without their diagnostics, the turns without the token constants of their session (`turnTokens`).
 * Every object key is one of sightline's own, never one from a log (the data file is a script: an object
 * literal would treat a `__proto__` key differently from JSON.parse).
 */
export function pageSession(s: AuditSession): unknown {
  return { ...pageShell(s), messages: s.messages.map(pageMessage) };
}

/** pageSession before its messages are mapped (the spill maps them one at a time). */
export function pageShell(s: AuditSession): Record<string, unknown> & { messages: Msg[] } {
  const out: Record<string, unknown> = { path: s.path, kind: s.kind };
  if (s.format !== undefined) out.format = s.format;
  if (s.profile !== undefined) out.profile = s.profile;
  out.status = s.status;
  out.loader = { verdict: s.loader.verdict };
  out.diagnostics = s.diagnostics
    .slice(0, PAGE_DIAGNOSTICS)
    .map(({ severity, code, line, message }) => (line === undefined ? { severity, code, message } : { severity, code, line, message }));
  out.diagnosticCount = s.diagnostics.length;
  out.checks = s.checks.map(({ name, status, message }) => (message === undefined ? { name, status } : { name, status, message }));
  out.prompts = s.prompts;
  out.messages = s.messages;
  // The turns' per-session token constants once, each turn without them (page-turns.ts).
  const { turnTokens, turns } = pageTurns(s.turns);
  if (turnTokens) out.turnTokens = turnTokens;
  out.turns = turns;
  out.compactions = s.compactions;
  if (s.ttsr) out.ttsr = s.ttsr;
  return out as Record<string, unknown> & { messages: Msg[] };
}

/** One message-table entry as a page embeds it: nativeRole only where it differs, reminders only when there are some. */
export function pageMessage(m: Msg): unknown {
  const p: PageMsg = { role: m.role, text: m.text, sourceIds: m.sourceIds };
  if (m.nativeRole !== m.role) p.nativeRole = m.nativeRole;
  if (m.reminders.length) p.reminders = m.reminders;
  const x = pageExtras(m);
  if (x) p.extra = x;
  return p;
}

export const scriptHash = (script: string): string => `sha256-${createHash("sha256").update(script, "utf8").digest("base64")}`;

/** index.html's Content-Security-Policy: nothing from anywhere, its one inline script by hash. */
export const indexCsp = (script: string): string => `default-src 'none'; style-src 'unsafe-inline'; img-src data:; script-src '${scriptHash(script)}'`;

export const ICON = { ok: "✓", warning: "!", error: "✗" } as const;
const RANK = { error: 0, warning: 1, ok: 2 } as const;

/** The page head: a CSP and the title; the style inline (index.html) or the report's shared file. */
export const pageHead = (title: string, csp: string, style: string): string => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${h(title)}</title>
${style}
</head>
`;

function row(s: AuditSession, i: number, root: string): string {
  const c = countsOf(s);
  const { first: finding, ...n } = rowFindings(s);
  const what = s.format ? `${s.format} / ${s.profile ?? ""}` : s.kind;
  const ttsr = ttsrVerdict(c);
  return `<tr class="st-${s.status}" data-status="${s.status}"><td><span class="icon">${ICON[s.status]}</span> ${s.status}</td><td><a href="${sessionFiles(i).page}" data-session="${i}" title="${h(s.path)}">${h(relativeTo(root, s.path))}</a></td><td>${h(what)}</td><td>${s.loader.verdict}</td><td>${c.turns}</td><td>${c.compactions}${c.capsuleFailures ? ` (${c.capsuleFailures} capsule ✗)` : ""}</td><td>${ttsr}</td><td>${n.error}</td><td>${n.warning}</td><td class="finding">${h(finding.length > 300 ? `${finding.slice(0, 300)}…` : finding)}</td></tr>`;
}

export function renderIndex(result: AuditResult, opts: { title?: string } = {}): string {
  return [...indexChunks(result, opts)].join("");
}

/** index.html as chunks, a row at a time (a corpus of many inputs never holds every row's HTML at once). */
export function* indexChunks(result: AuditResult, opts: { title?: string } = {}): Generator<string> {
  const x = result.summary;
  const title = opts.title ?? "sightline audit";
  const root = commonRoot(result.sessions.map((s) => s.path));
  const order = result.sessions.map((_, i) => i).sort((a, b) => RANK[result.sessions[a].status] - RANK[result.sessions[b].status] || a - b);
  const formats =
    Object.entries(x.byFormat)
      .map(([k, v]) => `${h(k)} ${v}`)
      .join(", ") || "—";
  const runDiags = result.diagnostics
    .map((d) => `<li class="sev-${h(d.severity)}">${h(d.severity)} <code>${h(d.code)}</code> ${h(d.file)}: ${h(d.message)}</li>`)
    .join("\n");
  yield `${pageHead(title, indexCsp(INDEX_SCRIPT), `<style>${STYLE}</style>`)}<body>
<header>
<h1>${h(title)}</h1>
<table class="summary" id="summary">
<tr><th>sessions</th><th>other files</th><th>ok</th><th>warnings</th><th>errors</th><th>formats</th><th>turns</th><th>compactions</th><th>capsule failures</th><th>TTSR disagreements</th><th>diagnostics (e/w/i)</th></tr>
<tr><td>${x.sessions}</td><td>${x.files}</td><td>${x.byStatus.ok}</td><td>${x.byStatus.warning}</td><td>${x.byStatus.error}</td><td>${formats}</td><td>${x.turns}</td><td>${x.compactions}</td><td>${x.capsuleFailures}</td><td>${x.ttsrDisagreements}</td><td>${x.diagnostics.error} / ${x.diagnostics.warning} / ${x.diagnostics.info}</td></tr>
</table>
<p class="muted">Created ${h(result.createdAt)} by sightline ${h(result.tool.version)}${result.options.redacted ? " · secrets redacted" : ""}${result.options.shard ? ` · shard ${result.options.shard.index}/${result.options.shard.count}` : ""}${result.options.mergedFrom ? ` · merged from ${result.options.mergedFrom.length} report(s)` : ""}. Token figures are estimates unless marked “log”.</p>
${runDiags ? `<ul class="run-diags">${runDiags}</ul>` : ""}
${result.skipped.length ? `<details><summary>${result.skipped.length} file(s) skipped (not a session, rule, capsule, settings or config file)</summary><ul>${result.skipped.map((k) => `<li>${h(k.path)}: ${h(k.reason)}</li>`).join("")}</ul></details>` : ""}
</header>
<main id="main">
<h2>Inputs${root ? ` in <code id="root">${h(root)}</code>` : ""}</h2>
<p class="muted">Problems first. Each input opens its own page: checks, diagnostics, a chart of context size per turn, and every turn's exact context.</p>
<p class="filters"><input id="filter" type="search" placeholder="filter by path, format or finding" aria-label="filter sessions"> <select id="status" aria-label="status"><option value="">any status</option><option value="error">errors</option><option value="warning">warnings</option><option value="ok">ok</option></select> <span id="shown" class="muted">${result.sessions.length} shown</span></p>
<table id="sessions">
<thead><tr><th>status</th><th>input</th><th>format</th><th>loader</th><th>turns</th><th>compactions</th><th>TTSR</th><th>errors</th><th>warnings</th><th>first finding</th></tr></thead>
<tbody>
`;
  let first = true;
  for (const i of order) {
    yield `${first ? "" : "\n"}${row(result.sessions[i], i, root)}`;
    first = false;
  }
  yield `
</tbody>
</table>
</main>
<script>${INDEX_SCRIPT}</script>
</body>
</html>
`;
}
