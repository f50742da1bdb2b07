// A subagent transcript (<sessionId>/subagents/agent-<id>.jsonl, docs/claude-code.md §2) linked to the tool call
// of its parent session that started it: the parent's tool result records the agent id (toolUseResult.agentId).
// A forked session (--fork-session, docs/claude-code.md §2) linked to the session it copied: 2.1.3xx keeps, on each copied assistant
// line, the id of the session that made the request (requestSessionId).
import { diag, type Diagnostic } from "../../shared/diagnostics.js";
import { isObject } from "../../shared/json.js";
import type { SessionBase } from "../types.js";
import type { CcSession } from "./model.js";

const parents = new WeakMap<CcSession, CcSession | null>();

/** The session a fork copied, from its copied lines (undefined: not a fork, or a release that does not say). */
export function forkedFrom(s: CcSession): string | undefined {
  if (s.agentId) return undefined;
  for (const r of s.records) {
    const from = r.raw.requestSessionId;
    if (typeof from === "string" && from !== s.id && /^[A-Za-z0-9-]+$/.test(from)) return from;
  }
  return undefined;
}

/** The parent session's file (subagent) or the copied session's (fork), relative to this file's folder. */
export function ccOriginFile(s: CcSession): string | undefined {
  if (s.agentId && s.id) return `../../${s.id}.jsonl`;
  const from = forkedFrom(s);
  return from ? `${from}.jsonl` : undefined;
}

export function setCcOrigin(s: CcSession, origin: SessionBase | undefined): void {
  parents.set(s, origin && origin.format === "claude-code" ? (origin as CcSession) : null);
}

/** The tool_use id whose result names `agentId` in `parent`. */
function startingCall(parent: CcSession, agentId: string): string | undefined {
  for (const r of parent.records) {
    if (r.type !== "user" || !isObject(r.raw.toolUseResult) || r.raw.toolUseResult.agentId !== agentId) continue;
    const c = isObject(r.raw.message) ? r.raw.message.content : undefined;
    const block = Array.isArray(c) ? c.find((b) => isObject(b) && b.type === "tool_result") : undefined;
    if (isObject(block) && typeof block.tool_use_id === "string") return block.tool_use_id;
  }
  return undefined;
}

/** The entries a fork holds that are copies of the origin's (same uuid), and the last of them in file order. */
function copiedEntries(s: CcSession, origin: CcSession): { count: number; last?: string } {
  let count = 0;
  let last: string | undefined;
  for (const id of s.tree.nodes)
    if (origin.entries.has(id)) {
      count++;
      last = id;
    }
  return last === undefined ? { count } : { count, last };
}

function forkFindings(s: CcSession, from: string): Diagnostic[] {
  const origin = parents.get(s);
  if (origin === undefined) return [];
  const args = { session: s.id ?? "", origin: from };
  if (origin === null) return [diag("CC_FORK_ORIGIN_MISSING", { file: s.file }, args)];
  const { count, last } = copiedEntries(s, origin);
  return last ? [diag("CC_FORK_OF", { file: s.file }, { ...args, copied: count, at: last })] : [diag("CC_FORK_ORIGIN_MISSING", { file: s.file }, args)];
}

export function ccOriginFindings(s: CcSession): Diagnostic[] {
  const from = forkedFrom(s);
  if (from) return forkFindings(s, from);
  const parent = parents.get(s);
  if (parent === undefined || !s.agentId) return [];
  const args = { agentId: s.agentId, parent: s.id ?? "" };
  if (parent === null) return [diag("CC_SUBAGENT_PARENT_MISSING", { file: s.file }, args)];
  const call = startingCall(parent, s.agentId);
  return call ? [diag("CC_SUBAGENT_OF", { file: s.file }, { ...args, toolUseId: call })] : [diag("CC_SUBAGENT_UNLINKED", { file: s.file }, args)];
}
