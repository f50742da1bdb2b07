// Format-neutral turn views (docs/product.md §3, §5): for each LLM request, the context the format's real builder
// returns at the response's parent, as full message lists or as deltas against the previous turn on the
// same root path. Deltas come from the shared structure of persistent lists, so all turns cost O(events).
import { sharedPrefix, size, tail, toArray } from "../shared/plist.js";
import { moduleOf } from "../formats/registry.js";
import type { CompactionRequestNote, Msg, NotRecordedPart, RequestCheck, SessionBase, TurnContext } from "../formats/types.js";
import { compact } from "./blocks.js";
import { charsPer4, estimatorName, ListTokenCache, unrecordedIn, type TokenCounter, type Unrecorded } from "./tokens.js";

export interface DeltaMessages {
  /** Index of the base turn (null: no earlier turn on this root path, so everything is added). */
  base: number | null;
  keep: number;
  removed: number[];
  added: Msg[];
}

/** A Turn of the JSON contract. */
export interface Turn {
  index: number;
  leafId: string | null;
  responseId: string;
  systemPrompt: string | null;
  messages: Msg[] | DeltaMessages;
  tokens: TurnTokens;
  /** Compactions applied since the previous turn on this root path (the context was rebuilt by them). */
  compactions?: string[];
  /** The request body as sent, where the format rebuilds it (TurnContext.request). */
  request?: Record<string, unknown>;
  notRecorded?: NotRecordedPart[];
  requestCheck?: RequestCheck;
  compactionRequest?: CompactionRequestNote;
}

/** A turn's token figures (docs/product.md §3 "Tokens"): the estimate, how it was counted, and the log's own figure. */
export interface TurnTokens {
  estimated: number;
  estimator: string;
  logged?: number;
  /** With `logged`: what that figure also counts that the file does not record. */
  loggedAlsoCounts?: Unrecorded[];
}

/** A turn whose messages are a full list (compaction diffs, session diffs). */
export type FullTurn = Turn & { messages: Msg[] };

export interface TurnViewOptions {
  /** "active" (default): turns whose response is on the active path; "all": every turn (--all-leaves). */
  scope?: "active" | "all";
  /** Only turns on the root path of this leaf (--leaf ID). */
  leafId?: string;
  /** Only this turn index (--turn N). */
  turn?: number;
  delta?: boolean;
  tokens?: TokenCounter;
  /**
   * Token counts by message made with the same counter, read and added to: a caller that also asks for the
   * session's compaction diffs (CompactionDiffOptions.counted) counts each message once.
   */
  counted?: Map<Msg, number>;
  /**
   * The caller views the messages' blocks afterwards (an audit's page): tool-call arguments serialised for the
   * count are kept for the views (blocks.ts compact) instead of being serialised again there.
   */
  keepArgsText?: boolean;
  profile?: string;
}

export interface TurnViews {
  turns: Turn[];
}

/** Ids on the root path of `leaf`, leaf included. */
export function rootPath(session: SessionBase, leaf: string | null): Set<string> {
  const out = new Set<string>();
  for (let id = leaf; id !== null && id !== undefined && !out.has(id); id = session.tree.parent.get(id) ?? null) out.add(id);
  return out;
}

/** Contract Turns (docs/product.md §5) of a session: full lists or deltas. */
export function turnViews(session: SessionBase, opts: TurnViewOptions = {}): TurnViews {
  return { turns: [...iterTurnViews(session, opts)] };
}

/** How many turns iterTurnViews will yield for these options (cheap: no contexts are built). */
export function countTurnViews(session: SessionBase, opts: TurnViewOptions = {}): number {
  const scopeLeaf = opts.leafId ?? (opts.scope === "all" ? undefined : (session.tree.activeLeafId ?? undefined));
  const onPath = scopeLeaf !== undefined ? rootPath(session, scopeLeaf) : null;
  return moduleOf(session)
    .turns(session)
    .filter((r) => (!onPath || onPath.has(r.responseId)) && (opts.turn === undefined || r.index === opts.turn)).length;
}

/**
 * The turns one at a time. Full message lists cost O(context) each, so a caller that prints or writes
 * turns as it goes keeps memory at one turn's worth instead of turns × context (docs/product.md §8).
 */
