// The report folder's layout: index.html and summary.json stay small (the overview and the per-session
// verdicts), every session gets sessions/<n>.html (its page, the messages inline) and sessions/<n>.json
// (its machine-readable detail: turns, tokens, compactions, TTSR evidence, message sizes). Message bodies
// live in the page only, so the folder holds each message once and stays smaller than its input; the full
// canonical result, bodies included, is what `audit --json` prints.
import type { Msg } from "../formats/types.js";
import { AUDIT_SCHEMA_VERSION, type AuditSession } from "../context/audit-model.js";
import { countsOf, HEAVY_KEYS, type SessionCounts } from "../context/audit-store.js";

export const SESSIONS_DIR = "sessions";

/** The files of the i-th session (0-based), relative to the report folder. */
export const sessionFiles = (i: number): { detail: string; page: string } => ({ detail: `${SESSIONS_DIR}/${i + 1}.json`, page: `${SESSIONS_DIR}/${i + 1}.html` });

/** What sessions/<n>.json says about a message: who, how big, where from (the text is on the page). */
export interface MessageInfo {
  role: string;
  nativeRole: string;
  chars: number;
  sourceIds: string[];
  reminders: Msg["reminders"];
}

/** sessions/<n>.json: one session's detail (schema audit/session.json). */
export interface SessionDetailDoc {
  schemaVersion: typeof AUDIT_SCHEMA_VERSION;
  kind: "audit-session";
  session: Record<string, unknown>;
}

/** A session's element of summary.json: its verdict, findings and counts, and where its files are. */
export type SummaryEntry = Record<string, unknown> & { counts: SessionCounts; detail: string; page: string };

const HEAVY = new Set<string>(HEAVY_KEYS);

export const messageInfo = (m: Msg): MessageInfo => ({ role: m.role, nativeRole: m.nativeRole, chars: m.text.length, sourceIds: m.sourceIds, reminders: m.reminders });

/** The detail document of a session (key order of the session kept). */
export function detailDoc(s: AuditSession): SessionDetailDoc {
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(s)) {
    if (k === "messages") out.messages = s.messages.map(messageInfo);
    else if (k === "prompts") out.prompts = s.prompts.map((p) => ({ chars: p.length }));
    else out[k] = (s as unknown as Record<string, unknown>)[k];
  }
  return { schemaVersion: AUDIT_SCHEMA_VERSION, kind: "audit-session", session: out };
}

/** summary.json's element for the i-th session: everything but the heavy parts, which its files hold. */
export function summaryEntry(s: AuditSession, i: number): SummaryEntry {
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(s)) if (!HEAVY.has(k)) out[k] = (s as unknown as Record<string, unknown>)[k];
  return { ...out, counts: countsOf(s), ...sessionFiles(i) };
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
