// The files of `sightline check`: the config (validated against its published schema), expectations,
// goldens and the baseline. Reads never throw (findings are diagnostics); writes are atomic.
import { fsReason, MISSING } from "../../io/fs-reason.js";
import { listDirSync, readTextSync, removeFile } from "../../io/text.js";
import { basename, dirname, join } from "node:path";
import configSchema from "../../schema/json/config/sightline.config.json" with { type: "json" };
import expectationsSchema from "../../schema/json/config/expectations.json" with { type: "json" };
import baselineSchema from "../../schema/json/config/baseline.json" with { type: "json" };
import { check } from "../../schema/ajv.js";
import { EXPECTATIONS_SCHEMA_VERSION, expectedTurn, type ActualTurn, type BaselineEntry, type Expectations } from "../../audit/expectations.js";
import { diag, type Diagnostic } from "../../shared/diagnostics.js";
import { isObject, parseJson } from "../../shared/json.js";
import { writeFileAtomic } from "../../io/atomic.js";
import { appendText } from "../../io/append.js";
import type { CheckDocument } from "../../audit/expectations.js";
import { checkJunit, checkMarkdown } from "../../report/check-report.js";
import { redactDeep } from "../../report/redact.js";

export interface SuiteConfig {
  name: string;
  sessions: string | string[];
  rules?: string | string[];
  settings?: string;
  profile?: string;
  ttsrProfile?: "seed" | "v17" | "v18";
  chunking?: string;
  cwd?: string;
  home?: string;
  expectations: string;
  baseline?: string;
}

export interface CheckConfig {
  suites: SuiteConfig[];
}

function readJson(path: string): { value?: unknown; error?: string } {
  let text: string;
  try {
    text = readTextSync(path);
  } catch (e) {
    return { error: fsReason(e) };
  }
  const p = parseJson(text);
  return p.ok ? { value: p.value } : { error: `invalid JSON: ${p.detail}` };
}

/** Findings of a parsed sightline.config.json: its schema, then unique suite names (for `validate` too). */
export function configDiagnostics(value: unknown, path: string): Diagnostic[] {
  const issues = check(configSchema, value);
  if (issues.length) return issues.map((i) => diag("APP_CONFIG_INVALID", { file: path, pointer: i.pointer }, { pointer: i.pointer, detail: i.detail }));
  const names = (value as CheckConfig).suites.map((s) => s.name);
  const dup = names.find((n, i) => names.indexOf(n) !== i);
  return dup ? [diag("APP_CONFIG_INVALID", { file: path, pointer: "/suites" }, { pointer: "/suites", detail: `suite name "${dup}" is used twice` })] : [];
}

export function readConfig(path: string): { config?: CheckConfig; diagnostics: Diagnostic[] } {
  const r = readJson(path);
  if (r.error !== undefined) return { diagnostics: [diag("APP_CONFIG_INVALID", { file: path }, { pointer: "", detail: r.error })] };
  const diagnostics = configDiagnostics(r.value, path);
  return diagnostics.length ? { diagnostics } : { config: r.value as CheckConfig, diagnostics };
}

export function readExpectations(path: string, suite: string): { expectations?: Expectations; diagnostics: Diagnostic[]; outdated?: boolean } {
  const r = readJson(path);
  if (r.error === MISSING) return { diagnostics: [diag("APP_EXPECTATIONS_MISSING", { file: path }, { suite, path })] };
  if (r.error !== undefined) return { diagnostics: [diag("APP_EXPECTATIONS_INVALID", { file: path }, { path, detail: r.error })] };
  // Expectations of an earlier sightline (schemaVersion 1: full contexts in goldens): --update rewrites them.
  if (isObject(r.value) && r.value.schemaVersion === 1)
    return {
      outdated: true,
      diagnostics: [
        diag("APP_EXPECTATIONS_INVALID", { file: path }, { path, detail: "written by an earlier sightline (schemaVersion 1); option `update` rewrites it" }),
      ],
    };
  const issues = check(expectationsSchema, r.value);
  if (issues.length)
    return {
      diagnostics: issues.map((i) =>
        diag("APP_EXPECTATIONS_INVALID", { file: path, pointer: i.pointer }, { path, detail: `${i.pointer || "/"}: ${i.detail}` }),
      ),
    };
  return { expectations: r.value as Expectations, diagnostics: [] };
}

