// The Scorel format module (docs/product.md §2, §3; docs/scorel.md): reader from parse.ts, context builders from context/.
import { scorelCodes } from "./codes.js";
import type { FormatAbout, FormatModule, NativeContext } from "../types.js";
import { buildScorelContext, scorelCompactions, scorelContextsAt, scorelToMsgs, scorelTurnContexts, scorelTurns, type ScorelMessage } from "./context/index.js";
import { resolveProfile } from "./context/build.js";
import { SCOREL_PROFILES, type ScorelProfile, type ScorelSession } from "./model.js";
import { createScorelParser, sniffScorel } from "./parse.js";
import { scorelRecordedCwd, scorelTtsrSteps } from "./ttsr-steps.js";

export * from "./model.js";
export * from "./context/index.js";

export const scorelFormat: FormatModule<ScorelSession, ScorelMessage> = {
  name: "scorel",
  codes: scorelCodes,
  profiles: SCOREL_PROFILES,
  // What --help and the README's Formats table say of the format and its profiles.
  about: {
    title: "Scorel",
    defaultProfile: "p5",
    profiles: {
      p6: {
        about: "the current session core (`session_model_selected`); chosen on that event or an unknown event type",
        checkedAgainst: "Scorel session store, current source",
      },
      p5: { about: "P4's events; message content may hold structured `system_reminder` blocks", checkedAgainst: "Scorel P5 (20f22943)" },
      p4: { about: "the `compact` tree event and `context_control` (P4b)", checkedAgainst: "Scorel P4b" },
      p4a: { about: "the `compact` tree event, before `context_control`", checkedAgainst: "Scorel P4a" },
      p3: { about: "messages, tool results and harness items as tree events", checkedAgainst: "Scorel P3" },
      design: { about: "the seed event model; detected from its header", checkedAgainst: "the seed design" },
      g0: { about: "legacy `log.jsonl` with `kind` lines; detected", checkedAgainst: "Scorel G0" },
    },
  } satisfies FormatAbout<ScorelProfile>,
  sniff: sniffScorel,
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
