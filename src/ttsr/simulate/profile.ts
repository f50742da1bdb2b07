// Which TTSR behaviour wrote a session (docs/product.md §2 `--ttsr-profile`): the file's own evidence, strongest first —
// v18-only records (a judged-rule warning, a deferred injection's `deliveryId`, docs/ttsr.md §18.8), the injection
// texts it recorded (the interrupt preamble differs between seed-era and v17; v18 kept v17's, docs/strings.md §1.1–1.2),
// then the format profile it was read with (`omp17` = v17, `omp18` = v18). Without evidence the caller's default holds.
import type { SessionBase } from "../../formats/types.js";
import type { Rule, TtsrProfile } from "../types.js";
import { recordedTtsr } from "./recorded.js";

export type ProfileEvidence = "recorded-template" | "recorded-v18" | "format-profile";

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
  // Only v18 writes a follow-up's deliveryId or a judged warning (docs/ttsr.md §17.7, §18.8), both read into the
  // evidence records; its other texts are v17's.
  if (recorded.evidence.some((i) => i.record.deliveryId !== undefined || i.record.delivery === "judged")) return { profile: "v18", evidence: "recorded-v18" };
  const texts = recorded.evidence.flatMap((item) => (item.record.kind === "custom_message" && item.record.text !== undefined ? [item.record.text] : []));
  for (const text of texts) {
    const hit = PREAMBLES.find(([p]) => text.includes(p));
    // v18 writes v17's interrupt text: the format profile tells the two apart.
    if (hit?.[1] === "v17" && recorded.impliedProfile === "v18") return { profile: "v18", evidence: "format-profile" };
    if (hit) return { profile: hit[1], evidence: "recorded-template" };
  }
  return recorded.impliedProfile ? { profile: recorded.impliedProfile, evidence: "format-profile" } : undefined;
}

export interface ResolvedTtsrProfile {
  profile: TtsrProfile;
  /**
   * option: named by the user; session: the session's evidence; rules: the session fits v17 and v18 alike and its
   * rule files use keys only v18 reads; default: neither (seed).
   */
  from: "option" | "session" | "rules" | "default";
  /** Set when the named profile contradicts the session's evidence. */
  contradicts?: SessionTtsrProfile;
}

// v18 writes v17's interrupt and reminder texts unchanged: texts that point to v17 fit v18 as well (docs/ttsr.md §17).
// An `omp17` file may as well be an oh-my-pi 18 one that wrote nothing only 18 writes (docs/pi.md §8.1).
const fits = (found: SessionTtsrProfile, named: TtsrProfile): boolean =>
  found.profile === named || (found.profile === "v17" && named === "v18" && (found.evidence === "recorded-template" || found.evidence === "format-profile"));

/** Rule files using what only v18 reads (`question`, `agents`, `enabled: false`; docs/ttsr.md §18) were written for oh-my-pi 18. */
export const usesV18Keys = (v18Rules: readonly Rule[]): boolean =>
  v18Rules.some((r) => r.question !== undefined || r.agents !== undefined || r.disabledByFrontmatter === true);

/**
 * The named profile wins; otherwise the session's; otherwise seed (docs/product.md §2). A session that fits v17
 * and v18 alike (v17 texts, or an `omp17` file) replays with v18 when its rules use v18-only keys.
 */
export function resolveTtsrProfile(session: SessionBase, named: TtsrProfile | undefined, rulesUseV18Keys = false): ResolvedTtsrProfile {
  const found = sessionTtsrProfile(session);
  if (named !== undefined) return found && !fits(found, named) ? { profile: named, from: "option", contradicts: found } : { profile: named, from: "option" };
  if (found && rulesUseV18Keys && found.profile === "v17" && fits(found, "v18")) return { profile: "v18", from: "rules" };
  return found ? { profile: found.profile, from: "session" } : { profile: "seed", from: "default" };
}
