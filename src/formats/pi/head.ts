// The pi / oh-my-pi format's head: its name, codes, profiles and file detection, without its reader. The format
// registry holds every head; the rest of the format (index.ts) is loaded when a file of this format is read.
import { piCodes } from "./codes.js";
import type { FormatAbout, FormatHead } from "../types.js";
import { isObject } from "../../shared/json.js";
import { PI_PROFILES, type PiProfile, type PiSession } from "./model.js";

/**
 * True when the first JSON record of a file is a pi header, a v17 title slot, or shaped like a pi entry (string
 * type and id, a parentId, an ISO timestamp string): a pi file without its header, which gets pi's verdict.
 */
export function sniffPi(first: unknown): boolean {
  if (!isObject(first)) return false;
  if (first.type === "session" || first.type === "title") return true;
  return typeof first.type === "string" && typeof first.id === "string" && "parentId" in first && typeof first.timestamp === "string";
}

export const piHead: FormatHead<PiSession> = {
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
  readsLineFacts: true,
};
