// Reads an audit report folder back (merge-reports): summary.json, and per input the files it names.
// An input of the current layout stays on disk: its compact part (verdict, findings, counts) comes from
// summary.json, its message bodies, turns, compactions and TTSR evidence from its detail file
// (sessions/<n>.js), read again (and re-escaped, redacted when asked) only when the merged report is
// written, one input at a time. Reports of the earlier layouts are read too: per-session pages with the
// data inline (sessions/<n>.html next to sessions/<n>.json) or whole sessions inline in summary.json.
import { fsReason } from "../../io/fs-reason.js";
import { exists, readText, readTextSync } from "../../io/text.js";
import { join } from "node:path";
import { dataOf, pageDataOf } from "../../report/html-session.js";
import { fullTurns } from "../../report/page-turns.js";
import { resolveRefs } from "../../report/layout.js";
import { AUDIT_SCHEMA_VERSION, type AuditResult, type AuditSession } from "../../audit/model.js";
import { redactDeep } from "../../report/redact.js";
import { HEAVY_KEYS, spilledSession, type SessionCounts, type SessionStore } from "../../audit/store.js";
import { diag, type Diagnostic } from "../../shared/diagnostics.js";
import { isObject, parseJson } from "../../shared/json.js";
import { contractProblem } from "../../schema/contract.js";

const invalid = (path: string, detail: string): Diagnostic => diag("APP_REPORT_INVALID", { file: path }, { path, detail });

/** A report folder's summary.json, parsed (any kind): its path and value, or why it cannot be read. */
export async function readSummaryJson(dir: string): Promise<{ path: string; value: unknown } | Diagnostic> {
  const path = join(dir, "summary.json");
  let text: string;
  try {
    text = await readText(path);
  } catch (e) {
    return diag("UNREADABLE_PATH", { file: path }, { path, reason: fsReason(e) });
  }
  const p = parseJson(text);
  return p.ok ? { path, value: p.value } : invalid(path, p.detail);
}

/** Inputs of one report folder, their heavy parts served from their data files. */
class ReportFolderStore implements SessionStore {
  private last: { key: string; redacted: boolean; value: AuditSession } | null = null;

  constructor(
    readonly dir: string,
    /** The folder's files are already redacted. */
    readonly redacted: boolean,
    private readonly files: Map<string, string>,
  ) {}

  load(key: string, redacted: boolean): AuditSession {
    const l = this.last;
    if (l && l.key === key && l.redacted === redacted) return l.value;
    const r = readSessionFile(this.dir, this.files.get(key)!);
    if (typeof r === "string") throw new Error(r);
    const d = r.value;
    const heavy: Record<string, unknown> = {};
    for (const k of HEAVY_KEYS) heavy[k] = d[k] ?? (k === "ttsr" ? undefined : []);
    // The detail file leaves out a message's nativeRole when it is its role, and empty reminders.
    if (Array.isArray(heavy.messages))
      heavy.messages = heavy.messages.map((m: Record<string, unknown>) =>
        isObject(m) ? { ...m, nativeRole: m.nativeRole ?? m.role, reminders: m.reminders ?? [] } : m,
      );
    const s = heavy as unknown as AuditSession;
    const value = redacted && !this.redacted ? redactDeep(s) : s;
    this.last = { key, redacted, value };
    return value;
  }

  // Nothing is copied from a shard: the merged folder's files are rendered again from the loaded parts,
  // so what a page loads is escaped (and redacted) by this run, whatever the shard's file held.
  piece(): undefined {
    return undefined;
  }
}

