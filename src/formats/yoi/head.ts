// The yoi format's head: its name, codes, profiles and file detection, without its reader. The format
// registry holds every head; the rest of the format (index.ts) is loaded when a file of this format is read.
import { yoiCodes } from "./codes.js";
import type { FormatAbout, FormatHead } from "../types.js";
import { isObject } from "../../shared/json.js";
import { YOI_PROFILES, type YoiProfile, type YoiSession } from "./model.js";

/** True when the first JSON record of a file opens a yoi segment. */
export const sniffYoi = (first: unknown): boolean => isObject(first) && (first.kind === "segment_start" || first.kind === "annotated_segment_start");

export const yoiHead: FormatHead<YoiSession> = {
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
};
