// The pi / oh-my-pi format module (docs/product.md §2, §6, §7).
import type { FormatModule } from "../types.js";
import { piHead } from "./head.js";
import { buildPiContext } from "./context.js";
import { piToMsgs } from "./lower.js";
import type { AgentMessage } from "./messages.js";
import type { PiSession } from "./model.js";
import { createPiParser } from "./parse.js";
import { piContextsAt, piTurnContexts } from "./turn-contexts.js";
import { piCompactions, piTurns } from "./turns.js";

// TTSR replay steps: pi messages as they are (simulation reads pi's own shapes).
const piTtsrSteps = (s: PiSession) =>
  s.entries.map((e) => {
    const m = e.raw.message;
    return e.type === "message" && typeof m === "object" && m !== null && !Array.isArray(m) ? { id: e.id, msg: m as Record<string, unknown> } : { id: e.id };
  });

export const piFormat: FormatModule<PiSession, AgentMessage> = {
  ...piHead,
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
