// Forks (docs/codex.md §2.4): 0.169.0 writes a fork as a new rollout whose session_meta names its parent
// (`forked_from_id`, `history_base.end_ordinal_exclusive`) and copies nothing: the fork's history starts as the
// parent's history after the parent's lines below that ordinal. The parent's file is found by its name.
import { diag, type Diagnostic } from "../../shared/diagnostics.js";
import type { SessionBase } from "../types.js";
import type { CodexSession } from "./model.js";

/** The parent thread id and the ordinal the fork's history stops before, when the session is a fork. */
export function forkBase(session: CodexSession): { parent: string; endOrdinal: number | null } | null {
  const meta = session.meta;
  if (!meta) return null;
  const base = meta.history_base as Record<string, unknown> | undefined;
  const parent = typeof base?.thread_id === "string" ? base.thread_id : typeof meta.forked_from_id === "string" ? meta.forked_from_id : null;
  if (parent === null) return null;
  const end =
    typeof base?.end_ordinal_exclusive === "number"
      ? base.end_ordinal_exclusive
      : typeof meta.forked_from_ordinal_exclusive === "number"
        ? meta.forked_from_ordinal_exclusive
        : null;
  return { parent, endOrdinal: end };
}

const pad = (n: number): string => String(n).padStart(2, "0");

/**
 * The parent's rollout path relative to the fork's folder: Codex names a rollout
 * `sessions/YYYY/MM/DD/rollout-YYYY-MM-DDTHH-MM-SS-<id>.jsonl` from its start time, and a thread id is a UUIDv7
 * whose first 48 bits are that start in milliseconds. Codex uses the local time zone; this assumes UTC (a
 * parent written in another zone is not found, and the fork says so).
 */
export function parentFile(parentId: string): string | undefined {
  const hex = parentId.replace(/-/g, "").slice(0, 12);
  if (!/^[0-9a-f]{12}$/i.test(hex)) return undefined;
  const d = new Date(Number.parseInt(hex, 16));
  if (Number.isNaN(d.getTime())) return undefined;
  const [y, mo, da] = [d.getUTCFullYear(), pad(d.getUTCMonth() + 1), pad(d.getUTCDate())];
  const stamp = `${y}-${mo}-${da}T${pad(d.getUTCHours())}-${pad(d.getUTCMinutes())}-${pad(d.getUTCSeconds())}`;
  return `../../../${y}/${mo}/${da}/rollout-${stamp}-${parentId}.jsonl`;
}

export const codexOriginFile = (session: CodexSession): string | undefined => {
  const base = forkBase(session);
  return base ? parentFile(base.parent) : undefined;
};

export function setCodexOrigin(session: CodexSession, origin: SessionBase | undefined, clear: (s: CodexSession) => void): void {
  session.origin = origin && origin.format === "codex" ? (origin as CodexSession) : null;
  clear(session);
}

/** A fork whose parent could not be read replays from an empty history: said once. */
export function codexOriginFindings(session: CodexSession): Diagnostic[] {
  const base = forkBase(session);
  if (!base || session.origin) return [];
  return [diag("CODEX_FORK_PARENT_MISSING", { file: session.file }, { parent: base.parent })];
}
