// The `replay --json` document (docs/product.md §5) for one session.
import type { Diagnostic } from "../shared/diagnostics.js";
import { moduleOf } from "../formats/index.js";
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
  const sp = moduleOf(session).buildContext(session, active, { profile: opts.profile }).systemPrompt;
  const s: ReplayDocument["session"] = { path: session.file, format: session.format, profile: session.profile };
  if (session.id !== undefined) s.id = session.id;
  const head: ReplayDocument = {
    schemaVersion: 1,
    session: s,
    activeLeafId: active,
    leaves: session.tree.leaves,
    systemPrompt: sp === "" ? null : sp,
    turns: [],
    diagnostics: [...session.diagnostics],
  };
  return { head, turns: iterTurnViews(session, opts) };
}

/**
 * Writes the replay document as JSON.stringify(doc, null, 2) would, but one turn at a time, so a long
 * session's full views never exist as one string or one array.
 */
export async function writeReplayJson(head: ReplayDocument, turns: Iterable<Turn>, write: (chunk: string) => void | Promise<void>): Promise<void> {
  const MARK = "\u0000turns\u0000";
  const [before, after] = JSON.stringify({ ...head, turns: MARK }, null, 2).split(JSON.stringify(MARK));
  await write(before);
  let first = true;
  for (const t of turns) {
    await write((first ? "[\n    " : ",\n    ") + JSON.stringify(t, null, 2).replace(/\n/g, "\n    "));
    first = false;
  }
  await write(first ? "[]" : "\n  ]");
  await write(after + "\n");
}
