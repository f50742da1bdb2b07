// The `replay --json` document (docs/product.md §5) for one session.
import type { Diagnostic } from "../shared/diagnostics.js";
import { moduleOf } from "../formats/registry.js";
import type { SessionBase } from "../formats/types.js";
import { iterTurnViews, type Turn, type TurnViewOptions } from "./turns.js";

export interface ReplayDocument {
  schemaVersion: 1;
  session: { path: string; format: string; profile: string; id?: string };
  activeLeafId: string | null;
  leaves: string[];
  systemPrompt: string | null;
  turns: Turn[];
  diagnostics: Diagnostic[];
}

/** The `replay --json` document of a session, as the CLI prints it. */
export function replayDocument(session: SessionBase, opts: TurnViewOptions = {}): ReplayDocument {
  const { head, turns } = replayStream(session, opts);
  return { ...head, turns: [...turns], diagnostics: head.diagnostics };
}

/** The document without its turns, plus the turns as a lazy sequence (for streaming output). */
export function replayStream(session: SessionBase, opts: TurnViewOptions = {}): { head: ReplayDocument; turns: Iterable<Turn> } {
  const active = session.tree.activeLeafId;
  const module = moduleOf(session);
  const sp = module.systemPromptAt
    ? module.systemPromptAt(session, active, { profile: opts.profile })
    : module.buildContext(session, active, { profile: opts.profile }).systemPrompt;
  const s: ReplayDocument["session"] = { path: session.file, format: session.format, profile: session.profile };
  if (session.id !== undefined) s.id = session.id;
  const head: ReplayDocument = {
    schemaVersion: 1,
    session: s,
    activeLeafId: active,
    leaves: session.tree.leaves,
    systemPrompt: sp === "" ? null : sp,
    turns: [],
    // Where the session came from (a subagent's parent, a fork's original, a yoi segment's lineage), as validate says.
    diagnostics: [...session.diagnostics, ...(module.originFindings?.(session) ?? [])],
  };
  return { head, turns: iterTurnViews(session, opts) };
}
