// The Codex CLI rollout format module (docs/codex.md): reader, replay (one turn per model request, with the
// request body as far as the rollout records it), compactions, TTSR steps.
import { codexCodes } from "./codes.js";
import type { FormatAbout, FormatModule } from "../types.js";
import { buildCodexContext, clearCodexReplay, codexCompactions, codexContextsAt, codexToMsgs, codexTurnContexts, codexTurns } from "./context.js";
import { codexForkPoint, codexOriginFile, codexOriginFindings, setCodexOrigin } from "./fork.js";
import { replayCodex } from "./replay.js";
import { CODEX_PROFILES, type CodexItem, type CodexProfile, type CodexSession } from "./model.js";
import { createCodexParser, sniffCodex } from "./parse.js";
import { codexTtsrSteps } from "./ttsr-steps.js";

export * from "./model.js";
export { codexReplay } from "./context.js";
export { turnRequest } from "./request.js";
export type { CodexTurn, CodexCompaction } from "./replay.js";

export const codexFormat: FormatModule<CodexSession, CodexItem> = {
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
  createParser: createCodexParser,
  buildContext: buildCodexContext,
  toMsgs: codexToMsgs,
  turns: codexTurns,
  turnContexts: codexTurnContexts,
  compactions: codexCompactions,
  contextsAt: codexContextsAt,
  ttsrSteps: codexTtsrSteps,
  originFile: codexOriginFile,
  chainedOrigin: true,
  ttsrRecorded: false,
  forkPoint: (s) => codexForkPoint(s, (base, endOrdinal) => replayCodex(base, { beforeOrdinal: endOrdinal }).turns.length),
  setOrigin: (s, origin) => setCodexOrigin(s, origin, clearCodexReplay),
  originFindings: codexOriginFindings,
  recordedCwd: (s) => (typeof s.meta?.cwd === "string" ? s.meta.cwd : null),
};
export { compareRequests, type RequestComparison, type RequestDifference } from "./verify.js";
