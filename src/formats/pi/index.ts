// The pi / oh-my-pi format module (docs/product.md §2, §6, §7).
import { piCodes } from "./codes.js";
import type { FormatAbout, FormatModule } from "../types.js";
import { buildPiContext } from "./context.js";
import { piToMsgs } from "./lower.js";
import type { AgentMessage } from "./messages.js";
import { PI_PROFILES, type PiProfile, type PiSession } from "./model.js";
import { createPiParser, sniffPi } from "./parse.js";
import { piContextsAt, piTurnContexts } from "./turn-contexts.js";
import { piCompactions, piTurns } from "./turns.js";

// TTSR replay steps: pi messages as they are (simulation reads pi's own shapes).
const piTtsrSteps = (s: PiSession) =>
  s.entries.map((e) => {
    const m = e.raw.message;
    return e.type === "message" && typeof m === "object" && m !== null && !Array.isArray(m) ? { id: e.id, msg: m as Record<string, unknown> } : { id: e.id };
  });

export const piFormat: FormatModule<PiSession, AgentMessage> = {
  name: "pi",
  codes: piCodes,
  profiles: PI_PROFILES,
  // What --help and the README's Formats table say of the format and its profiles.
  about: {
    title: "pi / oh-my-pi",
    defaultProfile: "pi",
    profiles: {
      pi: { about: "baseline pi / oh-my-pi ≤ 14 context rules", checkedAgainst: "pi 0.74.0 (conformance; v17 title slots aside)" },
      omp17: { about: "oh-my-pi 17; chosen on v17 markers (title slot, v17 entry types)", checkedAgainst: "oh-my-pi 17.2.15 (source)" },
      omp18: { about: "oh-my-pi 18; chosen on what only 18 writes (`model_usage`, context notes, …)", checkedAgainst: "oh-my-pi 18.3.4 (conformance)" },
      "pi-1.5": { about: "pi 1.x; chosen on system-role messages, `context_edit` or `usage` entries", checkedAgainst: "pi 1.5.2 (conformance)" },
    },
  } satisfies FormatAbout<PiProfile>,
  sniff: sniffPi,
  createParser: createPiParser,
  buildContext: buildPiContext,
  // pi files do not record the system prompt: buildPiContext's is always null.
  systemPromptAt: () => null,
  toMsgs: piToMsgs,
  turns: piTurns,
  turnContexts: piTurnContexts,
  compactions: piCompactions,
  contextsAt: piContextsAt,
  ttsrSteps: piTtsrSteps,
  recordedCwd: (s) => s.cwd,
};

export { buildPiContext } from "./context.js";
export type { AgentMessage } from "./messages.js";
export * from "./model.js";
