// What each TTSR profile adds, asked in one place so a new profile is one line (docs/ttsr.md §0, §18).
import type { ProfileInfo } from "../formats/profiles.js";
import type { TtsrProfile } from "./types.js";

/** v17 behaviour kept by later versions: inline flags, YAML re-reading, quoted scope tokens, astCondition, `enabled`. */
export const sinceV17 = (p: TtsrProfile): boolean => p !== "seed";

/** v18 additions: `agents`, `enabled: false` files, judged rules, the new bucket order (docs/ttsr.md §18). */
export const sinceV18 = (p: TtsrProfile): boolean => p === "v18";

/** Every TTSR profile with one line and the release it is checked against (--help and the README's table). */
export const TTSR_PROFILE_INFO: Readonly<Record<TtsrProfile, ProfileInfo>> = {
  seed: { about: "the seed-era code: the v14 matcher, the session layer without AST and digest branches", checkedAgainst: "oh-my-pi seed-era source" },
  v17: { about: "oh-my-pi 17 matcher and session layer", checkedAgainst: "oh-my-pi 17.2.15 (source)" },
  v18: { about: "oh-my-pi 18: `toolcall_end`, `agents`, judged rules, deferred `deliveryId`", checkedAgainst: "oh-my-pi 18.3.4 (`conformance:ttsr`)" },
};

/** The TTSR profile names, oldest first (the `--ttsr-profile` choices). */
export const TTSR_PROFILES = Object.keys(TTSR_PROFILE_INFO) as readonly TtsrProfile[];

/**
 * Findings that a rule file uses keys only v18 reads. Without a named profile such a file was written for
 * oh-my-pi 18, so validate and audit report it as v18 reads it instead (docs/ttsr.md §18.8).
 */
export const V18_KEY_CODES: ReadonlySet<string> = new Set(["TTSR_V18_KEY_IGNORED", "TTSR_JUDGED_RULE_KEY"]);
