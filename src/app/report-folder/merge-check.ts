// merge-reports for check runs and the checks every merge makes first: which kind of report each folder
// holds (audit or check, from the head of its summary.json), and which shards of an i/n split are missing.
// The merged check document is what one unsharded `check` run writes: suites in config order, sessions
// and regressions in the order the unsharded run meets them, each session once.
import { fsReason } from "../../io/fs-reason.js";
import { contractProblem } from "../../schema/contract.js";
import { join, resolve } from "node:path";
import { readHead } from "../../io/read.js";
import { readSummaryJson } from "./read.js";
import type { CheckDocument } from "../../audit/expectations.js";
import { diag, type Diagnostic } from "../../shared/diagnostics.js";
import { isObject } from "../../shared/json.js";

export type ReportKind = "audit" | "check";

/** The kind of report a folder holds, or why it holds none (read from the head: audit summaries can be large). */
export async function reportKind(dir: string): Promise<ReportKind | Diagnostic> {
  const path = join(dir, "summary.json");
  let head: string;
  try {
    head = await readHead(path);
  } catch (e) {
    return diag("UNREADABLE_PATH", { file: path }, { path, reason: fsReason(e) });
  }
  // The first "kind" key is the document's own (both write it right after schemaVersion).
  const m = /"kind"\s*:\s*"(audit|check)"/.exec(head);
  return m
    ? (m[1] as ReportKind)
    : diag("APP_REPORT_INVALID", { file: path }, { path, detail: "not a sightline audit or check summary.json (schemaVersion 1)" });
}

export interface ShardOf {
  dir: string;
  shard?: { index: number; count: number };
  /** The sessions the report covers (suite-qualified for check). */
  sessions: readonly string[];
}

const label = (s: { index: number; count: number } | undefined) => (s ? `shard ${s.index}/${s.count}` : "the whole run (not sharded)");

/**
 * Whether a set of reports is one run split once, each part given once: overlapping reports (a folder or a shard
 * twice, a shard with the whole run, splits of different sizes, a session in two reports) are refused; missing
 * shards are refused unless `allowPartial`, which yields a warning instead.
 */
export function shardSetProblems(parts: readonly ShardOf[], allowPartial: boolean): { errors: Diagnostic[]; partial?: { missing: string[]; count: number } } {
  const errors: Diagnostic[] = [];
  const overlap = (a: ShardOf, b: ShardOf, what: string) => diag("APP_MERGE_OVERLAP", { file: b.dir }, { first: a.dir, second: b.dir, what });
  for (let j = 0; j < parts.length; j++)
    for (let i = 0; i < j; i++) {
      const [a, b] = [parts[i], parts[j]];
      if (resolve(a.dir) === resolve(b.dir)) errors.push(overlap(a, b, "the same folder is given twice"));
      else if (a.shard && b.shard && a.shard.count !== b.shard.count)
        errors.push(overlap(a, b, `they come from splits of different sizes (${label(a.shard)}, ${label(b.shard)})`));
      else if (a.shard && b.shard && a.shard.index === b.shard.index) errors.push(overlap(a, b, `both are ${label(a.shard)}`));
      else if (!a.shard !== !b.shard) errors.push(overlap(a, b, `${label(a.shard)} with ${label(b.shard)}`));
      else {
        const mine = new Set(a.sessions);
        const both = b.sessions.find((x) => mine.has(x));
        if (both !== undefined) errors.push(overlap(a, b, `both hold ${both}`));
      }
    }
  if (errors.length) return { errors };
  const given = parts.flatMap((p) => (p.shard ? [p.shard] : []));
  if (given.length === 0) return { errors };
  const count = given[0].count;
  const have = new Set(given.map((s) => s.index));
  const missing = Array.from({ length: count }, (_, i) => i + 1)
    .filter((i) => !have.has(i))
    .map((i) => `${i}/${count}`);
  if (missing.length === 0) return { errors };
  if (!allowPartial) return { errors: [diag("APP_MERGE_SHARDS_MISSING", { file: parts[0].dir }, { missing, count })] };
  return { errors, partial: { missing, count } };
}

