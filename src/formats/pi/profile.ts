// Profile choice (docs/product.md §2, docs/pi.md §8.1): `pi` (baseline pi / omp ≤14 context rules) by default,
// `omp17` when the file carries something only @oh-my-pi 17 writes, `omp18` when it carries something only
// oh-my-pi 18 writes, `pi-1.5` on pi 1.x evidence; `--profile` overrides. The reason is reported as PROFILE_CHOSEN.
import type { DiagnosticBag } from "../../shared/diagnostics.js";
import { isPiProfile, PI_PROFILES, type PiProfile, type PiSession } from "./model.js";
import { beyondOmp18Markers, newerMarkers } from "./newer.js";

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
  const newer = newerMarkers(s.entries);
  // oh-my-pi 18 evidence (docs/pi.md §8.1): what the file itself shows, or what a file without a header showed.
  const omp18 = newer.shown.find((m) => m.writer === "oh-my-pi")?.what ?? s.omp18Evidence?.[0];
  const omp18Marker = omp18 ? `oh-my-pi 18 marker: ${omp18}` : undefined;
  const marker = omp18Marker ?? v17Marker(s);
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
    const line = newerMarkers(s.entries, 1, (m) => m.writer === "pi").shown[0]?.line;
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
