// The Scorel format's head: its name, codes, profiles and file detection, without its reader. The format
// registry holds every head; the rest of the format (index.ts) is loaded when a file of this format is read.
import { scorelCodes } from "./codes.js";
import type { FormatAbout, FormatHead } from "../types.js";
import { sniffScorel } from "./detect.js";
import { SCOREL_PROFILES, type ScorelProfile, type ScorelSession } from "./model.js";

export const scorelHead: FormatHead<ScorelSession> = {
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
};
