// What each TTSR profile adds, asked in one place so a new profile is one line (docs/ttsr.md §0, §18).
import type { TtsrProfile } from "./types.js";

/** v17 behaviour kept by later versions: inline flags, YAML re-reading, quoted scope tokens, astCondition, `enabled`. */
export const sinceV17 = (p: TtsrProfile): boolean => p !== "seed";

/** v18 additions: `agents`, `enabled: false` files, judged rules, the new bucket order (docs/ttsr.md §18). */
export const sinceV18 = (p: TtsrProfile): boolean => p === "v18";

export const TTSR_PROFILES: readonly TtsrProfile[] = ["seed", "v17", "v18"];

/**
 * Findings that a rule file uses keys only v18 reads. Without a named profile such a file was written for
 * oh-my-pi 18, so validate and audit report it as v18 reads it instead (docs/ttsr.md §18.8).
 */
export const V18_KEY_CODES: ReadonlySet<string> = new Set(["TTSR_V18_KEY_IGNORED", "TTSR_JUDGED_RULE_KEY"]);
