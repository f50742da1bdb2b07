// Writes a report folder, each file atomically, all from the one canonical result, redacted by default
// (docs/product.md §8): index.html (the overview), summary.json (counts, findings, per-session verdicts),
// summary.md, junit.xml, per input sessions/<n>.js (its detail, what the viewer shows), and the one viewer
// page with its script and style (sessions/session.html, session.js, report.css); see report/layout.ts. A spilled session's files are made from the pieces its
// worker wrote, so writing never holds more than one session. The default folder is reports/<UTC stamp>-<cmd>/.
import { join } from "node:path";
import { auditJunitChunks } from "../../report/junit.js";
import { PAGE_ASSETS, renderViewer } from "../../report/html-session.js";
import { commonRoot, SESSIONS_DIR, sessionFiles, VIEWER } from "../../report/layout.js";
import { renderMarkdown } from "../../report/markdown.js";
import type { AuditResult, AuditSession } from "../../audit/model.js";
import { redactDeep } from "../../report/redact.js";
import { redactSpilled, spillOf } from "../../audit/store.js";
import { detailChunks, indexHtml, summaryJsonChunks } from "../../report/stream.js";
import { removeNumberedBeyond, writeChunksAtomic } from "../../io/atomic.js";

/** The files at the top of a report folder (next to the sessions/ folder). */
export const REPORT_FILES = ["index.html", "summary.json", "summary.md", "junit.xml"] as const;

/** "20260303T143000Z": sortable, no characters that need quoting in a path. */
export const utcStamp = (d: Date): string =>
  d
    .toISOString()
    .replace(/\.\d{3}Z$/, "Z")
    .replace(/[-:]/g, "");

export const defaultRunDir = (command: string, d: Date, root = "reports"): string => join(root, `${utcStamp(d)}-${command}`);

/** A session redacted: a spilled one stays spilled (its heavy parts are redacted when read back). */
const redactSession = (s: AuditSession): AuditSession => (spillOf(s) ? redactSpilled(s, redactDeep) : redactDeep(s));

/** The result as every shareable output sees it: redacted unless opted out. */
export function shareable(result: AuditResult, redact: boolean): AuditResult {
  if (!redact) return { ...result, options: { ...result.options, redacted: false } };
  // Spreading keeps every key in its place, so the outputs' key order is unchanged.
  return {
    ...redactDeep({ ...result, sessions: [] }),
    sessions: result.sessions.map(redactSession),
    options: { ...redactDeep(result.options), redacted: true },
  };
}

export async function writeReport(dir: string, result: AuditResult, opts: { redact: boolean }): Promise<string[]> {
  const r = shareable(result, opts.redact);
  const written: string[] = [];
  const put = async (name: string, chunks: Iterable<string | Uint8Array>) => {
    const p = join(dir, name);
    await writeChunksAtomic(p, chunks);
    written.push(p);
  };
  for (const [name, text] of Object.entries(PAGE_ASSETS)) await put(`${SESSIONS_DIR}/${name}`, [text]);
  await put(`${SESSIONS_DIR}/${VIEWER}`, [renderViewer({ root: commonRoot(r.sessions.map((s) => s.path)), result: r })]);
  for (let i = 0; i < r.sessions.length; i++) {
    const name = sessionFiles(i).detail;
    // A detail file its audit thread already wrote whole is moved into place (a rename), not read and copied.
    const ref = spillOf(r.sessions[i]);
    if (ref?.store.moveDetail?.(ref.key, ref.redacted, join(dir, name))) written.push(join(dir, name));
    else await put(name, detailChunks(r.sessions[i]));
  }
  await removeNumberedBeyond(join(dir, SESSIONS_DIR), r.sessions.length);
  await put("index.html", indexHtml(r));
  await put("summary.md", [renderMarkdown(r)]);
  await put("junit.xml", auditJunitChunks(r));
  // summary.json last: merge-reports and CI steps take its presence as "the report is complete".
  await put("summary.json", summaryJsonChunks(r));
  return written;
}
