// Orchestration for `replay` and `diff`: read the session, pick its format module, build the views.
import { formatOfProfile, isSession, moduleOf, profileNames, type ParsedSession } from "../../formats/index.js";
import type { FormatModule, SessionBase } from "../../formats/types.js";
import { compactionDiffs, type CompactionDiff, type CompactionDiffOptions } from "../../context/compaction.js";
import { replayStream, type ReplayDocument } from "../../context/replay.js";
import { exactCounter } from "../../context/tokens-exact.js";
import { charsPer4, type TokenCounter } from "../../context/tokens.js";
import { countTurnViews, type Turn, type TurnViewOptions } from "../../context/turns.js";
import { readSession } from "../read/read.js";
import { InputError, UsageError } from "../../shared/errors.js";

export async function tokenCounter(mode: "estimate" | "exact" | undefined): Promise<TokenCounter> {
  return mode === "exact" ? exactCounter() : charsPer4;
}

export interface LoadedSession {
  session: SessionBase;
  module: FormatModule;
}

/** Reads a session or explains (InputError → exit 2) why it cannot be replayed. */
export async function loadSession(path: string, opts: { profile?: string } = {}): Promise<LoadedSession> {
  // A name no format knows is refused before reading; a known name must belong to the detected format.
  if (opts.profile !== undefined && !formatOfProfile(opts.profile)) throw new UsageError(`--profile ${opts.profile}: no such profile (${profileNames()})`);
  const s: ParsedSession = await readSession(path, { profile: opts.profile });
  if (!isSession(s)) {
    // "Cannot read X: why" already names the file; other findings are prefixed with it.
    const unread = s.diagnostics.find((d) => d.code === "UNREADABLE_PATH");
    throw new InputError(unread ? unread.message : `${s.file}: ${s.diagnostics.map((d) => d.message).join("; ") || "not a session"}`);
  }
  const module = moduleOf(s);
  if (opts.profile !== undefined && !module.profiles.includes(opts.profile)) {
    throw new UsageError(
      `--profile ${opts.profile} is a ${formatOfProfile(opts.profile)?.name} profile, but ${s.file} is a ${s.format} session (its profiles: ${module.profiles.join("|")})`,
    );
  }
  return { session: s, module };
}

export function checkLeaf(s: SessionBase, leafId: string | undefined): void {
  if (leafId !== undefined && !s.tree.parent.has(leafId)) throw new InputError(`--leaf ${leafId}: no such tree entry in ${s.file}`);
}

/** The replay document's head and its turns as a lazy sequence (output written as it is produced). */
export async function replayStreamFile(
  path: string,
  opts: TurnViewOptions & { profile?: string },
): Promise<{ head: ReplayDocument; turns: Iterable<Turn>; listed: number }> {
  const { session } = await loadSession(path, opts);
  checkLeaf(session, opts.leafId);
  const listed = countTurnViews(session, opts);
  if (opts.turn !== undefined && listed === 0) throw new InputError(`--turn ${opts.turn}: no such turn in the listed turns of ${session.file}`);
  return { ...replayStream(session, opts), listed };
}

export async function compactionDiffFile(
  path: string,
  opts: CompactionDiffOptions,
): Promise<{ doc: { schemaVersion: 1; compactions: CompactionDiff[] }; session: SessionBase }> {
  const { session } = await loadSession(path, opts);
  const compactions = compactionDiffs(session, opts);
  if (opts.compactionId !== undefined && compactions.length === 0)
    throw new InputError(`--compaction ${opts.compactionId}: no such compaction in ${session.file}`);
  return { doc: { schemaVersion: 1, compactions }, session };
}
