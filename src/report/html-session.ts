// HTML projection, sessions/<n>.html: one input's own page. The header is rendered here, escaped; the
// session's data (message table, turns, compactions, TTSR evidence) is embedded once as JSON in
// <script type="application/json"> (escaped for that context) and rendered by the report's one session
// script (sessions/session.js, html-client.ts) when navigated to: the chart, checks, turns, and a turn's
// messages, collapsed. Script and style are files shared by every page of the folder (a page costs its
// data, not another copy of them); the CSP allows nothing but those same-folder files.
import { escapeHtml as h, jsonForScript } from "./escape.js";
import { CLIENT_SCRIPT } from "./html-client.js";
import { STYLE } from "./html-style.js";
import { ICON, pageHead, pageSession } from "./html.js";
import { relativeTo } from "./layout.js";
import type { AuditResult, AuditSession } from "../context/audit-model.js";

export interface PageContext {
  /** The audited folder (commonRoot of every session path): paths are shown relative to it. */
  root: string;
  result: Pick<AuditResult, "createdAt" | "tool" | "options">;
}

const DATA = "\u0000SIGHTLINE-DATA\u0000";

/** The files next to the session pages, shared by all of them (names relative to sessions/). */
export const PAGE_ASSETS = { "session.js": CLIENT_SCRIPT, "report.css": STYLE } as const;

/** A session page's Content-Security-Policy: no network, no inline script; only the folder's own files. */
export const SESSION_CSP = "default-src 'none'; style-src 'self'; img-src data:; script-src 'self'";
export const DATA_OPEN = '<script type="application/json" id="sightline-data">';

/** The page around its data element's content: [before, after]. The report writer streams the data. */
export function sessionPageFrame(s: Pick<AuditSession, "path" | "status" | "kind" | "format" | "profile">, ctx: PageContext): [string, string] {
  const rel = relativeTo(ctx.root, s.path);
  const r = ctx.result;
  const page = `${pageHead(`${rel} · sightline`, SESSION_CSP, '<link rel="stylesheet" href="report.css">')}<body>
<header>
<p class="crumbs"><a href="../index.html" id="to-index">← all inputs</a></p>
<h1 class="st-${s.status}"><span class="icon">${ICON[s.status]}</span> ${h(rel)}</h1>
<p class="muted">${h(s.path)} · ${h(s.format ? `${s.format} / ${s.profile ?? ""}` : s.kind)} · audited ${h(r.createdAt)} by sightline ${h(r.tool.version)}${r.options.redacted ? " · secrets redacted" : ""}</p>
</header>
<section id="chart" class="chart"></section>
<main id="main"><p class="muted">This page needs JavaScript to show turns.</p></main>
${DATA_OPEN}${DATA}</script>
<script src="session.js"></script>
</body>
</html>
`;
  const at = page.lastIndexOf(DATA);
  return [page.slice(0, at), page.slice(at + DATA.length)];
}

/** The data element's content for a session (what the spill stores precomputed). */
export const pageData = (s: AuditSession): string => jsonForScript(pageSession(s));

export function renderSessionPage(s: AuditSession, ctx: PageContext): string {
  const [before, after] = sessionPageFrame(s, ctx);
  return before + pageData(s) + after;
}

/** The data element's content of a written page (merge-reports reads shard pages back). */
export function pageDataOf(html: string): string | undefined {
  const at = html.indexOf(DATA_OPEN);
  if (at < 0) return undefined;
  const end = html.indexOf("</script>", at);
  return end < 0 ? undefined : html.slice(at + DATA_OPEN.length, end);
}
