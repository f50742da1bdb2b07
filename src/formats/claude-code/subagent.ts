// A subagent transcript (<sessionId>/subagents/agent-<id>.jsonl, docs/claude-code.md §2) linked to the tool call
// of its parent session that started it: the parent's tool result records the agent id (toolUseResult.agentId).
import { diag, type Diagnostic } from "../../shared/diagnostics.js";
import { isObject } from "../../shared/json.js";
import type { SessionBase } from "../types.js";
import type { CcSession } from "./model.js";

const parents = new WeakMap<CcSession, CcSession | null>();

/** The parent session's file, relative to the subagent's folder (undefined: not a subagent transcript). */
export const ccOriginFile = (s: CcSession): string | undefined => (s.agentId && s.id ? `../../${s.id}.jsonl` : undefined);

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

export function ccOriginFindings(s: CcSession): Diagnostic[] {
  const parent = parents.get(s);
  if (parent === undefined || !s.agentId) return [];
  const args = { agentId: s.agentId, parent: s.id ?? "" };
  if (parent === null) return [diag("CC_SUBAGENT_PARENT_MISSING", { file: s.file }, args)];
  const call = startingCall(parent, s.agentId);
  return call ? [diag("CC_SUBAGENT_OF", { file: s.file }, { ...args, toolUseId: call })] : [diag("CC_SUBAGENT_UNLINKED", { file: s.file }, args)];
}
