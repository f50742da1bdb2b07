// Profile choice (docs/product.md §2, docs/pi.md §8.1): `pi` (baseline pi / omp ≤14 context rules) by default,
// `omp17` when the file carries something only @oh-my-pi 17 writes, `omp18` when it carries something only
// oh-my-pi 18 writes, `pi-1.5` on pi 1.x evidence; `--profile` overrides. The reason is reported as PROFILE_CHOSEN.
import type { DiagnosticBag } from "../../shared/diagnostics.js";
import { isPiProfile, PI_PROFILES, type PiProfile, type PiSession } from "./model.js";
import { beyondOmp18Markers, newerMarker, type NewerMarker } from "./newer.js";
import type { PiEntry } from "./model.js";

/** Entry types only v17 writes (docs/pi.md §4). */
const V17_TYPES = new Set(["reset_boundary", "title_change", "credential_pin"]);
/** Header keys only v17 writes (docs/pi.md §2.2). */
const V17_HEADER_KEYS = ["additionalDirectories", "previousSessionFiles", "providerPromptCacheKey"];

/**
 * What the profile choice reads of the entries, gathered one entry at a time in file order: the reader adds each
 * as it comes (parse.ts), so that the choice at the end of a large file does not pass over every entry again
 * (≈ 8 ms on 40,000 entries, serial after the last range of a parallel validate; docs/performance.md §4.30).
 */
export class EntryMarkers {
  /** newerMarkers(entries): the first three markers and the count of all. */
  readonly shown: NewerMarker[] = [];
  total = 0;
  /** The line of the first pi 1.x marker. */
  firstPiLine: number | undefined;
  /** The first v17-only entry, worded as the reason. */
  v17: string | undefined;

  add(e: PiEntry): void {
    if (this.v17 === undefined && V17_TYPES.has(e.type)) this.v17 = `${e.type} entry on line ${e.line}`;
    const m = newerMarker(e);
    if (!m) return;
    this.total++;
    if (this.shown.length < 3) this.shown.push(m);
    if (m.writer === "pi") this.firstPiLine ??= m.line;
  }
}

/** The markers of entries already read. */
export function entryMarkers(entries: readonly PiEntry[]): EntryMarkers {
  const m = new EntryMarkers();
  for (const e of entries) m.add(e);
  return m;
}

/** The first v17-only marker of the file, worded as the reason, or undefined. */
export function v17Marker(s: PiSession, markers: EntryMarkers = entryMarkers(s.entries)): string | undefined {
  if (s.titleSlot) return `title slot on line ${s.titleSlot.line}`;
  if (s.header) for (const k of V17_HEADER_KEYS) if (k in s.header) return `header field ${k}`;
  return markers.v17;
}

/** `markers`: those of the session's entries, when the reader gathered them as it read (else they are gathered here). */
export function chooseProfile(s: PiSession, requested: string | undefined, bag: DiagnosticBag, markers: EntryMarkers = entryMarkers(s.entries)): void {
  const newer = markers;
  const omp18 = newer.shown.find((m) => m.writer === "oh-my-pi")?.what ?? s.omp18Evidence?.[0];
  const omp18Marker = omp18 ? `oh-my-pi 18 marker: ${omp18}` : undefined;
  const marker = omp18Marker ?? v17Marker(s, markers);
  // pi 1.x evidence (what only @earendil-works/pi-coding-agent ≥ 0.86 writes) chooses pi-1.5, which knows it.
  const pi1 = [...(s.pi1Evidence ?? []), ...newer.shown.filter((m) => m.writer === "pi").map((m) => m.what)];
  if (isPiProfile(requested)) {
    s.profile = requested as PiProfile;
    s.profileReason = "requested";
    if (requested === "pi" && marker) bag.add("PROFILE_MISMATCH", {}, { problem: "pi-v17-marker", marker });
    if (requested === "pi-1.5" && marker) bag.add("PROFILE_MISMATCH", {}, { problem: "pi1-omp-marker", marker });
    if (requested === "omp17" && omp18) bag.add("PROFILE_MISMATCH", {}, { problem: "omp17-omp18-marker", marker: omp18 });
  } else {
    if (requested !== undefined) bag.add("PROFILE_MISMATCH", {}, { problem: "unknown-profile", format: "pi", requested, known: PI_PROFILES });
    s.profile = omp18Marker ? "omp18" : marker ? "omp17" : pi1.length > 0 ? "pi-1.5" : "pi";
    s.profileReason = marker ?? (pi1.length > 0 ? `pi 1.x evidence: ${pi1.join(", ")}${newer.total > newer.shown.length ? " …" : ""}` : "default");
  }
  bag.add("PROFILE_CHOSEN", {}, { format: "pi", profile: s.profile, why: s.profileReason });
  // pi 1.x markers are known (to pi-1.5): never evidence of a newer release; read with another profile, a mismatch.
  if (s.profile !== "pi-1.5" && pi1.length > 0) {
    const line = markers.firstPiLine;
    bag.add("PROFILE_MISMATCH", line !== undefined ? { line } : {}, { problem: "pi1-evidence", profile: s.profile, evidence: pi1[0] });
  }
  // oh-my-pi 18 markers are known (to omp18); what even 18.3.4 does not write is evidence of a newer release.
  // Only an oh-my-pi file says so: an unknown type in a pi file stays a per-line finding.
  if (s.profile !== "omp18") return;
  const beyond = beyondOmp18Markers(s.entries);
  if (beyond.total > 0)
    bag.add(
      "PROFILE_NEWER",
      { line: beyond.shown[0].line },
      { writer: "oh-my-pi", profile: s.profile, evidence: beyond.shown.map((m) => m.what).join(", "), more: beyond.total - beyond.shown.length },
    );
}
