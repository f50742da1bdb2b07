// v18 `agents` scoping (docs/ttsr.md §18.2): which agents a rule applies to, and which agent a session ran as.
import { compileGlob } from "./glob.js";
import type { Rule } from "./types.js";

/** The agent name of a top-level session (upstream `MAIN_AGENT_RULE_NAME`). */
export const MAIN_AGENT = "main";
/** The agent name of a subagent session with no definition name (upstream `SUB_AGENT_RULE_NAME`). */
export const SUB_AGENT = "sub";

/**
 * Whether a rule's `agents` patterns admit `agent`. No patterns: every agent. No agent name: no scoping at all (what
 * the agent's own rule listings do). Names are trimmed and lowercased; a pattern equal to the name, or a glob
 * matching it, admits it.
 */
export function ruleAppliesToAgent(rule: Pick<Rule, "agents">, agent: string | undefined): boolean {
  const patterns = rule.agents;
  if (!patterns || patterns.length === 0 || agent === undefined) return true;
  const name = agent.trim().toLowerCase();
  return patterns.some((p) => p === name || compileGlob(p).match(name));
}
