// Writes a report folder: index.html, summary.json, summary.md, junit.xml — each atomically, all from the
// one canonical result, redacted by default (design §8). The default folder is reports/<UTC stamp>-<cmd>/.
// summary.json and index.html are streamed session by session (a spilled session's pieces were made by
// its worker), so writing never holds the whole corpus; summary.md and junit.xml need only the compact
// part of each session.
import { join } from "node:path";
import { auditJunit } from "../report/junit.js";
import { renderMarkdown } from "../report/markdown.js";
import type { AuditResult, AuditSession } from "../report/model.js";
import { redactDeep } from "../report/redact.js";
import { redactSpilled, spillOf } from "../report/spilled.js";
import { htmlChunks, jsonChunks } from "../report/stream.js";
import { writeChunksAtomic } from "../io/atomic.js";

export const REPORT_FILES = ["index.html", "summary.json", "summary.md", "junit.xml"] as const;

/** "20260303T143000Z": sortable, no characters that need quoting in a path. */
export const utcStamp = (d: Date): string => d.toISOString().replace(/\.\d{3}Z$/, "Z").replace(/[-:]/g, "");

export const defaultRunDir = (command: string, d: Date, root = "reports"): string => join(root, `${utcStamp(d)}-${command}`);

/** A session redacted: a spilled one stays spilled (its heavy parts are redacted when read back). */
const redactSession = (s: AuditSession): AuditSession => (spillOf(s) ? redactSpilled(s, redactDeep) : redactDeep(s));

/** The result as every shareable output sees it: redacted unless opted out. */
export function shareable(result: AuditResult, redact: boolean): AuditResult {
  if (!redact) return { ...result, options: { ...result.options, redacted: false } };
  // Spreading keeps every key in its place, so the outputs' key order is unchanged.
  return { ...redactDeep({ ...result, sessions: [] }), sessions: result.sessions.map(redactSession), options: { ...redactDeep(result.options), redacted: true } };
}

export async function writeReport(dir: string, result: AuditResult, opts: { redact: boolean }): Promise<string[]> {
  const r = shareable(result, opts.redact);
  const files: Record<(typeof REPORT_FILES)[number], () => Iterable<string | Uint8Array>> = {
    // Compact: the message tables of long sessions make pretty-printing double the size; people read the HTML.
    "summary.json": () => jsonChunks(r),
    "summary.md": () => [renderMarkdown(r)],
    "junit.xml": () => [auditJunit(r)],
    "index.html": () => htmlChunks(r),
  };
  const written: string[] = [];
  // summary.json last: merge-reports and CI steps take its presence as "the report is complete".
  for (const name of ["index.html", "summary.md", "junit.xml", "summary.json"] as const) {
    const p = join(dir, name);
    await writeChunksAtomic(p, files[name]());
    written.push(p);
  }
  return written;
}
