// Diagnostic codes of the Codex CLI rollout reader (docs/codex.md).
import { show, type Catalogue } from "../../shared/codes/types.js";

export const codexCodes = {
  CODEX_INVALID_LINE: {
    severity: "warning",
    title: "A rollout line that is not a RolloutLine object (Codex's reader skips it)",
    message: (a: { detail: string }) => `Not a rollout line: ${show(a.detail)}; skipped, as Codex skips it`,
  },
  CODEX_SCHEMA: {
    severity: "error",
    title: "A rollout line of a known type lacks a field its type requires",
    message: (a: { type: string; detail: string }) => `${show(a.type)} line: ${show(a.detail)}`,
  },
  CODEX_NO_SESSION_META: {
    severity: "error",
    title: "The rollout does not start with a session_meta line",
    message: () => "The first rollout line is not session_meta: Codex cannot list or resume this file",
  },
  CODEX_ORPHAN_OUTPUT: {
    severity: "warning",
    title: "A tool output whose call is not in the history it joins",
    message: (a: { callId: string }) => `Tool output for call ${show(a.callId)} has no earlier call in the history`,
  },
  CODEX_LEGACY_COMPACTION: {
    severity: "info",
    title: "A compacted line without replacement_history: the history after it is rebuilt as the reader does",
    message: () =>
      "compacted line without replacement_history: the history after it is rebuilt from the initial context, the user messages and the summary (docs/codex.md §4); the initial context is the one the file recorded",
  },
  CODEX_ROLLBACK: {
    severity: "info",
    title: "A thread rollback: the history drops the last user turns",
    message: (a: { turns: number }) =>
      `Thread rolled back by ${show(a.turns)} user turn(s): the history drops them from the last user message they began with (docs/codex.md §2.3)`,
  },
  CODEX_REWRITTEN: {
    severity: "warning",
    title: "The rollout was rewritten after it was written (ordinals out of order)",
    message: (a: { line: number; detail: string }) =>
      `This rollout was rewritten after Codex wrote it (line ${show(a.line)}: ${show(a.detail)}): what it shows may not be what was sent`,
  },
  CODEX_MULTIPLE_META: {
    severity: "info",
    title: "A rollout with several session_meta lines (a fork or a resumed copy keeps its parent's)",
    message: (a: { count: number; ids: string }) => `${show(a.count)} session_meta lines (sessions ${show(a.ids)}): the first names this session`,
  },
  CODEX_TWO_WRITERS: {
    severity: "info",
    title: "A rollout an older release wrote and 0.169.0 resumed: each request is rebuilt with its writer's rules",
    message: (a: { line: number }) =>
      `Written by an older release up to line ${show(a.line)}, then resumed by 0.169.0: the requests before are rebuilt as the older release sent them, the later ones from the history 0.169.0 rebuilds (docs/codex.md §4)`,
  },
  CODEX_FORK_PARENT_MISSING: {
    severity: "warning",
    title: "A fork whose parent rollout could not be read: its history before the fork is unknown",
    message: (a: { parent: string }) =>
      `This rollout is a fork of ${show(a.parent)}, whose rollout was not found beside it: the requests are shown without the parent's history`,
  },
  CODEX_FORK_OF: {
    severity: "info",
    title: "A fork and the rollout of the thread it was forked from",
    message: (a: { parent: string; file: string }) =>
      `This rollout is a fork of thread ${show(a.parent)}: its history before the fork is that thread's, read from ${show(a.file)}`,
  },
  CODEX_REVERT_OF: {
    severity: "info",
    title: "A thread continued after a revert and the rollout it continues",
    message: (a: { parent: string; file: string }) =>
      `This rollout continues thread history ${show(a.parent)} after a revert: its history before is read from ${show(a.file)}`,
  },
  CODEX_REVERT_BASE_MISSING: {
    severity: "warning",
    title: "A thread continued after a revert whose earlier rollout could not be read: its history before is unknown",
    message: (a: { parent: string }) =>
      `This rollout continues thread history ${show(a.parent)} after a revert, and that rollout was not found beside it: the requests are shown without the history before it`,
  },
} satisfies Catalogue;

// The catalogue's types learn this table here (the format registry adds it to the catalogue at run time).
declare module "../../shared/codes.js" {
  interface CodeTables {
    codex: typeof codexCodes;
  }
}
