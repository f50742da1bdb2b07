// Types of the Scorel context builders (docs/scorel.md §7). The builders are pure functions over a
// ScorelSession; they never mutate it and never throw for bad input: a failure the real builder would
// raise is returned as data in `error`.
import type { NativeContext } from "../../types.js";
import type { ScorelProfile } from "../model.js";

/**
 * A ScorelMessage as built by buildContext (docs/scorel.md §5). Content is normally a block array; the
 * design profile and G0 also carry messages whose content is a bare string.
 */
export interface ScorelMessage {
  role: string;
  content: unknown;
  meta?: unknown;
  usage?: unknown;
  stopReason?: unknown;
  [key: string]: unknown;
}

/**
 * Why a context could not be built. Shape: `{code, message, eventId?}`.
 * - `invalid_parent` / "Unknown event id": the leaf is not a tree node (upstream error, docs/scorel.md §7.3 step 1).
 * - `type_error`: the real builder would throw a TypeError on this event (e.g. a string `message.content`,
 *   invariant 13); `eventId` names the event.
 * - `invalid_rewind`: G0 replay met a rewind whose target is missing or not a user message (docs/scorel.md §11).
 */
export interface ScorelContextError {
  code: "invalid_parent" | "type_error" | "invalid_rewind";
  message: string;
  eventId?: string;
}

/** buildScorelContext's result: NativeContext plus the profile used; on error, messages are empty (the system prompt is still reported). */
export interface ScorelContext extends NativeContext<ScorelMessage> {
  profile: ScorelProfile;
  leafId: string | null;
  error?: ScorelContextError;
}

export interface ScorelContextOptions {
  /** Profile override (defaults to session.profile). */
  profile?: string;
  /**
   * The response whose request this context is (its system prompt = last instruction_snapshot appended
   * before it in file order). Default: the first assistant child of the leaf, else the end of the file.
   */
  responseId?: string;
}

/** Thrown inside the builders only, caught at their entry points and returned as `error`. */
export class BuildFailure extends Error {
  constructor(readonly detail: ScorelContextError) {
    super(detail.message);
  }
}

export const typeError = (eventId: string, what: string): BuildFailure =>
  new BuildFailure({ code: "type_error", message: `${what} (the real buildContext throws a TypeError here)`, eventId });
