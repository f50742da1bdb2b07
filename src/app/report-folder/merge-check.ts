// merge-reports for check runs and the checks every merge makes first: which kind of report each folder
// holds (audit or check, from the head of its summary.json), and which shards of an i/n split are missing.
// The merged check document is what one unsharded `check` run writes: suites in config order, sessions
// and regressions in the order the unsharded run meets them, each session once.
import { fsReason } from "../../io/fs-reason.js";
import { readText } from "../../io/text.js";
import { contractProblem } from "../../schema/contract.js";
import { join } from "node:path";
import { readHead } from "../../io/read.js";
import type { CheckDocument } from "../../audit/expectations.js";
import { diag, type Diagnostic } from "../../shared/diagnostics.js";
import { isObject, parseJson } from "../../shared/json.js";

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

/** A warning when the reports name an i/n split and some of its shards are not among them. */
export function missingShards(shards: readonly ({ index: number; count: number } | undefined)[], dirs: readonly string[]): Diagnostic | undefined {
  const given = shards.filter((s): s is { index: number; count: number } => s !== undefined);
  if (given.length === 0) return undefined;
  const count = Math.max(...given.map((s) => s.count));
  const have = new Set(given.filter((s) => s.count === count).map((s) => s.index));
  const missing = Array.from({ length: count }, (_, i) => i + 1).filter((i) => !have.has(i));
  const mixed = given.some((s) => s.count !== count);
  if (missing.length === 0 && !mixed) return undefined;
  return diag("APP_MERGE_SHARDS_MISSING", { file: dirs[0] ?? "." }, { missing: missing.map((i) => `${i}/${count}`), count, mixed });
}

async function readCheck(dir: string): Promise<CheckDocument | Diagnostic> {
  const path = join(dir, "summary.json");
  let text: string;
  try {
    text = await readText(path);
  } catch (e) {
    return diag("UNREADABLE_PATH", { file: path }, { path, reason: fsReason(e) });
  }
  const p = parseJson(text);
  if (!p.ok) return diag("APP_REPORT_INVALID", { file: path }, { path, detail: p.detail });
  const v = p.value;
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

export async function mergeCheckReports(dirs: readonly string[]): Promise<CheckMerge> {
  const read = await Promise.all(dirs.map(readCheck));
  const problems = read.filter((r): r is Diagnostic => "code" in r);
  if (problems.length) return { problems };
  const parts = read as CheckDocument[];
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
  // list kept as its shard wrote it. A session checked by two overlapping reports counts once.
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
  const warning = missingShards(
    parts.map((p) => p.shard),
    dirs,
  );
  const doc: CheckDocument = {
    schemaVersion: 1,
    kind: "check",
    createdAt: parts.map((p) => p.createdAt).sort()[0] ?? new Date(0).toISOString(),
    config: parts[0]?.config ?? "",
    update: parts.some((p) => p.update),
    mergedFrom: [...dirs],
    suites,
    regressions,
    diagnostics: uniqueDiagnostics([...parts.flatMap((p) => p.diagnostics), ...(warning ? [warning] : [])]),
    sessionDiagnostics: uniqueDiagnostics(parts.flatMap((p) => p.sessionDiagnostics ?? [])),
  };
  return { doc, problems: [] };
}
