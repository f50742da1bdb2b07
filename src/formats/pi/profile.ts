// Profile choice (design §2): `pi` (baseline pi / omp ≤14 context rules) by default, `omp17` when the file
// carries something only @oh-my-pi 17 writes; `--profile` overrides. The reason is reported as PROFILE_CHOSEN.
import type { DiagnosticBag } from "../../shared/diagnostics.js";
import { PI_PROFILES, type PiProfile, type PiSession } from "./model.js";
import { newerMarkers } from "./newer.js";

/** Entry types only v17 writes (pi-session-format §4). */
const V17_TYPES = new Set(["reset_boundary", "title_change", "credential_pin"]);
/** Header keys only v17 writes (§2.2). */
const V17_HEADER_KEYS = ["additionalDirectories", "previousSessionFiles", "providerPromptCacheKey"];

/** The first v17-only marker of the file, worded as the reason, or undefined. */
export function v17Marker(s: PiSession): string | undefined {
  if (s.titleSlot) return `title slot on line ${s.titleSlot.line}`;
  if (s.header) for (const k of V17_HEADER_KEYS) if (k in s.header) return `header field ${k}`;
  for (const e of s.entries) if (V17_TYPES.has(e.type)) return `${e.type} entry on line ${e.line}`;
  return undefined;
}

export function chooseProfile(s: PiSession, requested: string | undefined, bag: DiagnosticBag): void {
  const newer = newerMarkers(s.entries);
  const ompNewer = newer.shown.find((m) => m.writer === "oh-my-pi");
  // An oh-my-pi release after 17 is closest to the v17 rules.
  const marker = v17Marker(s) ?? (ompNewer ? `oh-my-pi marker: ${ompNewer.what}` : undefined);
  if (requested !== undefined && (PI_PROFILES as readonly string[]).includes(requested)) {
    s.profile = requested as PiProfile;
    s.profileReason = "requested";
    if (requested === "pi" && marker) bag.add("PROFILE_MISMATCH", {}, { problem: "pi-v17-marker", marker });
  } else {
    if (requested !== undefined) bag.add("PROFILE_MISMATCH", {}, { problem: "unknown-profile", format: "pi", requested, known: PI_PROFILES });
    s.profile = marker ? "omp17" : "pi";
    s.profileReason = marker ?? "default";
  }
  bag.add("PROFILE_CHOSEN", {}, { format: "pi", profile: s.profile, why: s.profileReason });
  if (newer.total > 0) {
    const writers = [...new Set(newer.shown.map((m) => m.writer))].join(" / ");
    bag.add("PROFILE_NEWER", { line: newer.shown[0].line }, { writer: writers, profile: s.profile, evidence: newer.shown.map((m) => m.what).join(", "), more: newer.total - newer.shown.length });
  }
}
