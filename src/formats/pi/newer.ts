// Markers of releases after pi 0.73 / oh-my-pi 17.2.15 (docs/pi.md §8.1). `newerMarker` finds what oh-my-pi 18
// and pi 1.x write: evidence for the profile choice (omp18, pi-1.5). `beyondOmp18Marker` finds what even
// oh-my-pi 18.3.4 does not write (an unknown entry type, compaction method or compaction field): such a file is
// still read with the newest fitting profile, but never silently (one PROFILE_NEWER warning).
// The markers were read off the published packages (@oh-my-pi/pi-coding-agent 18.3.4 session-entries.ts,
// compaction-methods.ts and context-notes.ts; @earendil-works/pi-coding-agent 1.5.2 session-manager.d.ts).
import type { PiEntry } from "./model.js";
import { isKnownEntryType } from "./schema.js";

export interface NewerMarker {
  /** Which writer family the marker belongs to. */
  writer: "oh-my-pi" | "pi";
  /** What was seen, with its line. */
  what: string;
  /** 1-based physical line of the entry. */
  line: number;
}

/** Entry types newer than v17 (no profile but omp18 / pi-1.5 reads them), each with the writer that introduced it. */
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

/** oh-my-pi 18.3.4 compaction methods (compaction-methods.ts COMPACTION_METHOD_CHOICES). */
export const OMP18_COMPACTION_METHODS: ReadonlySet<string> = new Set(["remote", "snapcompact", "handoff", "soft", "shake"]);
/** Every field of an oh-my-pi 18.3.4 compaction entry (session-entries.ts CompactionEntry and the entry base). */
const OMP18_COMPACTION_KEYS: ReadonlySet<string> = new Set([
  ...["type", "id", "parentId", "timestamp", "summary", "shortSummary", "firstKeptEntryId", "tokensBefore", "tokensAfter"],
  ...["method", "providerReplayThroughEntryId", "details", "preserveData", "fromExtension", "warning"],
]);

/** What an entry carries that oh-my-pi 18.3.4 never writes (worded as evidence), or undefined. */
export function beyondOmp18Marker(e: PiEntry): NewerMarker | undefined {
  const at = (what: string): NewerMarker => ({ writer: "oh-my-pi", what: `${what} (line ${e.line})`, line: e.line });
  if (!isKnownEntryType(e.type) && !Object.hasOwn(NEWER_ENTRY_TYPES, e.type)) return at(`unknown entry type ${JSON.stringify(e.type)}`);
  if (e.type !== "compaction") return undefined;
  const method = e.raw.method;
  if (method !== undefined && !(typeof method === "string" && OMP18_COMPACTION_METHODS.has(method)))
    return at(`unknown compaction method ${JSON.stringify(method)}`);
  // pi 1.x's systemMessage is pi evidence (PROFILE_MISMATCH), not a newer oh-my-pi field.
  for (const k of Object.keys(e.raw)) if (!OMP18_COMPACTION_KEYS.has(k) && k !== "systemMessage") return at(`unknown compaction field ${k}`);
  return undefined;
}

/** Every beyond-omp18 marker of the file, at most `limit` shown. */
export function beyondOmp18Markers(entries: readonly PiEntry[], limit = 3): { shown: NewerMarker[]; total: number } {
  const shown: NewerMarker[] = [];
  let total = 0;
  for (const e of entries) {
    const m = beyondOmp18Marker(e);
    if (!m) continue;
    total++;
    if (shown.length < limit) shown.push(m);
  }
  return { shown, total };
}
