// Orchestration for `replay` and `diff`: read the session, pick its format module, build the views.
// The registry, not formats/index.js: reading the session loads its own format, and a replay of a pi file
// need not load the four others (≈ 40 ms of main-thread CPU and 7 MB at start, docs/performance.md §4.23).
import { headOfProfile, isSession, moduleOf, type ParsedSession } from "../../formats/registry.js";
import { profileNames } from "../options/options.js";
import type { FormatModule, SessionBase } from "../../formats/types.js";
import type { CompactionDiff, CompactionDiffOptions } from "../../context/compaction.js";

export type { CompactionDiff };
import { replayStream, type ReplayDocument } from "../../context/replay.js";
import { exactCounter } from "../../context/tokens-exact.js";
import { charsPer4, type TokenCounter } from "../../context/tokens.js";

export type { TokenCounter };
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
  if (opts.profile !== undefined && !headOfProfile(opts.profile))
    throw new UsageError(`no such profile (${profileNames()})`, { name: "profile", value: opts.profile });
  const s: ParsedSession = await readSession(path, { profile: opts.profile });
  if (!isSession(s)) {
    // "Cannot read X: why" already names the file; other findings are prefixed with it.
    const unread = s.diagnostics.find((d) => d.code === "UNREADABLE_PATH");
    throw new InputError(unread ? unread.message : `${s.file}: ${s.diagnostics.map((d) => d.message).join("; ") || "not a session"}`);
  }
  const module = moduleOf(s);
  if (opts.profile !== undefined && !module.profiles.includes(opts.profile)) {
    throw new UsageError(
      `a ${headOfProfile(opts.profile)?.name} profile, but ${s.file} is a ${s.format} session (its profiles: ${module.profiles.join("|")})`,
      { name: "profile", value: opts.profile },
    );
  }
  return { session: s, module };
}

export function checkLeaf(s: SessionBase, leafId: string | undefined): void {
  if (leafId !== undefined && !s.tree.parent.has(leafId)) throw new InputError(`no such tree entry in ${s.file}`, { name: "leafId", value: leafId });
}

/**
 * --turn names a turn by its index (as `replay`, `ttsr run` and `check` number turns) or by its response id (shown
 * beside the index everywhere): a number is an index when such a turn exists, else a response id.
 */
export function turnIndexOf(session: SessionBase, ref: number | string): { index: number; note?: string } {
  const refs = moduleOf(session).turns(session);
  const text = String(ref);
  if (/^\d+$/.test(text) && refs.some((r) => r.index === Number(text))) return { index: Number(text) };
  const byId = refs.find((r) => r.responseId === text);
  // A number past the last turn that is a response id: said, since the two numberings can meet.
  if (byId)
    return {
      index: byId.index,
      ...(/^\d+$/.test(text) && {
        note: `option \`turn\` ${text}: no turn ${text} (turns 0–${refs.length - 1}); showing turn ${byId.index}, whose response id is ${text}`,
      }),
    };
  throw new InputError(`no such turn (neither a turn index nor a response id) in ${session.file}`, { name: "turn", value: text });
}

/** The replay document's head and its turns as a lazy sequence (output written as it is produced). */
export async function replayStreamFile(
  path: string,
  given: Omit<TurnViewOptions, "turn"> & { profile?: string; turn?: number | string },
): Promise<{ head: ReplayDocument; turns: Iterable<Turn>; listed: number; note?: string }> {
  const { session } = await loadSession(path, given);
  checkLeaf(session, given.leafId);
  const { turn: ref, ...rest } = given;
  const found = ref === undefined ? undefined : turnIndexOf(session, ref);
  const opts: TurnViewOptions & { profile?: string } = { ...rest, ...(found !== undefined && { turn: found.index }) };
  const listed = countTurnViews(session, opts);
  if (opts.turn !== undefined && listed === 0)
    throw new InputError(`no such turn in the listed turns of ${session.file}`, { name: "turn", value: String(opts.turn) });
  return { ...replayStream(session, opts), listed, ...(found?.note !== undefined && { note: found.note }) };
}

export async function compactionDiffFile(
  path: string,
  opts: CompactionDiffOptions,
): Promise<{ doc: { schemaVersion: 1; compactions: CompactionDiff[] }; session: SessionBase }> {
  const { session } = await loadSession(path, opts);
  // Only this job needs the compaction diffs (and the diff package they use).
  const { compactionDiffs } = await import("../../context/compaction.js");
  const compactions = compactionDiffs(session, opts);
  if (opts.compactionId !== undefined && compactions.length === 0)
    throw new InputError(`no such compaction in ${session.file}`, { name: "compactionId", value: opts.compactionId });
  return { doc: { schemaVersion: 1, compactions }, session };
}
