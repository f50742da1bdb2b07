// The typed model of a Scorel session file, shared by the reader (parse/verdict/invariants) and the
// context builders. Generations: docs/scorel.md §0.2.
import type { Diagnostic } from "../../shared/diagnostics.js";
import type { SessionBase } from "../types.js";

/**
 * g0 = legacy log.jsonl; design = the seed event model; p3/p4a/p4/p5 = shipped loaders (p4 = P4b 68bcebe0);
 * p6 = the current session core, which adds the `session_model_selected` control event (docs/scorel.md §16).
 */
export type ScorelProfile = "p6" | "p5" | "p4" | "p4a" | "p3" | "design" | "g0";
export const SCOREL_PROFILES: readonly ScorelProfile[] = ["p6", "p5", "p4", "p4a", "p3", "design", "g0"];

/** One persistent event line as read (a parsed object that has at least a string `type`). */
export interface ScorelEvent {
  /** 1-based physical line. */
  line: number;
  type: string;
  /**
   * `id` when it is a string. G0 entries without one get the upstream legacy id `legacy-msg-<n>` /
   * `legacy-rewind-<n>` / `legacy-compact-<n>` (n = 1-based index among non-blank lines, as SC-G0 numbers
   * them; channel entries: `legacy-channel-<n>`). A shipped/design event whose id is not a string gets
   * `#line-<line>` and is neither in byId nor in the tree.
   */
  id: string;
  parentId: string | null;
  seq: number | undefined;
  /** The parsed JSON object, never mutated (for a TOO_DEEP line: a copy cut off at a safe depth). */
  raw: Record<string, unknown>;
  /**
   * True for conversation-tree event types of the profile (docs/scorel.md §4.1; design: every type except
   * instruction_snapshot and context_control; G0: message entries). Whether the event really became a node
   * is `session.tree.parent.has(id)`: events with a duplicate id or an unusable parent are left out.
   */
  tree: boolean;
}

export interface ScorelSession extends SessionBase {
  format: "scorel";
  profile: ScorelProfile;
  /** The header object (line 1), or null for G0 and for files whose header could not be read. */
  header: Record<string, unknown> | null;
  /** Every event line that parsed as an object with a string type (or G0 kind), in file order. */
  events: ScorelEvent[];
  byId: Map<string, ScorelEvent>;
  /** True when the real loader of this profile would reject the file (see the loader-verdict diagnostic). */
  rejected: boolean;
  /** What the file itself looks like (docs/scorel.md §0.2), independent of the profile used to read it. */
  generation: ScorelGeneration;
  /**
   * The loader verdict (also in diagnostics): the first error the real loader of the profile stops at;
   * null = it loads. Always null for the design profile (no loader; see SCOREL_DESIGN_NOT_SHIPPED).
   */
  verdict: Diagnostic | null;
}

/** Generation detected from the file's content; p4 covers P4a and P4b (they differ only in context_control). */
export type ScorelGeneration = "g0" | "design" | "p3" | "p4" | "p5" | "p6";
