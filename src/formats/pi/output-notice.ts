// formatOutputNotice(meta) (docs/strings.md §2.4; oh-my-pi src/tools/output-meta.ts): the notice omp appends to
// bash / python execution text. LSP diagnostics are joined one per line: the per-file grouping the real
// code applies to path-prefixed messages is not reproduced (a known gap, rare in user `!` commands).
import { isObject } from "../../shared/json.js";

type Meta = Record<string, unknown>;

/** pi-utils formatBytes. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes}B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)}KB`;
  if (bytes < 1024 * 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)}MB`;
  return `${(bytes / (1024 * 1024 * 1024)).toFixed(1)}GB`;
}

function rangeOf(v: unknown): { start: number; end: number } | undefined {
  return isObject(v) ? (v as { start: number; end: number }) : undefined;
}

function truncationNotice(t: Meta): string {
  let notice: string;
  const suffixes = (): string =>
    (t.nextOffset != null ? `. Use :${t.nextOffset} to continue` : "") + (t.artifactId != null ? `. Read artifact://${t.artifactId} for full output` : "");
  if (t.direction === "middle") {
    const head = rangeOf(t.headRange);
    const tail = rangeOf(t.tailRange);
    const total = t.totalLines as number;
    const elidedBytes = (t.elidedBytes as number | undefined) ?? Math.max(0, (t.totalBytes as number) - (t.outputBytes as number));
    const elidedLines = (t.elidedLines as number | undefined) ?? Math.max(0, total - (t.outputLines as number));
    notice =
      head && tail
        ? `Showing lines ${head.start}-${head.end} and ${tail.start}-${tail.end} of ${total}; ${elidedLines.toLocaleString()} middle line${elidedLines === 1 ? "" : "s"} (${formatBytes(elidedBytes)}) elided`
        : `Showing ${t.outputLines} of ${total} lines; middle elided`;
    return notice + suffixes();
  }
  const range = rangeOf(t.shownRange);
  notice =
    range && range.end >= range.start ? `Showing lines ${range.start}-${range.end} of ${t.totalLines}` : `Showing ${t.outputLines} of ${t.totalLines} lines`;
  if (t.truncatedBy === "bytes") notice += ` (${formatBytes((t.maxBytes ?? t.outputBytes) as number)} limit)`;
  return notice + suffixes();
}

export function formatOutputNotice(meta: unknown): string {
  if (!isObject(meta)) return "";
  const parts: string[] = [];
  if (isObject(meta.truncation)) parts.push(truncationNotice(meta.truncation));
  const limits = isObject(meta.limits) ? meta.limits : {};
  const limit = (k: string, what: string): void => {
    const l = limits[k];
    if (isObject(l)) parts.push(`${l.reached} ${what} limit reached. Use limit=${l.suggestion} for more`);
  };
  limit("matchLimit", "matches");
  limit("resultLimit", "results");
  limit("headLimit", "results");
  if (isObject(limits.columnTruncated)) parts.push(`Some lines truncated to ${limits.columnTruncated.maxColumn} chars`);
  let diagnostics = "";
  const d = meta.diagnostics;
  if (isObject(d) && Array.isArray(d.messages) && d.messages.length > 0) diagnostics = `\n\nLSP Diagnostics (${d.summary}):\n${d.messages.join("\n")}`;
  return (parts.length ? `\n\n[${parts.join(". ")}]` : "") + diagnostics;
}
