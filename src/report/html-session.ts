// HTML projection of one input: the viewer page sessions/session.html, written once per report folder,
// shows input n at #s=<n> by loading that input's detail sessions/<n>.js with a <script src> (which a
// browser allows on file:// under the page's CSP, unlike fetching JSON). The detail file is one call,
// `sightlineSession(<JSON document>)` (DATA_PREFIX … DATA_SUFFIX around the session); the report's one script
// (sessions/session.js, html-client.ts) renders from it, on navigation: the header, the chart, checks,
// findings, turns, and a turn's messages, collapsed. Everything run-wide on the page (audited folder,
// time, version) is rendered here, escaped. The CSP allows nothing but the folder's own files.
import { escapeHtml as h, jsonForScriptFile } from "./escape.js";
import { CLIENT_SCRIPT } from "./html-client.js";
import { STYLE } from "./html-style.js";
import { pageHead, pageSession } from "./html.js";
import { AUDIT_SCHEMA_VERSION, type AuditResult, type AuditSession } from "../audit/model.js";

export interface PageContext {
  /** The audited folder (commonRoot of every session path): paths are shown relative to it. */
  root: string;
  result: Pick<AuditResult, "createdAt" | "tool" | "options">;
}

/** The files next to the viewer, shared by every input (names relative to sessions/). */
export const PAGE_ASSETS = { "session.js": CLIENT_SCRIPT, "report.css": STYLE } as const;

/** The viewer's Content-Security-Policy: no network, no inline script; only the folder's own files. */
export const SESSION_CSP = "default-src 'none'; style-src 'self'; img-src data:; script-src 'self'";

const CALL_OPEN = "sightlineSession(";
const CALL_CLOSE = ");\n";
/** A detail file is DATA_PREFIX + the JSON of the input's page data (pageSession) + DATA_SUFFIX. */
export const DATA_PREFIX = `${CALL_OPEN}{"schemaVersion":${AUDIT_SCHEMA_VERSION},"kind":"audit-session","session":`;
export const DATA_SUFFIX = `}${CALL_CLOSE}`;

/** sessions/session.html: the one page that shows any input of the folder. */
export function renderViewer(ctx: PageContext): string {
  const r = ctx.result;
  const run = `audited ${r.createdAt} by sightline ${r.tool.version}${r.options.redacted ? " · secrets redacted" : ""}`;
  return `${pageHead("sightline session", SESSION_CSP, '<link rel="stylesheet" href="report.css">')}<body>
<header>
<p class="crumbs"><a href="../index.html" id="to-index">← all inputs</a></p>
<h1 id="title">sightline session</h1>
<p class="muted" id="about" data-root="${h(ctx.root)}" data-run="${h(run)}"></p>
</header>
<section id="chart" class="chart"></section>
<main id="main"><p class="muted">This page needs JavaScript to show an input: open it from the report's index.html.</p></main>
<script src="session.js"></script>
</body>
</html>
`;
}

/** An input's session as its detail file holds it, between DATA_PREFIX and DATA_SUFFIX (what the spill stores). */
export const pageData = (s: AuditSession): string => jsonForScriptFile(pageSession(s));

export const renderDataFile = (s: AuditSession): string => DATA_PREFIX + pageData(s) + DATA_SUFFIX;

/** The JSON document of a written detail file (schema audit/report-session.json); undefined when it is not one. */
export function dataOf(text: string): string | undefined {
  return text.startsWith(CALL_OPEN) && text.endsWith(CALL_CLOSE) ? text.slice(CALL_OPEN.length, text.length - CALL_CLOSE.length) : undefined;
}

/** A page of the earlier layout (sessions/<n>.html with the data inline), still read by merge-reports. */
const DATA_OPEN = '<script type="application/json" id="sightline-data">';

/** The data element's content of an earlier-layout page. */
export function pageDataOf(html: string): string | undefined {
  const at = html.indexOf(DATA_OPEN);
  if (at < 0) return undefined;
  const end = html.indexOf("</script>", at);
  return end < 0 ? undefined : html.slice(at + DATA_OPEN.length, end);
}
