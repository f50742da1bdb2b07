// Recorded TTSR evidence, by format. A replay compares what the rules would have done with what the agent
// recorded (injection records, marks restored at a process restart, aborted responses); only formats that
// record TTSR evidence have an entry here (pi / oh-my-pi), a format without one records none. The replay
// and the profile choice reach a format's evidence through this table, never by testing the format name.
import { pathTo } from "../../formats/pi/context.js";
import type { PiEntry, PiSession } from "../../formats/pi/model.js";
import type { FormatName } from "../../formats/index.js";
import type { SessionBase } from "../../formats/types.js";
import type { TtsrProfile } from "../types.js";
import { collectEvidence, messageOf, type EvidenceItem } from "./evidence.js";

/** What a format recorded about TTSR, seen by the replay. */
export interface RecordedTtsr {
  /** The injection records and reminders the file holds, in file order. */
  evidence: EvidenceItem[];
  /** Rule names a process restarted before entry `id` restores (docs/ttsr.md §11.3); [] when none. */
  restoredBefore(id: string): string[];
  /** Whether the response with this id ended aborted or in error. */
  failed(id: string | undefined): boolean;
  /** The file line of an entry, for findings. */
  lineOf(id: string): number | undefined;
  /** The TTSR profile the format's own profile implies (oh-my-pi 17 files: v17), if any. */
  impliedProfile: TtsrProfile | undefined;
}

function piRecorded(s: PiSession): RecordedTtsr {
  return {
    evidence: collectEvidence(s.entries),
    restoredBefore: (id) => {
      const entry = s.byId.get(id);
      return entry ? restoredMarks(s, entry) : [];
    },
    failed: (id) => {
      const e = id === undefined ? undefined : s.byId.get(id);
      const stop = e ? messageOf(e)?.stopReason : undefined;
      return stop === "aborted" || stop === "error";
    },
    lineOf: (id) => s.byId.get(id)?.line,
    impliedProfile: impliedTtsrProfile(s.profile),
  };
}

/** The TTSR profile a pi format profile implies, matched by name (`omp18` is read as a plain string). */
function impliedTtsrProfile(formatProfile: string): TtsrProfile | undefined {
  if (formatProfile === "omp17") return "v17";
  if (formatProfile === "omp18") return "v18";
  return undefined;
}

/** Names restored at a process start before `entry`: ttsr_injection entries on its path (first-seen order). */
function restoredMarks(s: PiSession, entry: PiEntry): string[] {
  const names: string[] = [];
  for (const e of pathTo(s, entry)) {
    if (e === entry || e.type !== "ttsr_injection" || !Array.isArray(e.raw.injectedRules)) continue;
    for (const n of e.raw.injectedRules) if (typeof n === "string" && !names.includes(n)) names.push(n);
  }
  return names;
}

// Keyed by format name: each entry takes that format's own session model.
const RECORDED: { [F in FormatName]?: (s: never) => RecordedTtsr } = { pi: piRecorded };

/** The session's recorded TTSR evidence, or undefined when its format records none. */
export function recordedTtsr(session: SessionBase): RecordedTtsr | undefined {
  const source = RECORDED[session.format as FormatName] as ((s: SessionBase) => RecordedTtsr) | undefined;
  return source?.(session);
}
