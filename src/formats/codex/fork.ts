// Forks and reverts (docs/codex.md §2.3, §2.4): 0.169.0 writes a fork, and a thread after `thread/revert`, as a new
// rollout whose session_meta names its base (`history_base.thread_id`, `.end_ordinal_exclusive`) and copies
// nothing: its history starts as the base's after the base's lines below that ordinal. The base's file is found
// by its name.
import { diag, type Diagnostic } from "../../shared/diagnostics.js";
import type { SessionBase } from "../types.js";
import type { CodexSession } from "./model.js";

/**
 * The base a fork or a revert segment starts from: `parent`, the id in `history_base` (a thread, or a segment of
 * one), the ordinal the history stops before, and `thread`, the thread whose files hold the base (a fork's
 * parent thread; a segment's own thread).
 */
export function forkBase(session: CodexSession): { parent: string; thread: string; revert: boolean; endOrdinal: number | null } | null {
  const meta = session.meta;
  if (!meta) return null;
  const base = meta.history_base as Record<string, unknown> | undefined;
  const parent = typeof base?.thread_id === "string" ? base.thread_id : typeof meta.forked_from_id === "string" ? meta.forked_from_id : null;
  if (parent === null) return null;
  const forkedFrom = typeof meta.forked_from_id === "string" ? meta.forked_from_id : null;
  const own = typeof meta.id === "string" ? meta.id : parent;
  const end =
    typeof base?.end_ordinal_exclusive === "number"
      ? base.end_ordinal_exclusive
      : typeof meta.forked_from_ordinal_exclusive === "number"
        ? meta.forked_from_ordinal_exclusive
        : null;
  return { parent, thread: forkedFrom ?? own, revert: forkedFrom === null, endOrdinal: end };
}

const pad = (n: number): string => String(n).padStart(2, "0");

/**
 * The base's rollout path relative to the session's folder: Codex names a thread's first rollout
 * `sessions/YYYY/MM/DD/rollout-YYYY-MM-DDTHH-MM-SS-<thread>.jsonl` from its start time, and a later segment of
 * it (after a revert) `rollout-<segment start>-<thread>_<segment>.jsonl`; thread and segment ids are UUIDv7s
 * whose first 48 bits are that start in milliseconds. Codex uses the local time zone; this assumes UTC (a base
 * written in another zone is not found, and the session says so).
 */
export function parentFile(parentId: string, thread: string = parentId): string | undefined {
  const hex = parentId.replace(/-/g, "").slice(0, 12);
  if (!/^[0-9a-f]{12}$/i.test(hex)) return undefined;
  const d = new Date(Number.parseInt(hex, 16));
  if (Number.isNaN(d.getTime())) return undefined;
  const [y, mo, da] = [d.getUTCFullYear(), pad(d.getUTCMonth() + 1), pad(d.getUTCDate())];
  const stamp = `${y}-${mo}-${da}T${pad(d.getUTCHours())}-${pad(d.getUTCMinutes())}-${pad(d.getUTCSeconds())}`;
  const name = thread === parentId ? parentId : `${thread}_${parentId}`;
  if (!/^[0-9a-f_-]+$/i.test(name)) return undefined;
  return `../../../${y}/${mo}/${da}/rollout-${stamp}-${name}.jsonl`;
}

export const codexOriginFile = (session: CodexSession): string | undefined => {
  const base = forkBase(session);
  return base ? parentFile(base.parent, base.thread) : undefined;
};

export function setCodexOrigin(session: CodexSession, origin: SessionBase | undefined, clear: (s: CodexSession) => void): void {
  session.origin = origin && origin.format === "codex" ? (origin as CodexSession) : null;
  clear(session);
}

/** Where a fork (or revert segment) leaves its base: the base's file and how many of its turns came before. */
export function codexForkPoint(
  session: CodexSession,
  turnsBefore: (base: CodexSession, endOrdinal: number | null) => number,
): { file: string; turns: number; revert?: true } | undefined {
  const base = forkBase(session);
  if (!base || !session.origin) return undefined;
  return { file: session.origin.file, turns: turnsBefore(session.origin, base.endOrdinal), ...(base.revert && { revert: true as const }) };
}

/** A fork whose parent could not be read replays from an empty history: said once. */
export function codexOriginFindings(session: CodexSession): Diagnostic[] {
  const base = forkBase(session);
  if (!base) return [];
  // Read: say where the history before came from (replay shows it first); not read: say that it is unknown.
  if (session.origin)
    return [diag(base.revert ? "CODEX_REVERT_OF" : "CODEX_FORK_OF", { file: session.file }, { parent: base.parent, file: session.origin.file })];
  return [diag(base.revert ? "CODEX_REVERT_BASE_MISSING" : "CODEX_FORK_PARENT_MISSING", { file: session.file }, { parent: base.parent })];
}
