// Which TTSR behaviour wrote a session (docs/product.md §2 `--ttsr-profile`): the file's own evidence, strongest first —
// the injection texts it recorded (the interrupt preamble differs between seed-era and v17, docs/strings.md §1.1–1.2),
// then the format profile it was read with (`omp17` = oh-my-pi v17). Without evidence the caller's default holds.
import type { SessionBase } from "../../formats/types.js";
import type { TtsrProfile } from "../types.js";
import { recordedTtsr } from "./recorded.js";

export type ProfileEvidence = "recorded-template" | "format-profile";

export interface SessionTtsrProfile {
  profile: TtsrProfile;
  evidence: ProfileEvidence;
}

// The second line of each interrupt template, verbatim (templates.ts): enough to tell the two wordings apart.
const PREAMBLES: readonly [string, TtsrProfile][] = [
  ["\nOutput interrupted: violated user-defined rule.\n", "v17"],
  ["\nYour output was interrupted because it violated a user-defined rule.\n", "seed"],
];

/** The TTSR profile the session's own content points to, or undefined when it says nothing. */
export function sessionTtsrProfile(session: SessionBase): SessionTtsrProfile | undefined {
  const recorded = recordedTtsr(session);
  if (!recorded) return undefined;
  // Only v18 writes a follow-up's deliveryId or a judged warning (docs/ttsr.md §17.7); its other texts are v17's.
  if (recorded.evidence.some((i) => i.record.deliveryId !== undefined || i.record.delivery === "judged"))
    return { profile: "v18", evidence: "recorded-template" };
  for (const item of recorded.evidence) {
    const text = item.record.kind === "custom_message" ? item.record.text : undefined;
    const hit = text !== undefined ? PREAMBLES.find(([p]) => text.includes(p)) : undefined;
    if (hit) return { profile: hit[1], evidence: "recorded-template" };
  }
  return recorded.impliedProfile ? { profile: recorded.impliedProfile, evidence: "format-profile" } : undefined;
}

export interface ResolvedTtsrProfile {
  profile: TtsrProfile;
  /** option: named by the user; session: the session's evidence; default: neither (seed). */
  from: "option" | "session" | "default";
  /** Set when the named profile contradicts the session's evidence. */
  contradicts?: SessionTtsrProfile;
}

// v18 writes v17's interrupt and reminder texts unchanged: texts that point to v17 fit v18 as well (docs/ttsr.md §17).
const fits = (found: SessionTtsrProfile, named: TtsrProfile): boolean =>
  found.profile === named || (found.profile === "v17" && named === "v18" && found.evidence === "recorded-template");

/** The named profile wins; otherwise the session's; otherwise seed (docs/product.md §2). */
export function resolveTtsrProfile(session: SessionBase, named: TtsrProfile | undefined): ResolvedTtsrProfile {
  const found = sessionTtsrProfile(session);
  if (named !== undefined) return found && !fits(found, named) ? { profile: named, from: "option", contradicts: found } : { profile: named, from: "option" };
  return found ? { profile: found.profile, from: "session" } : { profile: "seed", from: "default" };
}
