// The Claude Code format module (docs/claude-code.md): transcript reader, one turn per API request, requests
// rebuilt from the 2.1.3xx request records (digest-checked) or from the conversation lines, compactions.
import { claudeCodeCodes } from "./codes.js";
import type { FormatAbout, FormatModule } from "../types.js";
import { buildCcContext, ccCompactions, ccToMsgs, ccTurnContexts, ccTurns } from "./context.js";
import { CC_PROFILES, type ApiMessage, type CcProfile, type CcSession } from "./model.js";
import { createClaudeCodeParser, sniffClaudeCode } from "./parse.js";
import { ccOriginFile, ccOriginFindings, setCcOrigin } from "./subagent.js";
import { ccTtsrSteps } from "./ttsr-steps.js";

export * from "./model.js";
export { rebuildRequests, type RebuiltRequest } from "./requests.js";

export const claudeCodeFormat: FormatModule<CcSession, ApiMessage> = {
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
