// The typed model of one Codex CLI rollout file (docs/codex.md §1). Lines have no ids upstream; sightline
// names them `L<line>` (1-based physical line, docs/product.md §2) and chains them in file order.
import type { SessionBase } from "../types.js";

/**
 * Release families, each checked against the binary it names (docs/codex.md §6). codex-0.169: numbered lines,
 * a token_usage_record per response, compacted lines with replacement_history, the base instructions sent as the
 * first developer message. codex-0.100: compacted lines with only the summary (the history after them is rebuilt,
 * docs/codex.md §4), the base instructions sent as the request's `instructions`.
 */
export type CodexProfile = "codex-0.169" | "codex-0.100";
export const CODEX_PROFILES: readonly CodexProfile[] = ["codex-0.169", "codex-0.100"];

/** Line types the reader of 0.169.0 replays or skips knowingly (RolloutItem variants and their neighbours). */
export const KNOWN_LINE_TYPES: ReadonlySet<string> = new Set([
  "session_meta",
  "response_item",
  "event_msg",
  "turn_context",
  "compacted",
  "world_state",
  "token_usage_record",
]);

/** One parsed line of a rollout. */
export interface CodexLine {
  /** `L<line>`. */
  id: string;
  line: number;
  /** The RolloutLine `type` (session_meta, response_item, …). */
  type: string;
  payload: Record<string, unknown>;
  timestamp?: string;
  /** 0.169.0's per-line sequence number, when the line has one. */
  ordinal?: number;
}

export interface CodexSession extends SessionBase {
  format: "codex";
  profile: CodexProfile;
  /** Every line that parsed as a RolloutLine object, in file order. */
  lines: CodexLine[];
  byId: Map<string, CodexLine>;
  /** The first session_meta payload (the session header), or null. */
  meta: Record<string, unknown> | null;
  /**
   * A fork's parent rollout as readSession read it: null when it could not be read; absent when not read
   * (parseSession, stdin, or not a fork).
   */
  origin?: CodexSession | null;
}

/** A history item as the wire carries it, with the line it came from (or the compacted line that rebuilt it). */
export interface CodexItem {
  item: Record<string, unknown>;
  sourceId: string;
}

export const lineId = (line: number): string => `L${line}`;
