// `sightline validate`: every input file classified by content and checked — sessions (schemas, invariants,
// loader verdict), rule files, capsules, settings and config files. Files run concurrently; results keep
// input order. Formats and the other kinds' checkers are loaded when a file needs them (formats/registry.ts,
// kinds.ts): on one large pi file, loading every format and the rule checker (≈ 0.1 s of CPU) would come
// before the other threads start.
import { fsReason } from "../../io/fs-reason.js";
import { readText } from "../../io/text.js";
import pLimit from "p-limit";
import { countBySeverity, diag, sortDiagnostics, type Diagnostic } from "../../shared/diagnostics.js";
import { expandInputs, type InputProblem } from "../../io/paths.js";
import { isStdin, STDIN_LABEL, readHead } from "../../io/read.js";
import { classify, type FileKind } from "../read/classify.js";
import { readSession } from "../read/read.js";
import { isSession, moduleOf, type ParsedSession } from "../../formats/registry.js";
import { readSessionParallel } from "./parallel.js";
import { dropEarly } from "./early.js";

export interface FileResult {
  path: string;
  kind: FileKind | "unreadable";
  format?: string | null;
  profile?: string;
  diagnostics: Diagnostic[];
}

export interface ValidateResult {
  files: FileResult[];
  skipped: Array<{ path: string; reason: string }>;
  /** Inputs that could not be read at all (exit code 2). */
  problems: InputProblem[];
}

export interface ValidateOptions {
  profile?: string;
  ttsrProfile?: "seed" | "v17" | "v18";
  concurrency?: number;
  /**
   * Threads for one large pi file (parallel.ts; default: the cores; 0 or 1: one). A file of 16 MiB and more is
   * read in ranges on every core, with the single-core findings (docs/performance.md, issue 21).
   */
  workers?: number;
  onProgress?: (done: number, total: number) => void;
}

async function validateOne(path: string, opts: ValidateOptions): Promise<FileResult | { skipped: string }> {
  if (isStdin(path)) return sessionResult(path, opts);
  let first: string;
  try {
    first = await readHead(path);
  } catch (e) {
    return { path, kind: "unreadable", diagnostics: [diag("UNREADABLE_PATH", { file: path }, { path, reason: fsReason(e) })] };
  }
  // JSON files are classified by their whole content, which is then validated without a second read.
  const whole = /\.json$/i.test(path) ? await readText(path).catch(() => undefined) : undefined;
  const c = classify(path, whole ?? first);
  if (c.kind === null) return { skipped: c.reason ?? "not validated" };
  if (c.kind === "session") return sessionResult(path, opts);
  const text = whole ?? (await readText(path));
  const { validateTextFile } = await import("./kinds.js");
  return { path, kind: c.kind, diagnostics: validateTextFile(c.kind, path, text, opts) };
}

/**
 * Every finding `sightline validate` reports for a session already read: schema and invariant findings, the
 * loader verdict (`loader: true`) and the checks of where the session came from (a yoi segment's lineage), sorted.
 */
export function validateSession(session: ParsedSession): Diagnostic[] {
  const origin = isSession(session) ? (moduleOf(session).originFindings?.(session) ?? []) : [];
  return sortDiagnostics([...session.diagnostics, ...origin]);
}

async function sessionResult(path: string, opts: ValidateOptions): Promise<FileResult> {
  // A large pi file is read on several threads (parallel.ts); anything else, or --workers 1, the usual way.
  const s = (await readSessionParallel(path, { profile: opts.profile, workers: opts.workers })) ?? (await readSession(path, { profile: opts.profile }));
  const label = isStdin(path) ? STDIN_LABEL : path;
  const r: FileResult = {
    path: label,
    kind: s.format === null && s.diagnostics.some((d) => d.code === "UNREADABLE_PATH") ? "unreadable" : "session",
    format: s.format,
    diagnostics: validateSession(s),
  };
  if (s.format !== null) r.profile = s.profile;
  return r;
}

export async function validatePaths(inputs: readonly string[], opts: ValidateOptions = {}): Promise<ValidateResult> {
  try {
    return await validateAll(inputs, opts);
  } finally {
    // Threads the command started for one large file (early.ts) that the reader did not take.
    await dropEarly();
  }
}

async function validateAll(inputs: readonly string[], opts: ValidateOptions): Promise<ValidateResult> {
  const { files, problems } = expandInputs(inputs);
  const limit = pLimit(opts.concurrency ?? 8);
  let done = 0;
  const results = await Promise.all(
    files.map((f) =>
      limit(async () => {
        const r = await validateOne(f, opts);
        opts.onProgress?.(++done, files.length);
        return [f, r] as const;
      }),
    ),
  );
  const out: ValidateResult = { files: [], skipped: [], problems };
  for (const [f, r] of results) {
    if ("skipped" in r) out.skipped.push({ path: f, reason: r.skipped });
    else out.files.push(r);
  }
  return out;
}

export function validateSummary(r: ValidateResult): { files: number; errors: number; warnings: number; infos: number } {
  const c = countBySeverity(r.files.flatMap((f) => f.diagnostics));
  return { files: r.files.length, errors: c.error, warnings: c.warning, infos: c.info };
}

/** The --json document (contract schema validate.json). */
export function validateDocument(r: ValidateResult) {
  return {
    schemaVersion: 1 as const,
    files: r.files,
    skipped: r.skipped,
    problems: r.problems,
    summary: validateSummary(r),
  };
}
