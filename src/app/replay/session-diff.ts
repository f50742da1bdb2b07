// `diff <a> <b>` as the app runs it: each input becomes a TurnSource, read turn by turn. A session is read
// once (its turn views are built one at a time); a `replay --json` file is scanned twice, once for the
// turn ids (pairing needs both lists first) and once for the turns, and never held whole.
import { resolve } from "node:path";
import { isStdin, openInput } from "../../io/read.js";
import { iterTurnViews, type Turn } from "../../context/turns.js";
import type { TurnId } from "../../context/session-diff.js";
import { streamSessionDiff, type SessionDiffRun, type TurnSource } from "../../context/session-diff-stream.js";
import type { SessionDiffOptions } from "../../context/session-diff.js";

export type { SessionDiffEnd } from "../../context/session-diff.js";
import { JsonMemberScanner, JsonShapeError } from "./json-stream.js";
import { InputError } from "../../shared/errors.js";
import { contractProblem } from "../../schema/contract.js";
import { loadSession } from "./replay.js";

type Piece = { kind: "member"; key: string; raw: string } | { kind: "turns" } | { kind: "turn"; raw: string };

/** The top-level members and the turns of a JSON document, as raw text, one chunk's worth at a time. */
async function* replayJsonPieces(path: string): AsyncGenerator<Piece> {
  const queue: Piece[] = [];
  const scanner = new JsonMemberScanner("turns", {
    member: (key, raw) => queue.push({ kind: "member", key, raw }),
    arrayStart: () => queue.push({ kind: "turns" }),
    element: (raw) => queue.push({ kind: "turn", raw }),
  });
  const decoder = new TextDecoder("utf-8", { fatal: true });
  for await (const chunk of openInput(path)) {
    scanner.push(decoder.decode(chunk, { stream: true }));
    yield* queue.splice(0);
  }
  scanner.push(decoder.decode());
  scanner.end();
  yield* queue.splice(0);
}

function parseTurn(path: string, raw: string, n: number): Turn {
  let t: unknown;
  try {
    t = JSON.parse(raw);
  } catch (e) {
    throw new InputError(`${path}: turn #${n} is not valid JSON (${(e as Error).message})`);
  }
  // Checked against the contract's turn schema, so what the diff reads is what `replay --json` promises.
  const problem = contractProblem("turn", t);
  if (problem) throw new InputError(`${path}: turn #${n} is not a turn of a replay JSON document (${problem})`);
  return t as Turn;
}

/** Turn ids of a `replay --json` file, or null when the file is not one (it is then read as a session). */
async function replayJsonIds(path: string): Promise<TurnId[] | null> {
  const ids: TurnId[] = [];
  let version: unknown;
  let sawTurns = false;
  try {
    for await (const p of replayJsonPieces(path)) {
      if (p.kind === "member") {
        if (p.key === "schemaVersion") version = JSON.parse(p.raw);
        continue;
      }
      sawTurns = true;
      if (p.kind === "turns") continue;
      const t = parseTurn(path, p.raw, ids.length);
      ids.push({ index: t.index, responseId: t.responseId, base: Array.isArray(t.messages) ? null : t.messages.base });
    }
  } catch (e) {
    // Not a JSON document at all: maybe a session with a .json name. A replay document cut short is an error.
    if (e instanceof JsonShapeError || e instanceof SyntaxError || e instanceof TypeError) {
      if (version === 1 || sawTurns) throw new InputError(`${path}: not a complete replay JSON document (${e.message})`);
      return null;
    }
    throw e;
  }
  return version === 1 && sawTurns ? ids : null;
}

async function* replayJsonTurns(path: string): AsyncGenerator<Turn> {
  let n = 0;
  for await (const p of replayJsonPieces(path)) if (p.kind === "turn") yield parseTurn(path, p.raw, n++);
}

/** One side of the diff: a `replay --json` file (by its .json name and content) or a session. */
export async function turnSource(path: string, opts: { profile?: string }): Promise<TurnSource> {
  if (!isStdin(path) && /\.json$/i.test(path)) {
    const ids = await replayJsonIds(path);
    if (ids) return { name: path, ids, turns: replayJsonTurns(path) };
  }
  const { session, module } = await loadSession(path, opts);
  const refs = module.turns(session);
  const ids = refs.map((r) => ({ index: r.index, responseId: r.responseId, leafId: r.leafId }));
  const forkPoint = module.forkPoint?.(session);
  // Whether turn j's context passes through an entry: walked up the tree only for an id this session holds.
  const reaches = (j: number, id: string): boolean => {
    if (!session.tree.parent.has(id)) return false;
    const seen = new Set<string>();
    for (let at = refs[j]?.leafId ?? null; at !== null && at !== undefined && !seen.has(at); at = session.tree.parent.get(at) ?? null) {
      if (at === id) return true;
      seen.add(at);
    }
    return false;
  };
  const turns = iterTurnViews(session, { scope: "all", profile: opts.profile });
  return { name: path, file: session.file, diagnostics: session.diagnostics, ids, reaches, turns, ...(forkPoint ? { forkPoint } : {}) };
}

/** When one side is a fork of the other (its parent's file is the other side's), where the fork leaves it. */
function forkBetween(a: TurnSource, b: TurnSource): SessionDiffOptions["forkPoint"] {
  const same = (x: string | undefined, y: string | undefined) => x !== undefined && y !== undefined && resolve(x) === resolve(y);
  const revert = (f: NonNullable<TurnSource["forkPoint"]>) => (f.revert ? { revert: true as const } : {});
  if (b.forkPoint && same(b.forkPoint.file, a.file)) return { parent: "a", turns: b.forkPoint.turns, ...revert(b.forkPoint) };
  if (a.forkPoint && same(a.forkPoint.file, b.file)) return { parent: "b", turns: a.forkPoint.turns, ...revert(a.forkPoint) };
  return undefined;
}

/** Compares the turn views of two sessions or replay documents, one turn at a time. */
export async function diffTwo(a: string, b: string, opts: SessionDiffOptions & { profile?: string }): Promise<SessionDiffRun> {
  const sa = await turnSource(a, opts);
  const sb = await turnSource(b, opts);
  const sides = [sa, sb].map((s) => ({ input: s.name, file: s.file ?? s.name, diagnostics: s.diagnostics ?? [] }));
  const forkPoint = forkBetween(sa, sb);
  return { a, b, sides, ...(forkPoint ? { forkPoint } : {}), pairs: streamSessionDiff(sa, sb, { ...opts, ...(forkPoint ? { forkPoint } : {}) }) };
}
