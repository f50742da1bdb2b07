// The Codex CLI rollout format module (docs/codex.md): reader, replay (one turn per model request, with the
// request body as far as the rollout records it), compactions, TTSR steps.
import type { FormatModule } from "../types.js";
import { buildCodexContext, clearCodexReplay, codexCompactions, codexToMsgs, codexTurnContexts, codexTurns } from "./context.js";
import { codexForkPoint, codexOriginFile, codexOriginFindings, setCodexOrigin } from "./fork.js";
import { replayCodex } from "./replay.js";
import { CODEX_PROFILES, type CodexItem, type CodexSession } from "./model.js";
import { createCodexParser, sniffCodex } from "./parse.js";
import { codexTtsrSteps } from "./ttsr-steps.js";

export * from "./model.js";
export { codexReplay } from "./context.js";
export { turnRequest } from "./request.js";
export type { CodexTurn, CodexCompaction } from "./replay.js";

export const codexFormat: FormatModule<CodexSession, CodexItem> = {
  name: "codex",
  profiles: CODEX_PROFILES,
  sniff: sniffCodex,
  createParser: createCodexParser,
  buildContext: buildCodexContext,
  toMsgs: codexToMsgs,
  turns: codexTurns,
  turnContexts: codexTurnContexts,
  compactions: codexCompactions,
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
