// Which agent a recorded session ran as, for v18 `agents` scoping (docs/ttsr.md §18.2). oh-my-pi writes a
// `session_init` entry only into subagent sessions; its `agent` field names the agent definition. A top-level
// session carries no marker at all, so its name is not read from the file: the caller falls back to --agent,
// then to `main`, and says which it used.
import type { PiSession } from "../formats/pi/model.js";
import type { FormatName } from "../formats/index.js";
import type { SessionBase } from "../formats/types.js";
import { MAIN_AGENT, SUB_AGENT } from "./agents.js";

export type AgentSource = "session" | "option" | "default";

export interface ResolvedAgent {
  name: string;
  /** session: the file's `session_init` entry; option: --agent; default: neither (a top-level session, `main`). */
  from: AgentSource;
  /** Set when --agent names another agent than the session records (the session wins). */
  contradicts?: string;
}

/** The agent a pi / oh-my-pi subagent session recorded, or undefined (no `session_init` entry). */
function piAgent(s: PiSession): string | undefined {
  const init = s.entries.find((e) => e.type === "session_init");
  if (!init) return undefined;
  const agent = init.raw.agent;
  // Upstream reserves `main` and `sub` for its sentinels: a recorded definition of that name reads as `sub`.
  const name = typeof agent === "string" ? agent.trim().toLowerCase() : "";
  return name.length > 0 && name !== MAIN_AGENT ? name : SUB_AGENT;
}

// Keyed by format name, as recorded.ts is: only formats that record the agent have an entry.
const RECORDED_AGENT: { [F in FormatName]?: (s: never) => string | undefined } = { pi: piAgent };

/** The agent name a session records, or undefined when its format or file says nothing. */
export function recordedAgent(session: SessionBase): string | undefined {
  const read = RECORDED_AGENT[session.format as FormatName] as ((s: SessionBase) => string | undefined) | undefined;
  return read?.(session);
}

/** The session's own agent wins; else --agent; else `main` (docs/ttsr.md §18.2). */
export function resolveAgent(session: SessionBase | undefined, named: string | undefined): ResolvedAgent {
  const recorded = session ? recordedAgent(session) : undefined;
  const option = named?.trim().toLowerCase();
  if (recorded !== undefined)
    return option !== undefined && option !== recorded ? { name: recorded, from: "session", contradicts: option } : { name: recorded, from: "session" };
  if (option !== undefined && option.length > 0) return { name: option, from: "option" };
  return { name: MAIN_AGENT, from: "default" };
}
