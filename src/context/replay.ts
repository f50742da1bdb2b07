// The `replay --json` document (design §5) for one session.
import type { Diagnostic } from "../shared/diagnostics.js";
import type { FormatModule, SessionBase } from "../formats/types.js";
import { turnViews, type Turn, type TurnViewOptions } from "./turns.js";

export interface ReplayDocument {
  schemaVersion: 1;
  session: { path: string; format: string; profile: string; id?: string };
  activeLeafId: string | null;
  leaves: string[];
  systemPrompt: string | null;
  turns: Turn[];
  diagnostics: Diagnostic[];
}

export function replayDocument(module: FormatModule, session: SessionBase, opts: TurnViewOptions = {}): ReplayDocument {
  const views = turnViews(module, session, opts);
  const active = session.tree.activeLeafId;
  const sp = module.buildContext(session, active, { profile: opts.profile }).systemPrompt;
  const s: ReplayDocument["session"] = { path: session.file, format: session.format, profile: session.profile };
  if (session.id !== undefined) s.id = session.id;
  return {
    schemaVersion: 1,
    session: s,
    activeLeafId: active,
    leaves: session.tree.leaves,
    systemPrompt: sp === "" ? null : sp,
    turns: views.turns,
    diagnostics: [...session.diagnostics, ...views.diagnostics],
  };
}
