// The Claude Code session model (docs/claude-code.md): the transcript's lines as records, the conversation
// entries (lines with a uuid) as the tree, and the request records 2.1.3xx writes beside them.
import type { SessionBase } from "../types.js";

/**
 * Profiles per release family (docs/claude-code.md §1; the release each is checked against is in formats/profiles.ts):
 * cc-2.1 — 2.1.328, writes api-request / api-request-shape / api-request-blob records (exact requests);
 * cc-2.1-early — 2.1.220, conversation lines only (messages rebuilt from the lines, system and tools unknown).
 */
export const CC_PROFILES = ["cc-2.1", "cc-2.1-early"] as const;
export type CcProfile = (typeof CC_PROFILES)[number];

export type Json = Record<string, unknown>;

/** One parsed transcript line. */
export interface CcRecord {
  line: number;
  type: string;
  raw: Json;
}

/** An Anthropic Messages API message as Claude Code sends it. */
export interface ApiMessage {
  role: string;
  content: unknown;
}

export interface ApiRequestRecord {
  id: string;
  line: number;
  shapeHash: string;
  params: Json;
  base?: string;
  keep: number;
  tail: string[];
  cacheControl: Array<{ path: Array<string | number>; value: unknown }>;
  requestDigest: string;
  querySource?: string;
  agentId?: string;
}

export interface CcSession extends SessionBase {
  format: "claude-code";
  profile: CcProfile;
  records: CcRecord[];
  /** Conversation entries (user, assistant, attachment, system lines with a uuid) by uuid. */
  entries: Map<string, CcRecord>;
  /** api-request-blob messages by hash. */
  blobs: Map<string, ApiMessage>;
  /** api-request-shape {system, tools} by shapeHash. */
  shapes: Map<string, { system: unknown[]; tools: unknown[] }>;
  /** api-request records in file order. */
  requests: ApiRequestRecord[];
  /** The `version` field of the first entry that has one (the release that wrote the file). */
  version?: string;
  /** Set on a subagent transcript (subagents/agent-<id>.jsonl). */
  agentId?: string;
}

export const CONVERSATION_TYPES: ReadonlySet<string> = new Set(["user", "assistant", "attachment", "system"]);

/** Every record type the profiles know; any other is newer than sightline (PROFILE_NEWER). */
export const KNOWN_TYPES: ReadonlySet<string> = new Set([
  ...CONVERSATION_TYPES,
  "summary",
  "queue-operation",
  "file-history-snapshot",
  "ai-title",
  "custom-title",
  "last-prompt",
  "progress",
  "mode",
  "permission-mode",
  "atis-latch",
  "cost-state",
  "tools-used",
  "tag",
  "agent-name",
  "pr-link",
  "worktree-state",
  "content-replacement",
  "api-request",
  "api-request-shape",
  "api-request-blob",
]);
