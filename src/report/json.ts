// The canonical JSON projection: the result itself (summary.json, `audit --json`).
import type { AuditResult } from "./model.js";

export function renderJson(result: AuditResult, opts: { pretty?: boolean } = {}): string {
  return `${JSON.stringify(result, null, opts.pretty === false ? undefined : 2)}\n`;
}
