// Profile choice (docs/product.md §2): `pi` (baseline pi / omp ≤14 context rules) by default, `omp17` when the file
// carries something only @oh-my-pi 17 writes; `--profile` overrides. The reason is reported as PROFILE_CHOSEN.
import type { DiagnosticBag } from "../../shared/diagnostics.js";
import { isPiProfile, PI_PROFILES, type PiProfile, type PiSession } from "./model.js";
import { newerMarkers } from "./newer.js";

/** Entry types only v17 writes (docs/pi.md §4). */
const V17_TYPES = new Set(["reset_boundary", "title_change", "credential_pin"]);
/** Header keys only v17 writes (docs/pi.md §2.2). */
const V17_HEADER_KEYS = ["additionalDirectories", "previousSessionFiles", "providerPromptCacheKey"];

/** The first v17-only marker of the file, worded as the reason, or undefined. */
export function v17Marker(s: PiSession): string | undefined {
  if (s.titleSlot) return `title slot on line ${s.titleSlot.line}`;
  if (s.header) for (const k of V17_HEADER_KEYS) if (k in s.header) return `header field ${k}`;
  for (const e of s.entries) if (V17_TYPES.has(e.type)) return `${e.type} entry on line ${e.line}`;
  return undefined;
}

export function chooseProfile(s: PiSession, requested: string | undefined, bag: DiagnosticBag): void {
  let newer = newerMarkers(s.entries);
  const ompNewer = newer.shown.find((m) => m.writer === "oh-my-pi");
  // An oh-my-pi release after 17 is closest to the v17 rules.
  const marker = v17Marker(s) ?? (ompNewer ? `oh-my-pi marker: ${ompNewer.what}` : undefined);
  // pi 1.x evidence (what only @earendil-works/pi-coding-agent ≥ 0.86 writes) chooses pi-1.5, which knows it.
  const pi1 = [...(s.pi1Evidence ?? []), ...newer.shown.filter((m) => m.writer === "pi").map((m) => m.what)];
  if (isPiProfile(requested)) {
    s.profile = requested as PiProfile;
    s.profileReason = "requested";
    if (requested === "pi" && marker) bag.add("PROFILE_MISMATCH", {}, { problem: "pi-v17-marker", marker });
    if (requested === "pi-1.5" && marker) bag.add("PROFILE_MISMATCH", {}, { problem: "pi1-omp-marker", marker });
  } else {
    if (requested !== undefined) bag.add("PROFILE_MISMATCH", {}, { problem: "unknown-profile", format: "pi", requested, known: PI_PROFILES });
    s.profile = marker ? "omp17" : pi1.length > 0 ? "pi-1.5" : "pi";
    s.profileReason = marker ?? (pi1.length > 0 ? `pi 1.x evidence: ${pi1.join(", ")}${newer.total > newer.shown.length ? " …" : ""}` : "default");
  }
  bag.add("PROFILE_CHOSEN", {}, { format: "pi", profile: s.profile, why: s.profileReason });
  // pi 1.x markers are known (to pi-1.5): never evidence of a newer release; read with another profile, a mismatch.
  newer = newerMarkers(s.entries, 3, (m) => m.writer !== "pi");
  if (s.profile !== "pi-1.5" && pi1.length > 0) {
    const line = newerMarkers(s.entries, 1, (m) => m.writer === "pi").shown[0]?.line;
    bag.add("PROFILE_MISMATCH", line !== undefined ? { line } : {}, { problem: "pi1-evidence", profile: s.profile, evidence: pi1[0] });
  }
  if (newer.total > 0) {
    const writers = [...new Set(newer.shown.map((m) => m.writer))].join(" / ");
    bag.add(
      "PROFILE_NEWER",
      { line: newer.shown[0].line },
      { writer: writers, profile: s.profile, evidence: newer.shown.map((m) => m.what).join(", "), more: newer.total - newer.shown.length },
    );
  }
}
