// The Claude Code format's head: its name, codes, profiles and file detection, without its reader. The format
// registry holds every head; the rest of the format (index.ts) is loaded when a file of this format is read.
import { claudeCodeCodes } from "./codes.js";
import type { FormatAbout, FormatHead } from "../types.js";
import { isObject } from "../../shared/json.js";
import { CONVERSATION_TYPES, KNOWN_TYPES, CC_PROFILES, type CcProfile, type CcSession } from "./model.js";

const str = (v: unknown): v is string => typeof v === "string";

/**
 * True when the first JSON record is a Claude Code transcript line: a known record type with the fields that
 * type always has. A conversation entry carries a uuid and a sessionId; the other records a sessionId (or, for
 * the older summary / file-history-snapshot lines, their own key fields).
 */
export function sniffClaudeCode(first: unknown): boolean {
  if (!isObject(first) || !str(first.type) || !KNOWN_TYPES.has(first.type)) return false;
  if (CONVERSATION_TYPES.has(first.type)) return str(first.uuid) && str(first.sessionId) && "parentUuid" in first;
  if (first.type === "summary") return str(first.leafUuid) && str(first.summary);
  if (first.type === "file-history-snapshot") return str(first.messageId) && isObject(first.snapshot);
  return str(first.sessionId);
}

export const claudeCodeHead: FormatHead<CcSession> = {
  name: "claude-code",
  codes: claudeCodeCodes,
  profiles: CC_PROFILES,
  // What --help and the README's Formats table say of the format and its profiles.
  about: {
    title: "Claude Code",
    defaultProfile: "cc-2.1",
    profiles: {
      "cc-2.1": {
        about: "2.1.3xx transcripts with request records: every request rebuilt and checked against its digest; chosen on `api-request` records",
        checkedAgainst: "Claude Code 2.1.328 (conformance: the real CLI, offline)",
      },
      "cc-2.1-early": {
        about: "transcripts without request records: messages rebuilt from the lines; system prompt and tools not recorded",
        checkedAgainst: "Claude Code 2.1.220 (conformance: the real CLI, offline)",
      },
    },
  } satisfies FormatAbout<CcProfile>,
  sniff: sniffClaudeCode,
};
