// The Scorel format module (docs/product.md §2, §3; docs/scorel.md): reader from parse.ts, context builders from context/.
import type { FormatModule, NativeContext } from "../types.js";
import { scorelHead } from "./head.js";
import { buildScorelContext, scorelCompactions, scorelContextsAt, scorelToMsgs, scorelTurnContexts, scorelTurns, type ScorelMessage } from "./context/index.js";
import { resolveProfile } from "./context/build.js";
import type { ScorelSession } from "./model.js";
import { createScorelParser } from "./parse.js";
import { scorelRecordedCwd, scorelTtsrSteps } from "./ttsr-steps.js";

export * from "./model.js";
export * from "./context/index.js";

export const scorelFormat: FormatModule<ScorelSession, ScorelMessage> = {
  ...scorelHead,
  createParser: createScorelParser,
  buildContext: buildScorelContext,
  // A plain NativeContext (no `profile`) is lowered under the requested or the session's profile.
  toMsgs: (session, ctx: NativeContext<ScorelMessage> & { profile?: string }, opts) =>
    scorelToMsgs(session, { ...ctx, profile: resolveProfile(session, ctx.profile ?? opts?.profile), leafId: null }),
  turns: (session) => scorelTurns(session),
  turnContexts: scorelTurnContexts,
  compactions: (session) => scorelCompactions(session),
  contextsAt: scorelContextsAt,
  ttsrSteps: scorelTtsrSteps,
  recordedCwd: scorelRecordedCwd,
};
