// The report folder's layout, each fact stored once:
//   summary.json        the run and, per input, its verdict, findings (diagnostics once; the loader verdict and
//                       the checks name theirs by index) and counts, and where its detail is;
//   sessions/<n>.js     input n's detail (schema audit/report-session.json): message bodies, turns with
//                       tokens, compactions, TTSR evidence, checks and its first findings in short, as JSON
//                       inside one call, so the viewer loads it with a <script src> (a page opened from disk
//                       may run a script of its folder but not fetch a JSON file);
//   sessions/session.html  the one viewer page of every input (#s=<n>), with its script and style.
// Every message body is stored once, in its input's detail, so the folder stays smaller than its input; the
// full canonical result (raw blocks, every finding in each place it applies) is what `audit --json` prints.
import type { Diagnostic } from "../shared/diagnostics.js";
import type { AuditCheck, AuditSession } from "../audit/model.js";
import { countsOf, HEAVY_KEYS, type SessionCounts } from "../audit/store.js";

export const SESSIONS_DIR = "sessions";
/** The viewer page, relative to the sessions folder. */
export const VIEWER = "session.html";

/** The files of the i-th input (0-based), relative to the report folder: its detail and where the viewer shows it. */
export const sessionFiles = (i: number): { detail: string; page: string } => ({
  detail: `${SESSIONS_DIR}/${i + 1}.js`,
  page: `${SESSIONS_DIR}/${VIEWER}#s=${i + 1}`,
});

/** A check or loader verdict in summary.json: its diagnostics as indices into the entry's diagnostics. */
type WithRefs<T> = Omit<T, "diagnostics"> & { diagnosticRefs?: number[]; diagnostics?: Diagnostic[] };

/** An input's element of summary.json: verdict, findings and counts, and where its files are. */
export type SummaryEntry = Record<string, unknown> & { counts: SessionCounts; detail: string; page: string };

const HEAVY = new Set<string>(HEAVY_KEYS);

/**
 * `list` (a subset of `all`) as indices into `all`: by identity, else by equal JSON (redaction copies). Undefined
 * when one is not in `all` (then the list is kept as it is).
 */
function refsInto(list: readonly Diagnostic[], all: readonly Diagnostic[], json: () => Map<string, number>): number[] | undefined {
  const out: number[] = [];
  for (const d of list) {
    let i = all.indexOf(d);
    if (i < 0) i = json().get(JSON.stringify(d)) ?? -1;
    if (i < 0) return undefined;
    out.push(i);
  }
  return out;
}

/** `o` with its `diagnostics` replaced, in place (key order kept), by `diagnosticRefs` when they all resolve. */
function withRefs<T extends { diagnostics?: Diagnostic[] }>(o: T, all: readonly Diagnostic[], json: () => Map<string, number>): WithRefs<T> | T {
  if (!o.diagnostics) return o;
  const refs = refsInto(o.diagnostics, all, json);
  if (!refs) return o;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(o)) out[k === "diagnostics" ? "diagnosticRefs" : k] = k === "diagnostics" ? refs : v;
  return out as WithRefs<T>;
}

/** summary.json's element for the i-th input: every finding once, the heavy parts left to its files. */
export function summaryEntry(s: AuditSession, i: number): SummaryEntry {
  const out: Record<string, unknown> = {};
  let byJson: Map<string, number> | undefined;
  const json = () => (byJson ??= new Map(s.diagnostics.map((d, j) => [JSON.stringify(d), j])));
  for (const k of Object.keys(s)) {
    if (HEAVY.has(k)) continue;
    if (k === "loader") out.loader = withRefs(s.loader, s.diagnostics, json);
    else if (k === "checks") out.checks = s.checks.map((c) => withRefs<AuditCheck>(c, s.diagnostics, json));
    else out[k] = (s as unknown as Record<string, unknown>)[k];
  }
  return { ...out, counts: countsOf(s), ...sessionFiles(i) };
}

/** A summary.json element's loader and checks with their diagnostics back (undefined: a reference is out of range). */
export function resolveRefs(e: Record<string, unknown>): Record<string, unknown> | undefined {
  const all = Array.isArray(e.diagnostics) ? (e.diagnostics as Diagnostic[]) : [];
  let bad = false;
  const back = (o: unknown): unknown => {
    if (!o || typeof o !== "object" || !Array.isArray((o as { diagnosticRefs?: unknown }).diagnosticRefs)) return o;
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(o)) {
      if (k !== "diagnosticRefs") out[k] = v;
      else
        out.diagnostics = (v as unknown[]).map((j) => {
          if (typeof j !== "number" || !Number.isInteger(j) || j < 0 || j >= all.length) bad = true;
          return all[j as number];
        });
    }
    return out;
  };
  const out = { ...e, loader: back(e.loader), ...(Array.isArray(e.checks) ? { checks: e.checks.map(back) } : {}) };
  return bad ? undefined : out;
}

/**
 * The folder every session path starts with ("" when they share none), so pages can show paths relative
 * to the audited folder. Whole path segments only; a single session keeps its file name.
 */
export function commonRoot(paths: readonly string[]): string {
  if (!paths.length) return "";
  let parts = paths[0].split("/").slice(0, -1);
  for (const p of paths.slice(1)) {
    const q = p.split("/").slice(0, -1);
    let n = 0;
    while (n < parts.length && n < q.length && parts[n] === q[n]) n++;
    parts = parts.slice(0, n);
  }
  return parts.length ? `${parts.join("/")}/` : "";
}

export const relativeTo = (root: string, path: string): string => (root && path.startsWith(root) ? path.slice(root.length) : path);