/** An input's detail file (or an earlier page), its session parsed; a string says why it cannot be read. */
function readSessionFile(dir: string, name: string): { value: Record<string, unknown> } | string {
  const page = name.endsWith(".html");
  if (!/^sessions\/\d+\.(js|html|json)$/.test(name) || !exists(join(dir, name))) return `${name} is missing`;
  const text = readTextSync(join(dir, name));
  const data = page ? pageDataOf(text) : name.endsWith(".js") ? dataOf(text) : text;
  const p = data === undefined ? undefined : parseJson(data);
  if (!p?.ok || !isObject(p.value)) return `${name} is not a sightline session ${page ? "page" : "file"}${p && !p.ok ? ` (${p.detail})` : ""}`;
  // Parsed again (its depth is checked now) without `__proto__` keys: none of sightline's own, and a merged
  // detail file is a script, where such a key in an object literal would set a prototype instead.
  const v = JSON.parse(data!, (k, x: unknown) => (k === "__proto__" ? undefined : x)) as Record<string, unknown>;
  if (page) return { value: v };
  if (v.kind !== "audit-session" || v.schemaVersion !== AUDIT_SCHEMA_VERSION || !isObject(v.session))
    return `${name} is not a sightline session file (schemaVersion 1)`;
  // The current layout's detail is checked against its contract schema; an earlier layout's is read as it is.
  const problem = name.endsWith(".js") ? contractProblem("audit-report-session", v) : "";
  if (problem) return `${name} is not a sightline session file by its schema: ${problem}`;
  // Its turns whole again (a detail file of the earlier layout has no turnTokens: read as it is).
  const { turnTokens, ...session } = v.session;
  fullTurns(session.turns, turnTokens);
  return { value: session };
}

/** Where an entry's heavy parts are: its detail file, or (earlier layout) its page; undefined: inline. */
function dataFileOf(s: Record<string, unknown>): string | undefined {
  if (!isObject(s.counts) || typeof s.detail !== "string") return undefined;
  return s.detail.endsWith(".json") && typeof s.page === "string" ? s.page : s.detail;
}

/** A folder's summary.json as a result whose sessions read their heavy parts from the folder. */
export async function readAuditReport(dir: string): Promise<AuditResult | Diagnostic> {
  const read = await readSummaryJson(dir);
  if ("code" in read) return read;
  const { path, value: v } = read;
  if (!isObject(v) || v.kind !== "audit" || v.schemaVersion !== AUDIT_SCHEMA_VERSION || !Array.isArray(v.sessions))
    return invalid(path, "not an audit summary.json (schemaVersion 1)");
  // The current layout (inputs naming sessions/<n>.js) is checked against its schema; the whole-sessions-inline
  // layout against the audit result's. The per-page layout in between is read as it is.
  const named = v.sessions.filter((s) => isObject(s) && typeof s.detail === "string") as Record<string, unknown>[];
  const layout = named.length === 0 ? "audit" : named.every((s) => (s.detail as string).endsWith(".js")) ? "audit-report-summary" : undefined;
  const problem = layout ? contractProblem(layout, v) : "";
  if (problem) return invalid(path, `not an audit summary.json by its schema: ${problem}`);
  const files = new Map<string, string>();
  const store = new ReportFolderStore(dir, isObject(v.options) && v.options.redacted === true, files);
  const sessions: AuditSession[] = [];
  for (const [i, raw] of (v.sessions as unknown[]).entries()) {
    if (!isObject(raw)) return invalid(path, `session ${i} is not an object`);
    const s = resolveRefs(raw);
    if (!s) return invalid(path, `session ${i}: a diagnostic reference is out of range`);
    const data = dataFileOf(s);
    if (data === undefined) {
      sessions.push(s as unknown as AuditSession);
      continue;
    }
    // Only files inside the folder's sessions/ are read, whatever summary.json names; each is checked now
    // (and the data file read again, one at a time, when the merged report is written).
    // An earlier layout's pair: the page holds the data, the .json file beside it is checked.
    for (const f of new Set([data, s.detail as string])) {
      const r = readSessionFile(dir, f);
      if (typeof r === "string") return invalid(path, `session ${i}: ${r}`);
    }
    const key = String(i);
    files.set(key, data);
    const { counts, detail: _d, page: _p, ...compact } = s;
    sessions.push(
      spilledSession(
        { key, keys: [...Object.keys(compact), ...HEAVY_KEYS], compact: compact as Partial<AuditSession>, counts: counts as SessionCounts },
        store,
      ),
    );
  }
  return { ...(v as unknown as AuditResult), sessions };
}
