// HTML projection: one self-contained file (no network: a CSP of default-src 'none' with the inline
// script allowed by its hash). The corpus summary and the session list are rendered here, escaped; the
// session data is embedded once as JSON in <script type="application/json"> (escaped for that context)
// and rendered lazily by the inline script (html-client.ts).
import { createHash } from "node:crypto";
import type { Msg } from "../formats/types.js";
import { escapeHtml as h, escapeScriptJson, jsonForScript } from "./escape.js";
import { splitJson } from "./json.js";
import { CLIENT_SCRIPT } from "./html-client.js";
import { STYLE } from "./html-style.js";
import type { AuditResult, AuditSession } from "./model.js";

/** What the page embeds per message: the provider text plus non-text blocks shown compactly. */
interface PageMsg {
  role: string;
  nativeRole: string;
  text: string;
  extra?: string[];
  sourceIds: string[];
  reminders: Msg["reminders"];
}

const EXTRA_MAX = 20_000;

/** Non-text blocks (thinking, tool calls, images) as short readable strings. */
function extras(m: Msg): string[] | undefined {
  const out: string[] = [];
  for (const b of m.blocks) {
    if (!b || typeof b !== "object") continue;
    const o = b as Record<string, unknown>;
    if (o.type === "text") continue;
    if (typeof o.thinking === "string") out.push(`[thinking]\n${o.thinking}`);
    else {
      const s = JSON.stringify(o);
      out.push(`[${String(o.type ?? "block")}] ${s.length > EXTRA_MAX ? `${s.slice(0, EXTRA_MAX)}…` : s}`);
    }
  }
  if (m.summary !== undefined && m.summary !== m.text) out.push(`[summary]\n${m.summary}`);
  return out.length ? out : undefined;
}

/** A session as the page embeds it (one element of the embedded data's `sessions`). */
export function pageSession(s: AuditSession): unknown {
  return { ...s, messages: s.messages.map(pageMessage) };
}

/** One message-table entry as the page embeds it. */
export function pageMessage(m: Msg): unknown {
  const p: PageMsg = { role: m.role, nativeRole: m.nativeRole, text: m.text, sourceIds: m.sourceIds, reminders: m.reminders };
  const x = extras(m);
  if (x) p.extra = x;
  return p;
}

export const scriptHash = (script: string): string => `sha256-${createHash("sha256").update(script, "utf8").digest("base64")}`;

const ICON = { ok: "✓", warning: "!", error: "✗" } as const;

/** One session's element of the embedded data, escaped for the script element. */
export const pagePiece = (s: AuditSession): string => jsonForScript(pageSession(s));

export function renderHtml(result: AuditResult, opts: { title?: string } = {}): string {
  const [before, after] = htmlFrame(result, opts);
  return `${before}${result.sessions.map(pagePiece).join(",")}${after}`;
}

/**
 * The page around the sessions' data: what comes before the first session element and after the last.
 * renderHtml and the streaming report writer share it, so both write the same bytes.
 */
export function htmlFrame(result: AuditResult, opts: { title?: string } = {}): [string, string] {
  const x = result.summary;
  const title = opts.title ?? "sightline audit";
  const [dataBefore, dataAfter] = splitJson(result, "sessions").map(escapeScriptJson);
  const nav = result.sessions
    .map((s, i) => `<li class="st-${s.status}"><a href="#s=${i}" data-session="${i}" title="${h(s.path)}"><span class="icon">${ICON[s.status]}</span> ${h(s.path)}</a></li>`)
    .join("\n");
  const formats = Object.entries(x.byFormat).map(([k, v]) => `${h(k)} ${v}`).join(", ") || "—";
  const runDiags = result.diagnostics.map((d) => `<li class="sev-${h(d.severity)}">${h(d.severity)} <code>${h(d.code)}</code> ${h(d.file)}: ${h(d.message)}</li>`).join("\n");
  const csp = `default-src 'none'; style-src 'unsafe-inline'; img-src data:; script-src '${scriptHash(CLIENT_SCRIPT)}'`;
  const page = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${h(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<header>
<h1>${h(title)}</h1>
<table class="summary" id="summary">
<tr><th>sessions</th><th>other files</th><th>ok</th><th>warnings</th><th>errors</th><th>formats</th><th>turns</th><th>compactions</th><th>capsule failures</th><th>TTSR disagreements</th><th>diagnostics (e/w/i)</th></tr>
<tr><td>${x.sessions}</td><td>${x.files}</td><td>${x.byStatus.ok}</td><td>${x.byStatus.warning}</td><td>${x.byStatus.error}</td><td>${formats}</td><td>${x.turns}</td><td>${x.compactions}</td><td>${x.capsuleFailures}</td><td>${x.ttsrDisagreements}</td><td>${x.diagnostics.error} / ${x.diagnostics.warning} / ${x.diagnostics.info}</td></tr>
</table>
<p class="muted">Created ${h(result.createdAt)} by sightline ${h(result.tool.version)}${result.options.redacted ? " · secrets redacted" : ""}${result.options.shard ? ` · shard ${result.options.shard.index}/${result.options.shard.count}` : ""}. Token figures are estimates unless marked “log”.</p>
${runDiags ? `<ul class="run-diags">${runDiags}</ul>` : ""}
${result.skipped.length ? `<details><summary>${result.skipped.length} file(s) skipped (not a session, rule, capsule, settings or config file)</summary><ul>${result.skipped.map((k) => `<li>${h(k.path)}: ${h(k.reason)}</li>`).join("")}</ul></details>` : ""}
</header>
<div class="layout">
<nav id="nav"><ul>
${nav}
</ul></nav>
<main id="main"><p class="muted">Choose a session on the left. (This page needs JavaScript to show turns.)</p></main>
</div>
<script type="application/json" id="sightline-data">${DATA}</script>
<script>${CLIENT_SCRIPT}</script>
</body>
</html>
`;
  // The marker is cut out of the finished template (nothing else in it is JSON data).
  const at = page.lastIndexOf(DATA);
  return [page.slice(0, at) + dataBefore, dataAfter + page.slice(at + DATA.length)];
}

const DATA = "\u0000SIGHTLINE-DATA\u0000";
