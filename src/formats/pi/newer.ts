// Evidence that a pi / oh-my-pi file was written by a release newer than every profile sightline knows
// (pi ≤ 0.73 as `pi`, oh-my-pi 17.2.15 as `omp17`). Such a file is still read and replayed with the newest
// fitting profile, but never silently: one PROFILE_NEWER warning names the evidence and the profile used.
// The markers below were read off the published packages (@oh-my-pi/pi-coding-agent 18.3.4 session-entries.ts
// and context-notes.ts; @earendil-works/pi-coding-agent 1.5.2 session-manager.d.ts and its changelog).
import type { PiEntry } from "./model.js";

export interface NewerMarker {
  /** Which writer family the marker belongs to. */
  writer: "oh-my-pi" | "pi";
  /** What was seen, with its line. */
  what: string;
  /** 1-based physical line of the entry. */
  line: number;
}

/** Entry types no known profile reads, each with the writer that introduced it. */
export const NEWER_ENTRY_TYPES: Readonly<Record<string, NewerMarker["writer"]>> = {
  model_usage: "oh-my-pi", // per-call usage telemetry (omp 18)
  context_edit: "pi", // append-only context edits: replace or omit an earlier message (pi 0.87)
  usage: "pi", // usage telemetry such as cache warming (pi 1.x)
};

/** Compaction fields newer than the v17 set (shortSummary, preserveData, warning). */
const NEWER_COMPACTION_FIELDS: Readonly<Record<string, NewerMarker["writer"]>> = {
  method: "oh-my-pi",
  tokensAfter: "oh-my-pi",
  providerReplayThroughEntryId: "oh-my-pi",
  systemMessage: "pi",
};

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** The marker one entry carries, if any (the first found). */
export function newerMarker(e: PiEntry): NewerMarker | undefined {
  const writer = NEWER_ENTRY_TYPES[e.type];
  if (writer) return { writer, what: `${e.type} entry (line ${e.line})`, line: e.line };
  const r = e.raw;
  if (e.type === "compaction") {
    for (const k of Object.keys(NEWER_COMPACTION_FIELDS))
      if (k in r) return { writer: NEWER_COMPACTION_FIELDS[k], what: `compaction field ${k} (line ${e.line})`, line: e.line };
  } else if (e.type === "message") {
    if (isObject(r.message) && r.message.role === "system") return { writer: "pi", what: `message with role system (line ${e.line})`, line: e.line };
  } else if (e.type === "custom") {
    if (r.customType === "experimental_context_notes") return { writer: "oh-my-pi", what: `context notes (line ${e.line})`, line: e.line };
  } else if (e.type === "custom_message") {
    if (isObject(r.details) && "deliveryId" in r.details)
      return { writer: "oh-my-pi", what: `custom message details.deliveryId (line ${e.line})`, line: e.line };
  }
  return undefined;
}

/** Every marker of the file (those `keep` accepts), in file order, at most `limit` (the count of all is returned beside). */
export function newerMarkers(entries: readonly PiEntry[], limit = 3, keep: (m: NewerMarker) => boolean = () => true): { shown: NewerMarker[]; total: number } {
  const shown: NewerMarker[] = [];
  let total = 0;
  for (const e of entries) {
    const m = newerMarker(e);
    if (!m || !keep(m)) continue;
    total++;
    if (shown.length < limit) shown.push(m);
  }
  return { shown, total };
}
