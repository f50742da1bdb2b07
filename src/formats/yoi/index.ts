// The yoi format module (docs/product.md §2, §3): segment reader, replay, turns, compactions, wrap-once rule.
import type { FormatModule } from "../types.js";
import { yoiHead } from "./head.js";
import { buildYoiContext, yoiToMsgs, yoiTurnContexts, yoiTurns } from "./context.js";
import { yoiFolder } from "./folder.js";
import { yoiCompactions } from "./lineage.js";
import type { YoiHistoryItem, YoiSession } from "./model.js";
import { setYoiOrigin, yoiCompactionBefore, yoiOriginFile, yoiOriginFindingsOf } from "./origin.js";
import { createYoiParser } from "./parse.js";
import { yoiTtsrSteps } from "./ttsr-steps.js";

export * from "./model.js";
export { createYoiParser, parseYoi, sniffYoi } from "./parse.js";
export { buildYoiContext, yoiItemToMsg, yoiToMsgs, yoiTurns, yoiTurnContexts } from "./context.js";
export { restoreYoi, flattenSegments, historyText, type YoiRestoredState } from "./restore.js";
export { pickNewestSegment, yoiCompactions, yoiCompactionDiffInput, yoiOriginFindings } from "./lineage.js";
export { checkLogEntry, LOG_ENTRY_KINDS, SYSTEM_ITEM_KINDS } from "./catalog.js";

export const yoiFormat: FormatModule<YoiSession, YoiHistoryItem> = {
  ...yoiHead,
  createParser: createYoiParser,
  buildContext: buildYoiContext,
  toMsgs: yoiToMsgs,
  turns: yoiTurns,
  turnContexts: yoiTurnContexts,
  compactions: yoiCompactions,
  folder: yoiFolder,
  originFile: yoiOriginFile,
  setOrigin: setYoiOrigin,
  originFindings: yoiOriginFindingsOf,
  compactionBefore: yoiCompactionBefore,
  ttsrSteps: yoiTtsrSteps,
};
