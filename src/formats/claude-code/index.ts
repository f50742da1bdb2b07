// The Claude Code format module (docs/claude-code.md): transcript reader, one turn per API request, requests
// rebuilt from the 2.1.3xx request records (digest-checked) or from the conversation lines, compactions.
import type { FormatModule } from "../types.js";
import { claudeCodeHead } from "./head.js";
import { buildCcContext, ccCompactions, ccToMsgs, ccTurnContexts, ccTurns } from "./context.js";
import type { ApiMessage, CcSession } from "./model.js";
import { createClaudeCodeParser } from "./parse.js";
import { ccOriginFile, ccOriginFindings, setCcOrigin } from "./subagent.js";
import { ccTtsrSteps } from "./ttsr-steps.js";

export * from "./model.js";
export { rebuildRequests, type RebuiltRequest } from "./requests.js";

export const claudeCodeFormat: FormatModule<CcSession, ApiMessage> = {
  ...claudeCodeHead,
  createParser: createClaudeCodeParser,
  buildContext: buildCcContext,
  toMsgs: ccToMsgs,
  turns: ccTurns,
  turnContexts: ccTurnContexts,
  compactions: ccCompactions,
  ttsrSteps: ccTtsrSteps,
  ttsrRecorded: false,
  originFile: ccOriginFile,
  setOrigin: setCcOrigin,
  originFindings: ccOriginFindings,
  recordedCwd: (s) => {
    for (const r of s.records) if (typeof r.raw.cwd === "string") return r.raw.cwd;
    return null;
  },
};
