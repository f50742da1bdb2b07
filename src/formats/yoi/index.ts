// The yoi format module (docs/product.md §2, §3): segment reader, replay, turns, compactions, wrap-once rule.
import { yoiCodes } from "./codes.js";
import type { FormatAbout, FormatModule } from "../types.js";
import { buildYoiContext, yoiToMsgs, yoiTurnContexts, yoiTurns } from "./context.js";
import { yoiFolder } from "./folder.js";
import { yoiCompactions } from "./lineage.js";
import { YOI_PROFILES, type YoiHistoryItem, type YoiProfile, type YoiSession } from "./model.js";
import { setYoiOrigin, yoiCompactionBefore, yoiOriginFile, yoiOriginFindingsOf } from "./origin.js";
import { createYoiParser, sniffYoi } from "./parse.js";
import { yoiTtsrSteps } from "./ttsr-steps.js";

export * from "./model.js";
export { createYoiParser, parseYoi, sniffYoi } from "./parse.js";
export { buildYoiContext, yoiItemToMsg, yoiToMsgs, yoiTurns, yoiTurnContexts } from "./context.js";
export { restoreYoi, flattenSegments, historyText, type YoiRestoredState } from "./restore.js";
export { pickNewestSegment, yoiCompactions, yoiCompactionDiffInput, yoiOriginFindings } from "./lineage.js";
export { checkLogEntry, LOG_ENTRY_KINDS, SYSTEM_ITEM_KINDS } from "./catalog.js";

export const yoiFormat: FormatModule<YoiSession, YoiHistoryItem> = {
  name: "yoi",
  codes: yoiCodes,
  profiles: YOI_PROFILES,
  // What --help and the README's Formats table say of the format and its profiles.
  about: {
    title: "yoi",
    defaultProfile: "seed",
    profiles: {
      seed: { about: "the seed-era segment reader", checkedAgainst: "yoi e0caf7d1" },
      head: { about: "the later reader; files between the eras are read with it and a warning", checkedAgainst: "yoi b12e0785" },
      v3: { about: "the Worker Session store at schema 3; chosen from the records", checkedAgainst: "yoi 74139aeb" },
    },
  } satisfies FormatAbout<YoiProfile>,
  sniff: sniffYoi,
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
