// Writes a report folder: index.html, summary.json, summary.md, junit.xml — each atomically, all from the
// one canonical result, redacted by default (design §8). The default folder is reports/<UTC stamp>-<cmd>/.
import { join } from "node:path";
import { renderHtml } from "../report/html.js";
import { renderJson } from "../report/json.js";
import { auditJunit } from "../report/junit.js";
import { renderMarkdown } from "../report/markdown.js";
import type { AuditResult } from "../report/model.js";
import { redactDeep } from "../report/redact.js";
import { writeFileAtomic } from "../io/atomic.js";

export const REPORT_FILES = ["index.html", "summary.json", "summary.md", "junit.xml"] as const;

/** "20260303T143000Z": sortable, no characters that need quoting in a path. */
export const utcStamp = (d: Date): string => d.toISOString().replace(/\.\d{3}Z$/, "Z").replace(/[-:]/g, "");

export const defaultRunDir = (command: string, d: Date, root = "reports"): string => join(root, `${utcStamp(d)}-${command}`);

/** The result as every shareable output sees it: redacted unless opted out. */
export function shareable(result: AuditResult, redact: boolean): AuditResult {
  if (!redact) return { ...result, options: { ...result.options, redacted: false } };
  return { ...redactDeep(result), options: { ...redactDeep(result.options), redacted: true } };
}

export async function writeReport(dir: string, result: AuditResult, opts: { redact: boolean }): Promise<string[]> {
  const r = shareable(result, opts.redact);
  const files: Record<(typeof REPORT_FILES)[number], string> = {
    // Compact: the message tables of long sessions make pretty-printing double the size; people read the HTML.
    "summary.json": renderJson(r, { pretty: false }),
    "summary.md": renderMarkdown(r),
    "junit.xml": auditJunit(r),
    "index.html": renderHtml(r),
  };
  const written: string[] = [];
  // summary.json last: merge-reports and CI steps take its presence as "the report is complete".
  for (const name of ["index.html", "summary.md", "junit.xml", "summary.json"] as const) {
    const p = join(dir, name);
    await writeFileAtomic(p, files[name]);
    written.push(p);
  }
  return written;
}
