// The pi / oh-my-pi format module (docs/product.md §2, §6, §7).
import type { FormatModule } from "../types.js";
import { buildPiContext } from "./context.js";
import { piToMsgs } from "./lower.js";
import type { AgentMessage } from "./messages.js";
import { PI_PROFILES, type PiSession } from "./model.js";
import { createPiParser, sniffPi } from "./parse.js";
import { piTurnContexts } from "./turn-contexts.js";
import { piCompactions, piTurns } from "./turns.js";

export const piFormat: FormatModule<PiSession, AgentMessage> = {
  name: "pi",
  profiles: PI_PROFILES,
  sniff: sniffPi,
  createParser: createPiParser,
  buildContext: buildPiContext,
  toMsgs: piToMsgs,
  turns: piTurns,
  turnContexts: piTurnContexts,
  compactions: piCompactions,
};

export { buildPiContext, type PiContext } from "./context.js";
export { formatPass, renderTemplate } from "./format-pass.js";
export { piToMsgs, remindersOf } from "./lower.js";
export type { AgentMessage } from "./messages.js";
export * from "./model.js";
export { createPiParser, parsePi, sniffPi } from "./parse.js";
export { piTurnContexts } from "./turn-contexts.js";
export { buildPiTranscript } from "./transcript.js";
export { emitItems, pathTo } from "./context.js";
export { piCompactions, piTurns } from "./turns.js";
