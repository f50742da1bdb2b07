// The Codex CLI format's head: its name, codes, profiles and file detection, without its reader. The format
// registry holds every head; the rest of the format (index.ts) is loaded when a file of this format is read.
import { codexCodes } from "./codes.js";
import type { FormatAbout, FormatHead } from "../types.js";
import { isObject } from "../../shared/json.js";
import { CODEX_PROFILES, type CodexProfile, type CodexSession } from "./model.js";

/** A rollout's first line is a RolloutLine whose type is session_meta. */
export function sniffCodex(first: unknown): boolean {
  return isObject(first) && first.type === "session_meta" && isObject(first.payload) && typeof first.payload.id === "string";
}

export const codexHead: FormatHead<CodexSession> = {
  name: "codex",
  codes: codexCodes,
  profiles: CODEX_PROFILES,
  // What --help and the README's Formats table say of the format and its profiles.
  about: {
    title: "Codex CLI",
    defaultProfile: "codex-0.169",
    profiles: {
      "codex-0.169": {
        about: "numbered rollout lines, `replacement_history`, base instructions as the first developer message",
        checkedAgainst: "Codex CLI 0.169.0 (binary, every request)",
      },
      "codex-0.100": {
        about: "`compacted` lines without `replacement_history` (history rebuilt), `instructions`, tool outputs cut in history",
        checkedAgainst: "Codex CLI 0.100.0 (binary, every request)",
      },
    },
  } satisfies FormatAbout<CodexProfile>,
  sniff: sniffCodex,
};
