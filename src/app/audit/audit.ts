// `sightline audit`: expand inputs, take this shard's part, audit every file (concurrently; CPU work in a
// worker pool sized to the cores), keep input order, and assemble the canonical result. Each finished
// session is spilled to a temporary folder at once (spill.ts), its digest too, and only its kind and status
// stay in memory, so the run's memory follows the largest session, not the corpus; the result's sessions
// read the rest back on access, and the report writer streams the ready-made pieces.
import { AUDIT_SCHEMA_VERSION, type AuditResult, type AuditSession, type FailOn } from "../../audit/model.js";

export type { AuditResult, AuditSession, FailOn };
export { auditWorkerLimits } from "./limits.js";
import { unreadableSession } from "./session.js";
import { summarize } from "../../audit/summary.js";
import { diag, type Diagnostic } from "../../shared/diagnostics.js";
import { expandInputs } from "../../io/paths.js";
import { isStdin } from "../../io/read.js";
import { digestInterner, spilledSession, spillOf, type SessionDigest } from "../../audit/store.js";
import type { AuditFileOptions, AuditFileResult } from "./file.js";
import { FileSessionStore, spillSession } from "./spill.js";
import { makeSpillDir } from "../../io/spill.js";
import { defaultPoolSize, PoolTimeout, WorkerPool, workerScript } from "../workers/pool.js";
import { shardFiles, type Shard } from "../report-folder/shard.js";
import { largestFirst, runOrdered, unitsLargestFirst } from "../workers/schedule.js";
import { isYoiSegmentName } from "../../formats/yoi/segment-name.js";
import { basename, dirname } from "node:path";
import { fileSize } from "../../io/stat.js";
import type { ResourceLimits } from "node:worker_threads";
import { limitsForSizes } from "./limits.js";
import { adoptAuditEarly, dropAuditEarly, takeEarlyListing } from "./early.js";
import { exactCounter } from "../../context/tokens-exact.js";
import { shownPath } from "../shown-path.js";

export interface AuditOptions extends AuditFileOptions {
  paths: string[];
  failOn?: FailOn;
  shard?: Shard;
  /** Worker threads: undefined = one per core (when built JS exists), 0 = in-process. */
  workers?: number;
  /** Folder to create the temporary spill folder in (default: the OS temp folder); e.g. the run folder. */
  spillRoot?: string;
  /**
   * Keep every full session so the result's sessions can read their messages, turns and compactions (default
   * true). false: only the report pieces are kept (faster; enough to write the report folder, redacted).
   */
  keepSessions?: boolean;
  /** Per-file time budget in a worker (ms); 0 = none. */
  timeoutMs?: number;
  onProgress?: (done: number, total: number, path: string) => void;
  /** Clock and version, injectable for reproducible output. */
  now?: () => Date;
  version?: string;
}

export interface AuditRun {
  result: AuditResult;
  /** Inputs that could not be read at all (exit code 2, docs/product.md §4). */
  unreadableInputs: number;
}

export const DEFAULT_TIMEOUT_MS = 120_000;

/**
 * Files that may continue one another share a key: a yoi session folder's segments (a compacted or forked
 * segment names an earlier one of its folder as its origin). Other formats' files are each their own unit.
 */
const continuationKey = (path: string): string | undefined => (!isStdin(path) && isYoiSegmentName(basename(path)) ? dirname(path) : undefined);

/** A worker died for want of heap under its cap (not a bug of the file's audit). */
const outOfMemory = (e: unknown): boolean => (e as { code?: unknown } | null)?.code === "ERR_WORKER_OUT_OF_MEMORY";

/** One file for a pool worker: its path and the key its session is spilled under. */
export interface AuditTask {
  path: string;
  key: string;
}
export type AuditTaskResult = { digest: SessionDigest } | { skipped: string };

/**
 * Test hooks: `onSession` sees every full session built in this thread (in-process audits), before it is
 * spilled; `workerLimits` replaces the pool's resource limits (to make a worker run out of heap).
 */
export const auditProbe: { onSession?: (s: AuditSession) => void; workerLimits?: ResourceLimits } = {};

