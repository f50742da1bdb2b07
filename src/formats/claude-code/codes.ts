// Diagnostic codes of the Claude Code area (docs/claude-code.md).
import { show, type Catalogue } from "../../shared/codes/types.js";

export const claudeCodeCodes = {
  CC_INVALID_LINE: {
    severity: "error",
    title: "A Claude Code transcript line that is not a JSON object with a string `type`",
    message: (a: { detail: string }) => `Not a Claude Code transcript record: ${show(a.detail)}`,
  },
  CC_ENTRY_SHAPE: {
    severity: "error",
    title: "A transcript entry missing a field its type always carries",
    message: (a: { type: string; field: string }) => `${show(a.type)} entry without a valid ${show(a.field)}`,
  },
  CC_DUPLICATE_UUID: {
    severity: "error",
    title: "Two conversation entries with one uuid",
    message: (a: { uuid: string; first: number }) => `uuid ${show(a.uuid)} already used at line ${show(a.first)}`,
  },
  CC_ENTRY_REWRITTEN: {
    severity: "info",
    title: "A conversation entry written again under its uuid, equal to the first line with fields added",
    message: (a: { uuid: string; first: number; added: string }) =>
      `uuid ${show(a.uuid)}: the entry of line ${show(a.first)} written again${a.added === "" ? "" : ` with ${show(a.added)} added`}; the first line is read`,
  },
  CC_DANGLING_PARENT: {
    severity: "error",
    title: "An entry whose parentUuid names no entry of the file",
    message: (a: { parent: string }) => `parentUuid ${show(a.parent)} names no entry of this file`,
  },
  CC_SPLIT_INCONSISTENT: {
    severity: "error",
    title: "The lines of one streamed assistant message (one message.id) disagree on the request or the model",
    message: (a: { messageId: string; field: string }) => `assistant message ${show(a.messageId)} is split over lines that disagree on ${show(a.field)}`,
  },
  CC_REQUEST_PART_MISSING: {
    severity: "error",
    title: "A request record names a shape, a base request or a message hash the file does not hold",
    message: (a: { request: string; part: string }) => `request ${show(a.request)}: ${show(a.part)} is not in the file, so the request cannot be rebuilt`,
  },
  CC_DIGEST_MISMATCH: {
    severity: "error",
    title: "A request rebuilt from the records does not hash to the record's requestDigest",
    message: (a: { request: string; expected: string; actual: string }) =>
      `request ${show(a.request)}: the rebuilt request hashes to ${show(a.actual)}, the record says ${show(a.expected)}`,
  },
  CC_SUBAGENT_OF: {
    severity: "info",
    title: "A subagent transcript and the tool call of its parent session that started it",
    message: (a: { agentId: string; toolUseId: string; parent: string }) =>
      `subagent ${show(a.agentId)} was started by tool call ${show(a.toolUseId)} of session ${show(a.parent)}`,
  },
  CC_SUBAGENT_UNLINKED: {
    severity: "warning",
    title: "A subagent transcript whose parent session holds no tool call that started it",
    message: (a: { agentId: string; parent: string }) => `no tool call of session ${show(a.parent)} started subagent ${show(a.agentId)}`,
  },
  CC_SUBAGENT_PARENT_MISSING: {
    severity: "warning",
    title: "A subagent transcript whose parent session file is not where Claude Code writes it",
    message: (a: { agentId: string; parent: string }) => `subagent ${show(a.agentId)}: its parent session ${show(a.parent)} could not be read`,
  },
  CC_FORK_OF: {
    severity: "info",
    title: "A forked session (Claude Code's fork-session resume) and the session it copied",
    message: (a: { session: string; origin: string; copied: number; at: string }) =>
      `session ${show(a.session)} is a fork of session ${show(a.origin)}: its first ${show(a.copied)} entries are copies, up to entry ${show(a.at)}`,
  },
  CC_FORK_ORIGIN_MISSING: {
    severity: "warning",
    title: "A forked session whose original session file is not beside it, or holds none of the copied entries",
    message: (a: { session: string; origin: string }) =>
      `session ${show(a.session)} copies entries of session ${show(a.origin)}, which could not be read beside it or does not hold them`,
  },
} as const satisfies Catalogue;

// The catalogue's types learn this table here (the format registry adds it to the catalogue at run time).
declare module "../../shared/codes.js" {
  interface CodeTables {
    "claude-code": typeof claudeCodeCodes;
  }
}
