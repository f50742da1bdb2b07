// What the audit checks (V and D rules) read: the load result plus the profile, with small tree helpers.
import { coded, type CodesWithArgs } from "../../shared/codes.js";
import type { ScorelProblem } from "./problems.js";
import { isObject } from "../../shared/json.js";
import type { ScorelProfile } from "./model.js";
import type { Finding, LoadResult } from "./load.js";
import type { ScorelEvent } from "./model.js";

export interface AuditInput extends LoadResult {
  profile: ScorelProfile;
}

export type Push = (f: Finding) => void;

export const finding = (code: CodesWithArgs<ScorelProblem>, e: ScorelEvent, pointer: string | undefined, found: ScorelProblem): Finding => ({
  ...coded(code, found),
  line: e.line,
  eventId: e.id,
  pointer,
});

/** Walks parents from `id` (exclusive) upward; stops at the root. */
export function* ancestors(a: AuditInput, id: string): Generator<string> {
  let cur = a.tree.parent.get(id) ?? null;
  while (cur !== null) {
    yield cur;
    cur = a.tree.parent.get(cur) ?? null;
  }
}

export function isAncestorOrSelf(a: AuditInput, anc: string, id: string): boolean {
  if (anc === id) return true;
  for (const x of ancestors(a, id)) if (x === anc) return true;
  return false;
}

export const messageOf = (e: ScorelEvent): Record<string, unknown> | undefined => (isObject(e.raw.message) ? e.raw.message : undefined);

/** Events that passed the loader's type/payload checks (the only ones the audits look into). */
export const wellFormed = (a: AuditInput, e: ScorelEvent): boolean => !a.badPayload.has(e.line);