export function readBaseline(path: string): { entries: BaselineEntry[]; diagnostics: Diagnostic[] } {
  const r = readJson(path);
  // A baseline that does not exist yet declares nothing (--update creates it).
  if (r.error === MISSING) return { entries: [], diagnostics: [] };
  if (r.error !== undefined) return { entries: [], diagnostics: [diag("APP_EXPECTATIONS_INVALID", { file: path }, { path, detail: r.error })] };
  const issues = check(baselineSchema, r.value);
  if (issues.length)
    return {
      entries: [],
      diagnostics: issues.map((i) =>
        diag("APP_EXPECTATIONS_INVALID", { file: path, pointer: i.pointer }, { path, detail: `${i.pointer || "/"}: ${i.detail}` }),
      ),
    };
  return { entries: (r.value as { disagreements: BaselineEntry[] }).disagreements, diagnostics: [] };
}

export function readGolden(path: string): string | null {
  try {
    return readTextSync(path);
  } catch {
    return null;
  }
}

/** Where an earlier sightline kept full contexts (<name>.goldens/<session>/turn-0003.txt): removed by --update. */
const goldenDir = (expectationsPath: string) => join(dirname(expectationsPath), `${basename(expectationsPath).replace(/\.json$/i, "")}.goldens`);

function removeGoldens(expectationsPath: string): void {
  const gdir = goldenDir(expectationsPath);
  const list = (d: string): string[] => {
    try {
      return listDirSync(d);
    } catch {
      return [];
    }
  };
  for (const s of list(gdir)) for (const n of list(join(gdir, s))) if (/^turn-\d+\.txt$/.test(n)) removeFile(join(gdir, s, n));
}

/** The expectations as committed: one line per turn, so a pull request shows which turns changed and how. */
export function expectationsText(e: Expectations): string {
  const sessions = Object.entries(e.sessions).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const body = sessions.map(
    ([key, s]) => `    ${JSON.stringify(key)}: {\n      "turns": [\n${s.turns.map((t) => `        ${JSON.stringify(t)}`).join(",\n")}\n      ]\n    }`,
  );
  return `{\n  "schemaVersion": ${EXPECTATIONS_SCHEMA_VERSION},\n  "suite": ${JSON.stringify(e.suite)},\n  "sessions": {${body.length ? `\n${body.join(",\n")}\n  ` : ""}}\n}\n`;
}

/** Rewrites expectations and (when configured) the baseline; returns the files written. */
export async function writeSuiteFiles(
  expectationsPath: string,
  baselinePath: string | undefined,
  next: Expectations,
  current: ReadonlyMap<string, ActualTurn[]>,
  baseline: readonly BaselineEntry[],
): Promise<string[]> {
  const written: string[] = [];
  for (const [key, turns] of current) next.sessions[key] = { turns: turns.map(expectedTurn) };
  removeGoldens(expectationsPath);
  const text = expectationsText(next);
  if (readGolden(expectationsPath) !== text) {
    await writeFileAtomic(expectationsPath, text);
    written.push(expectationsPath);
  }
  if (baselinePath) {
    const reasons = new Map(baseline.map((b) => [`${b.session}\u0000${b.responseId}`, b.reason]));
    const entries: BaselineEntry[] = [];
    for (const [key, turns] of current)
      for (const t of turns)
        if (t.ttsr?.agree === false)
          entries.push({
            session: key,
            responseId: t.responseId,
            reason:
              reasons.get(`${key}\u0000${t.responseId}`) ?? "recorded by an update run (option `update`): review why the replay disagrees with the recording",
          });
    // Entries of sessions outside this run (other shards) stay as they were.
    const others = baseline.filter((b) => !current.has(b.session));
    const text = `${JSON.stringify({ disagreements: [...others, ...entries] }, null, 2)}\n`;
    if (readGolden(baselinePath) !== text) {
      await writeFileAtomic(baselinePath, text);
      written.push(baselinePath);
    }
  }
  return written;
}

/**
 * A check report folder: summary.md, junit.xml, then summary.json (its presence means "complete", as for
 * audit), redacted unless opted out. With `stepSummary` (a CI job summary file) the Markdown is appended there.
 */
export async function writeCheckReport(dir: string, doc: CheckDocument, opts: { redact: boolean; stepSummary?: string }): Promise<string[]> {
  const shared = opts.redact ? redactDeep(doc) : doc;
  const md = checkMarkdown(shared);
  const files: [string, string][] = [
    ["summary.md", md],
    ["junit.xml", checkJunit(shared)],
    ["summary.json", `${JSON.stringify(shared, null, 2)}\n`],
  ];
  for (const [name, text] of files) await writeFileAtomic(join(dir, name), text);
  if (opts.stepSummary) appendText(opts.stepSummary, md);
  return files.map(([name]) => join(dir, name));
}