export function* iterTurnViews(session: SessionBase, opts: TurnViewOptions = {}): Generator<Turn> {
  const module = moduleOf(session);
  const counter = opts.tokens ?? charsPer4;
  const cache = new ListTokenCache(counter, opts.counted, opts.keepArgsText ? compact : undefined);
  const estimator = estimatorName(counter);
  const scopeLeaf = opts.leafId ?? (opts.scope === "all" ? undefined : (session.tree.activeLeafId ?? undefined));
  const onPath = scopeLeaf !== undefined ? rootPath(session, scopeLeaf) : null;
  const all = [...module.turnContexts(session, { profile: opts.profile })];
  // Nearest earlier turn on the same root path = the nearest ancestor of the leaf that is a response. Every
  // response is its own nearest turn, so one look-up per step answers both questions (memo, response): the
  // map starts with every response (the last turn of a repeated response id, as a map by response would).
  const nearestTurn = new Map<string, TurnContext | null>();
  for (const t of all) nearestTurn.set(t.ref.responseId, t);
  const isResponse = (id: string): boolean => nearestTurn.get(id)?.ref.responseId === id;
  const ancestorTurn = (id: string | null): TurnContext | null => {
    let found: TurnContext | null = null;
    let steps = 0;
    for (let cur = id; cur !== null; cur = session.tree.parent.get(cur) ?? null) {
      const memo = nearestTurn.get(cur);
      if (memo !== undefined) {
        found = memo;
        break;
      }
      if (++steps > session.tree.nodes.length) break; // cycle guard: trees from bad files
    }
    // Memoised for long walks only: a short one costs less than the map entries (a long chain of non-message
    // entries shared by many branches is what the memo is for). The walk is taken again rather than kept in
    // an array (most walks are short).
    if (steps > 4) for (let cur = id, k = 0; k < steps && cur !== null; cur = session.tree.parent.get(cur) ?? null, k++) nearestTurn.set(cur, found);
    return found;
  };
  // Compaction records by the id whose context they rebuild; a turn is labelled with those between its
  // leaf and the previous turn's response on its path (each path segment is walked once per listed turn).
  const compactionAt = new Map(module.compactions(session).map((c) => [c.afterLeafId, c.id] as const));
  const compactionsBefore = (leaf: string | null): string[] | undefined => {
    let ids: string[] | undefined;
    let steps = 0;
    for (let cur = leaf; cur !== null && steps <= session.tree.nodes.length; cur = session.tree.parent.get(cur) ?? null, steps++) {
      const c = compactionAt.get(cur);
      if (c !== undefined) {
        ids ??= [];
        ids.unshift(c);
      }
      // Up to the previous turn's response, which may itself be the compaction (Codex 0.100.0: the request is placed at its compacted line).
      if (isResponse(cur)) break;
    }
    return ids;
  };

  for (const t of all) {
    if (onPath && !onPath.has(t.ref.responseId)) continue;
    if (opts.turn !== undefined && t.ref.index !== opts.turn) continue;
    const tokens: TurnTokens = {
      estimated: cache.total(t.messages) + (t.systemPrompt ? counter.count(t.systemPrompt) : 0),
      estimator,
    };
    // Every request has input, so a logged 0 means the provider never counted (pi writes all-zero usage on
    // a request aborted before its answer): no figure, not a figure of 0.
    if (t.loggedTokens !== undefined && t.loggedTokens > 0) {
      tokens.logged = t.loggedTokens;
      // A log that records the request's tool definitions (Claude Code 2.1.3xx) leaves nothing of them unrecorded.
      tokens.loggedAlsoCounts = Array.isArray(t.request?.tools) ? [] : unrecordedIn(t.systemPrompt);
    }
    let messages: Turn["messages"];
    if (opts.delta) {
      // Only an earlier turn can be a base (a parent cycle in a broken file could point at a later one).
      const found = ancestorTurn(t.ref.leafId);
      const base = found && found.ref.index < t.ref.index ? found : null;
      const keep = base ? sharedPrefix(base.messages, t.messages) : 0;
      const removed: number[] = [];
      for (let i = keep; base && i < size(base.messages); i++) removed.push(i);
      messages = { base: base ? base.ref.index : null, keep, removed, added: tail(t.messages, keep) };
    } else messages = toArray(t.messages);
    const turn: Turn = { index: t.ref.index, leafId: t.ref.leafId, responseId: t.ref.responseId, systemPrompt: t.systemPrompt, messages, tokens };
    const compactions = compactionAt.size > 0 ? compactionsBefore(t.ref.leafId) : undefined;
    if (compactions !== undefined) turn.compactions = compactions;
    if (t.request !== undefined) turn.request = t.request;
    if (t.notRecorded !== undefined) turn.notRecorded = t.notRecorded;
    if (t.requestCheck !== undefined) turn.requestCheck = t.requestCheck;
    if (t.compactionRequest !== undefined) turn.compactionRequest = t.compactionRequest;
    yield turn;
  }
}

/** Rebuilds full message lists from delta turns (inverse of delta mode; used by readers of --delta output). */
export function recompose(turns: readonly Turn[], known: ReadonlyMap<number, Msg[]> = new Map()): Map<number, Msg[]> {
  const full = new Map<number, Msg[]>(known);
  for (const t of turns) {
    if (Array.isArray(t.messages)) {
      full.set(t.index, t.messages);
      continue;
    }
    const d = t.messages;
    const base = d.base === null ? [] : full.get(d.base);
    if (!base) throw new Error(`turn ${t.index}: base turn ${d.base} is not known`);
    full.set(t.index, [...base.slice(0, d.keep), ...d.added]);
  }
  return full;
}
