// buildScorelContext: the context the real builder of a profile returns at a leaf (docs/scorel.md §7,
// docs/scorel.md §9, §11). Pure: reads the session, never mutates it, returns failures as `error`.
import { toArray, type List } from "../../../shared/plist.js";
import { SCOREL_PROFILES, type ScorelProfile, type ScorelSession } from "../model.js";
import { g0Replay } from "./g0.js";
import { controlEvents, hiddenSet, pathTo } from "./path.js";
import { rulesFor } from "./rules.js";
import { requestIndex, systemPromptBefore } from "./system-prompt.js";
import { BuildFailure, type ScorelContext, type ScorelContextError, type ScorelContextOptions } from "./types.js";
import { applyEvent, type Entry } from "./walk.js";

export function resolveProfile(session: ScorelSession, requested: string | undefined): ScorelProfile {
  return (SCOREL_PROFILES as readonly string[]).includes(requested ?? "") ? (requested as ScorelProfile) : session.profile;
}

export const UNKNOWN_EVENT: ScorelContextError = { code: "invalid_parent", message: "Unknown event id" };

export function contextOf(profile: ScorelProfile, leafId: string | null, systemPrompt: string | null, list: List<Entry>): ScorelContext {
  const entries = toArray(list);
  return { profile, leafId, systemPrompt, messages: entries.map((e) => e.msg), sourceIds: entries.map((e) => [...e.ids]) };
}

export function errorContext(profile: ScorelProfile, leafId: string | null, error: ScorelContextError, systemPrompt: string | null = null): ScorelContext {
  return { profile, leafId, systemPrompt, messages: [], sourceIds: [], error };
}

/** Walks the root path of `leafId` with a fixed hidden set (docs/scorel.md §7.3). Throws BuildFailure. */
export function walkPath(session: ScorelSession, path: readonly string[], hidden: ReadonlySet<string>, profile: ScorelProfile): List<Entry> {
  const rules = rulesFor(profile);
  const events = path.map((id) => session.byId.get(id));
  let list: List<Entry> = null;
  events.forEach((ev, index) => {
    if (ev) list = applyEvent(list, ev, { rules, hidden, index, before: (from) => events.slice(from, index) });
  });
  return list;
}

/**
 * The context at `leafId` (null: the empty context) under `opts.profile` (default: the session's).
 * Errors (unknown leaf, a TypeError upstream, a bad G0 rewind) come back in `error` with no messages.
 */
export function buildScorelContext(session: ScorelSession, leafId: string | null, opts: ScorelContextOptions = {}): ScorelContext {
  const profile = resolveProfile(session, opts.profile);
  let prompt: string | null = null;
  try {
    if (profile === "g0") {
      const list = g0Replay(session.events, leafId);
      return list === undefined ? errorContext(profile, leafId, UNKNOWN_EVENT) : contextOf(profile, leafId, null, list);
    }
    const design = profile === "design";
    prompt = systemPromptBefore(session.events, requestIndex(session, leafId, opts.responseId, design));
    if (leafId === null) return contextOf(profile, leafId, prompt, null);
    const path = pathTo(session, leafId);
    if (!path) return errorContext(profile, leafId, UNKNOWN_EVENT, prompt);
    const hidden = hiddenSet(controlEvents(session), path, session.byId.get(leafId), rulesFor(profile));
    return contextOf(profile, leafId, prompt, walkPath(session, path, hidden, profile));
  } catch (e) {
    if (e instanceof BuildFailure) return errorContext(profile, leafId, e.detail, prompt);
    throw e;
  }
}
