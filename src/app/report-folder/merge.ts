// `sightline merge-reports`: shard outputs (each a run folder with summary.json) → one result. Sessions
// are ordered by path (the order shards were dealt from), each path once; the summary is recomputed,
// never added up, so the merged report equals what one unsharded run reports.
import { AUDIT_SCHEMA_VERSION, type AuditResult, type AuditSession } from "../../audit/model.js";
import { summarize } from "../../audit/summary.js";
import { shardSetProblems } from "./merge-check.js";
import { diag, type Diagnostic } from "../../shared/diagnostics.js";
import { readAuditReport } from "./read.js";

export interface MergeRun {
  result: AuditResult;
  /** Overlapping reports or missing shards: nothing is merged (exit 2). */
  problems: Diagnostic[];
  /** Folders that held no readable summary.json (exit 2). */
  unreadable: number;
}

const byPath = (a: AuditSession, b: AuditSession) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0);

export async function mergeReports(dirs: readonly string[], opts: { now?: () => Date; version?: string; allowPartial?: boolean } = {}): Promise<MergeRun> {
  const read = await Promise.all(dirs.map(readAuditReport));
  const parts = read.filter((r): r is AuditResult => !("code" in r));
  const bad = read.filter((r): r is Diagnostic => "code" in r);
  const set = shardSetProblems(
    read.flatMap((r, i) =>
      "code" in r ? [] : [{ dir: dirs[i], ...(r.options.shard && { shard: r.options.shard }), sessions: r.sessions.map((s) => s.path) }],
    ),
    opts.allowPartial === true,
  );
  const seen = new Set<string>();
  const sessions: AuditSession[] = [];
  for (const s of parts.flatMap((p) => p.sessions).sort(byPath)) {
    // Overlapping reports are refused (shardSetProblems); a path twice within one report stays once.
    if (seen.has(s.path)) continue;
    seen.add(s.path);
    sessions.push(s);
  }
  const diagKey = (d: Diagnostic) => `${d.code}\u0000${d.file}\u0000${d.line ?? ""}\u0000${d.message}`;
  const warning = set.partial ? diag("APP_MERGE_PARTIAL", { file: dirs[0] ?? "." }, set.partial) : undefined;
  const diagnostics = [...new Map([...parts.flatMap((p) => p.diagnostics), ...bad, ...(warning ? [warning] : [])].map((d) => [diagKey(d), d])).values()];
  const skipped = [...new Map(parts.flatMap((p) => p.skipped ?? []).map((s) => [s.path, s])).values()].sort((a, b) =>
    a.path < b.path ? -1 : a.path > b.path ? 1 : 0,
  );
  const first = parts[0];
  const createdAt = parts.map((p) => p.createdAt).sort()[0] ?? (opts.now?.() ?? new Date()).toISOString();
  const result: AuditResult = {
    schemaVersion: AUDIT_SCHEMA_VERSION,
    kind: "audit",
    tool: { name: "sightline", version: opts.version ?? first?.tool.version ?? "0.0.0" },
    createdAt,
    options: {
      paths: [...new Set(parts.flatMap((p) => p.options.paths))],
      rules: [...new Set(parts.flatMap((p) => p.options.rules))],
      failOn: first?.options.failOn ?? "error",
      mergedFrom: [...dirs],
      redacted: parts.length > 0 && parts.every((p) => p.options.redacted),
    },
    summary: summarize(sessions, diagnostics, skipped.length),
    diagnostics,
    sessions,
    skipped,
  };
  if (first?.options.settings !== undefined) result.options.settings = first.options.settings;
  return { result, unreadable: bad.length, problems: set.errors };
}
