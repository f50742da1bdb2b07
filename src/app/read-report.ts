// Reads an audit report folder back (merge-reports): summary.json, and per session the files it names.
// A session of the current layout stays on disk: its compact part comes from summary.json, its detail and
// page data are read (and re-escaped, redacted when asked) only when the merged report is written, one
// session at a time. A summary.json of the earlier layout (whole sessions inline) is read as it is.
import { exists, readText, readTextSync } from "../io/text.js";
import { join } from "node:path";
import type { Msg } from "../formats/types.js";
import { jsonForScript } from "../report/escape.js";
import { pageDataOf } from "../report/html-session.js";
import type { SessionDetailDoc } from "../report/layout.js";
import { AUDIT_SCHEMA_VERSION, type AuditResult, type AuditSession } from "../context/audit-model.js";
import { redactDeep } from "../report/redact.js";
import { HEAVY_KEYS, spilledSession, type SessionCounts, type SessionStore } from "../context/audit-store.js";
import { diag, type Diagnostic } from "../shared/diagnostics.js";
import { isObject, parseJson } from "../shared/json.js";
import { contractProblem } from "../schema/contract.js";

const invalid = (path: string, detail: string): Diagnostic => diag("APP_REPORT_INVALID", { file: path }, { path, detail });

/** Sessions of one report folder, served from its files. */
class ReportFolderStore implements SessionStore {
  constructor(
    readonly dir: string,
    /** The folder's files are already redacted. */
    readonly redacted: boolean,
    private readonly files: Map<string, { detail: string; page: string }>,
  ) {}

  private json(key: string, kind: "detail" | "page"): unknown {
    const f = this.files.get(key)!;
    const r = readSessionFile(this.dir, f[kind]);
    if (typeof r === "string") throw new Error(r);
    return r.value;
  }

  load(key: string, redacted: boolean): AuditSession {
    const detail = (this.json(key, "detail") as SessionDetailDoc).session;
    const page = this.json(key, "page") as { prompts: string[]; messages: Msg[] };
    const s = { ...detail, prompts: page.prompts, messages: page.messages } as unknown as AuditSession;
    return redacted && !this.redacted ? redactDeep(s) : s;
  }

  piece(key: string, kind: "detail" | "page", redacted: boolean): Uint8Array {
    let v = this.json(key, kind);
    if (redacted && !this.redacted) v = redactDeep(v);
    // Re-serialised, never copied: what a page embeds is escaped by this run, whatever the file held.
    return Buffer.from(kind === "page" ? jsonForScript(v) : `${JSON.stringify(v)}\n`, "utf8");
  }
}

/** A session's detail file or the data of its page, parsed; a string says why it cannot be read. */
function readSessionFile(dir: string, name: string): { value: unknown } | string {
  const page = name.endsWith(".html");
  if (!/^sessions\/\d+\.(json|html)$/.test(name) || !exists(join(dir, name))) return `${name} is missing`;
  const text = readTextSync(join(dir, name));
  const data = page ? pageDataOf(text) : text;
  const p = data === undefined ? undefined : parseJson(data);
  if (!p?.ok) return `${name} is not a sightline session ${page ? "page" : "file"}${p && !p.ok ? ` (${p.detail})` : ""}`;
  if (!page && (!isObject(p.value) || p.value.kind !== "audit-session" || p.value.schemaVersion !== AUDIT_SCHEMA_VERSION || !isObject(p.value.session)))
    return `${name} is not a sightline session file (schemaVersion 1)`;
  if (page && !isObject(p.value)) return `${name} is not a sightline session page`;
  const problem = page ? "" : contractProblem("audit-report-session", p.value);
  if (problem) return `${name} is not a sightline session file by its schema: ${problem}`;
  return { value: p.value };
}

const isEntry = (s: Record<string, unknown>): s is Record<string, unknown> & { detail: string; page: string; counts: SessionCounts } =>
  typeof s.detail === "string" && typeof s.page === "string" && isObject(s.counts);

/** A folder's summary.json as a result whose sessions read their heavy parts from the folder. */
export async function readAuditReport(dir: string): Promise<AuditResult | Diagnostic> {
  const path = join(dir, "summary.json");
  let text: string;
  try {
    text = await readText(path);
  } catch (e) {
    return invalid(path, (e as NodeJS.ErrnoException).code ?? (e as Error).message);
  }
  const p = parseJson(text);
  if (!p.ok) return invalid(path, p.detail);
  const v = p.value;
  if (!isObject(v) || v.kind !== "audit" || v.schemaVersion !== AUDIT_SCHEMA_VERSION || !Array.isArray(v.sessions))
    return invalid(path, "not an audit summary.json (schemaVersion 1)");
  // The current layout (sessions naming their files) or the earlier one (whole sessions inline), each by its schema.
  const layout = v.sessions.some((s) => isObject(s) && "detail" in s) ? "audit-report-summary" : "audit";
  const problem = contractProblem(layout, v);
  if (problem) return invalid(path, `not an audit summary.json by its schema: ${problem}`);
  const files = new Map<string, { detail: string; page: string }>();
  const store = new ReportFolderStore(dir, isObject(v.options) && v.options.redacted === true, files);
  const sessions: AuditSession[] = [];
  for (const [i, s] of (v.sessions as unknown[]).entries()) {
    if (!isObject(s)) return invalid(path, `session ${i} is not an object`);
    if (!isEntry(s)) {
      sessions.push(s as unknown as AuditSession);
      continue;
    }
    // Only files inside the folder's sessions/ are read, whatever summary.json names; each is checked now
    // (and read again, one at a time, when the merged report is written).
    for (const f of [s.detail, s.page]) {
      const r = readSessionFile(dir, f);
      if (typeof r === "string") return invalid(path, `session ${i}: ${r}`);
    }
    const key = String(i);
    files.set(key, { detail: s.detail, page: s.page });
    const { counts, detail: _d, page: _p, ...compact } = s;
    sessions.push(spilledSession({ key, keys: [...Object.keys(compact), ...HEAVY_KEYS], compact: compact as Partial<AuditSession>, counts }, store));
  }
  return { ...(v as unknown as AuditResult), sessions };
}