async function readCheck(dir: string): Promise<CheckDocument | Diagnostic> {
  const read = await readSummaryJson(dir);
  if ("code" in read) return read;
  const { path, value: v } = read;
  if (!isObject(v) || v.kind !== "check" || v.schemaVersion !== 1)
    return diag("APP_REPORT_INVALID", { file: path }, { path, detail: "not a check summary.json (schemaVersion 1)" });
  const problem = contractProblem("check", v);
  if (problem) return diag("APP_REPORT_INVALID", { file: path }, { path, detail: `not a check summary.json by its schema: ${problem}` });
  return v as unknown as CheckDocument;
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const diagKey = (d: Diagnostic) => `${d.code}\u0000${d.file}\u0000${d.line ?? ""}\u0000${d.message}`;
const uniqueDiagnostics = (ds: Diagnostic[]) => [...new Map(ds.map((d) => [diagKey(d), d])).values()];

export interface CheckMerge {
  doc?: CheckDocument;
  /** Folders that could not be read: nothing is merged then (no partial report). */
  problems: Diagnostic[];
}

export async function mergeCheckReports(dirs: readonly string[], opts: { allowPartial?: boolean } = {}): Promise<CheckMerge> {
  const read = await Promise.all(dirs.map(readCheck));
  const problems = read.filter((r): r is Diagnostic => "code" in r);
  if (problems.length) return { problems };
  const parts = read as CheckDocument[];
  const set = shardSetProblems(
    parts.map((p, i) => ({
      dir: dirs[i],
      ...(p.shard && { shard: p.shard }),
      sessions: p.suites.flatMap((s) => s.sessions.map((x) => `${s.name}: ${x.path}`)),
    })),
    opts.allowPartial === true,
  );
  if (set.errors.length) return { problems: set.errors };
  // Every shard lists every suite of the config (in config order), with only its own sessions.
  const names: string[] = [];
  for (const p of parts) for (const s of p.suites) if (!names.includes(s.name)) names.push(s.name);
  const suites = names.map((name) => {
    const all = parts.flatMap((p) => p.suites.filter((s) => s.name === name));
    const sessions = [...new Map(all.flatMap((s) => s.sessions).map((x) => [x.path, x])).values()].sort((a, b) => cmp(a.path, b.path));
    const updated = [...new Set(all.flatMap((s) => s.updated))];
    return { name, sessions, updated };
  });
  // Regressions: by suite (config order), then session key (the unsharded run's order), each session's own
  // list kept as its shard wrote it (overlapping reports were refused above).
  const bySession = new Map<string, CheckDocument["regressions"]>();
  for (const p of parts) {
    const mine = new Map<string, CheckDocument["regressions"]>();
    for (const r of p.regressions) {
      const k = `${r.suite}\u0000${r.session}`;
      if (!mine.has(k)) mine.set(k, []);
      mine.get(k)?.push(r);
    }
    for (const [k, rs] of mine) if (!bySession.has(k)) bySession.set(k, rs);
  }
  const regressions = [...bySession.entries()]
    .sort(([a], [b]) => {
      const [sa, ka] = a.split("\u0000");
      const [sb, kb] = b.split("\u0000");
      return names.indexOf(sa) - names.indexOf(sb) || cmp(ka, kb);
    })
    .flatMap(([, rs]) => rs);
  const warning = set.partial ? diag("APP_MERGE_PARTIAL", { file: dirs[0] }, set.partial) : undefined;
  const doc: CheckDocument = {
    schemaVersion: 1,
    kind: "check",
    createdAt: parts.map((p) => p.createdAt).sort()[0] ?? new Date(0).toISOString(),
    config: parts[0]?.config ?? "",
    update: parts.some((p) => p.update),
    mergedFrom: [...dirs],
    ...(set.partial && { partial: { missing: set.partial.missing } }),
    suites,
    regressions,
    diagnostics: uniqueDiagnostics([...parts.flatMap((p) => p.diagnostics), ...(warning ? [warning] : [])]),
    sessionDiagnostics: uniqueDiagnostics(parts.flatMap((p) => p.sessionDiagnostics ?? [])),
  };
  return { doc, problems: [] };
}
