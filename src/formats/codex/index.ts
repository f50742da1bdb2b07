// The Codex CLI rollout format module (docs/codex.md): reader, replay (one turn per model request, with the
// request body as far as the rollout records it), compactions, TTSR steps.
import type { FormatModule } from "../types.js";
import { codexHead } from "./head.js";
import { buildCodexContext, clearCodexReplay, codexCompactions, codexContextsAt, codexToMsgs, codexTurnContexts, codexTurns } from "./context.js";
import { codexForkPoint, codexOriginFile, codexOriginFindings, setCodexOrigin } from "./fork.js";
import { replayCodex } from "./replay.js";
import type { CodexItem, CodexSession } from "./model.js";
import { createCodexParser } from "./parse.js";
import { codexTtsrSteps } from "./ttsr-steps.js";

export * from "./model.js";
export { codexReplay } from "./context.js";
export { turnRequest } from "./request.js";
export type { CodexTurn, CodexCompaction } from "./replay.js";

export const codexFormat: FormatModule<CodexSession, CodexItem> = {
  ...codexHead,
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