/**
 * Frees an audit result's temporary spill folder now (otherwise: when the result is garbage-collected or
 * the process exits). The result's sessions cannot read their fields afterwards, only their kind and status.
 */
export function releaseAudit(result: AuditResult): void {
  for (const s of result.sessions) (spillOf(s)?.store as FileSessionStore | undefined)?.dispose();
}

/** auditFile with the run's options and TTSR replay, its modules loaded on first use. */
async function loadAuditInThread(o: AuditFileOptions): Promise<(f: string) => Promise<AuditFileResult>> {
  const [{ auditFile }, ttsr] = await Promise.all([import("./file.js"), o.rules?.length ? import("./ttsr.js") : undefined]);
  const hook = ttsr?.ttsrHookFor(o);
  return (f) => auditFile(f, o, hook);
}

export async function runAudit(opts: AuditOptions): Promise<AuditRun> {
  // A missing optional tokenizer is refused once, before any work, rather than failing every session in a worker.
  if (opts.tokens === "exact") await exactCounter();
  const createdAt = (opts.now?.() ?? new Date()).toISOString();
  // The launcher may have listed these inputs already, to start the pool's workers early (early.ts).
  const listed = opts.shard ? undefined : takeEarlyListing(opts.paths);
  const { files: all, problems } = listed?.inputs ?? expandInputs(opts.paths);
  const files = shardFiles(all, opts.shard);
  const runDiagnostics: Diagnostic[] = problems.map((p) => diag("APP_INPUT_PROBLEM", { file: p.input }, { input: p.input, reason: p.reason }));
  const fileOpts: AuditFileOptions = {
    profile: opts.profile,
    ttsrProfile: opts.ttsrProfile,
    tokens: opts.tokens,
    rules: opts.rules,
    settings: opts.settings,
    chunking: opts.chunking,
    cwd: opts.cwd,
    home: opts.home,
    agent: opts.agent,
    verdicts: opts.verdicts,
  };
  // Rule-folder and settings findings belong to the run, not to each session.
  // Rule files are shown as ttsr run shows them: relative to the current folder when inside it.
  if (opts.rules?.length) {
    const { loadTtsrSetup } = await import("./ttsr.js");
    runDiagnostics.push(...loadTtsrSetup(fileOpts).diagnostics.map((d) => ({ ...d, file: shownPath(d.file) })));
  }

  const script = opts.workers === 0 ? null : workerScript("audit/worker.js");
  const size = opts.workers ?? defaultPoolSize(files.length);
  const spillDir = makeSpillDir(opts.spillRoot);
  const keepFull = opts.keepSessions !== false;
  const store = new FileSessionStore(spillDir);
  const sizes = listed?.sizes ?? files.map((f) => (isStdin(f) ? 0 : fileSize(f)));
  const limits = auditProbe.workerLimits ?? limitsForSizes(sizes);
  // Workers the launcher started for this pool are adopted only if they are exactly what it would start.
  const pool =
    script && files.length > 0 && size > 0
      ? new WorkerPool<AuditTask[], AuditTaskResult[]>(
          script,
          size,
          { opts: fileOpts, spillDir, keepFull },
          opts.timeoutMs ?? DEFAULT_TIMEOUT_MS,
          limits,
          adoptAuditEarly(script, size, limits),
        )
      : null;
  if (!pool) dropAuditEarly();
  // The in-thread audit (formats, context, TTSR: most of the code) is loaded only when a file is audited here:
  // with a pool, this thread only feeds the workers and keeps digests (docs/performance.md).
  let here: Promise<(f: string) => Promise<AuditFileResult>> | undefined;
  const auditInThread = () => (here ??= loadAuditInThread(fileOpts));
  if (!pool) await auditInThread();
  let done = 0;
  const intern = digestInterner();
  const auditHere = async (f: string, key: string): Promise<AuditTaskResult> => {
    const r = await (await auditInThread())(f);
    if (!("entry" in r)) return r;
    auditProbe.onSession?.(r.entry);
    return { digest: spillSession(spillDir, key, r.entry, keepFull) };
  };
  // One slot per input, filled as files finish (in any order): outputs keep input order.
  const results = new Array<{ entry: AuditSession } | { skipped: string }>(files.length);
  const keyOf = (i: number) => String(i).padStart(6, "0");
  const record = (i: number, t: AuditTaskResult): void => {
    if ("digest" in t) store.add(t.digest);
    results[i] = "digest" in t ? { entry: spilledSession(intern(t.digest), store) } : t;
  };
  const failed = (i: number, e: unknown): void => {
    const d =
      e instanceof PoolTimeout
        ? diag("APP_AUDIT_TIMEOUT", { file: files[i] }, { ms: opts.timeoutMs ?? DEFAULT_TIMEOUT_MS })
        : diag("APP_AUDIT_WORKER_FAILED", { file: files[i] }, { detail: e instanceof Error ? e.message : String(e) });
    results[i] = { entry: unreadableSession(files[i], [d]) };
  };
  const auditOne = async (i: number): Promise<void> => {
    const f = files[i];
    const key = keyOf(i);
    try {
      // Standard input belongs to this thread: "-" is read here, never in a worker.
      // A worker out of heap under its cap (auditWorkerLimits) leaves the file to this thread.
      const inWorker = (task: AuditTask) =>
        pool!.run([task]).then(
          (r) => r[0],
          (e: unknown) => (outOfMemory(e) ? auditHere(f, key) : Promise.reject(e)),
        );
      record(i, pool && !isStdin(f) ? await inWorker({ path: f, key }) : await auditHere(f, key));
    } catch (e) {
      failed(i, e);
    }
    opts.onProgress?.(++done, files.length, f);
  };
  // A unit of several files (a session folder's segments) goes to one worker in one message. If it fails in
  // any way (a timeout, a worker out of heap or gone), each of its files is audited again on its own, as if it
  // had never been grouped: the results are those of files audited one by one.
  const auditUnit = async (unit: number[]): Promise<void> => {
    if (unit.length === 1 || !pool) {
      for (const i of unit) await auditOne(i);
      return;
    }
    let r: AuditTaskResult[];
    try {
      r = await pool.run(
        unit.map((i) => ({ path: files[i], key: keyOf(i) })),
        unit.length,
      );
    } catch {
      for (const i of unit) await auditOne(i);
      return;
    }
    unit.forEach((i, k) => {
      record(i, r[k]);
      opts.onProgress?.(++done, files.length, files[i]);
    });
  };
  try {
    // Largest units first (schedule.ts); at most twice the pool's size in flight (open handles, queued
    // results), taken in turn, so nothing per file waits in memory before its turn. A session folder's yoi
    // segments form one unit (read.ts reuses each parse as the next segment's origin) only with a pool.
    const units = pool ? unitsLargestFirst(sizes, files.map(continuationKey)) : largestFirst(sizes).map((i) => [i]);
    await runOrdered(
      units.map((_, u) => u),
      Math.max(2, size * 2),
      (u) => auditUnit(units[u]),
    );
    const sessions: AuditSession[] = [];
    const skipped: AuditResult["skipped"] = [];
    results.forEach((r, i) => {
      "entry" in r ? sessions.push(r.entry) : skipped.push({ path: files[i], reason: r.skipped });
    });
    const failOn = opts.failOn ?? "error";
    const result: AuditResult = {
      schemaVersion: AUDIT_SCHEMA_VERSION,
      kind: "audit",
      tool: { name: "sightline", version: opts.version ?? "0.0.0" },
      createdAt,
      options: { paths: [...opts.paths], rules: [...(opts.rules ?? [])], failOn, redacted: false },
      summary: summarize(sessions, runDiagnostics, skipped.length),
      diagnostics: runDiagnostics,
      sessions,
      skipped,
    };
    if (opts.settings !== undefined) result.options.settings = opts.settings;
    if (opts.shard) result.options.shard = opts.shard;
    // A file that exists but cannot be opened is unreadable input too (exit 2), unlike a broken one (1).
    const unopened = sessions.filter((s) => s.kind === "unreadable" && s.diagnostics.some((d) => d.code === "UNREADABLE_PATH")).length;
    return { result, unreadableInputs: problems.length + unopened };
  } finally {
    await pool?.close();
  }
}
