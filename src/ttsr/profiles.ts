// What each TTSR profile adds, asked in one place so a new profile is one line (docs/ttsr.md §0, §18).
import type { TtsrProfile } from "./types.js";

/** v17 behaviour kept by later versions: inline flags, YAML re-reading, quoted scope tokens, astCondition, `enabled`. */
export const sinceV17 = (p: TtsrProfile): boolean => p !== "seed";

/** v18 additions: `agents`, `enabled: false` files, judged rules, the new bucket order (docs/ttsr.md §18). */
export const sinceV18 = (p: TtsrProfile): boolean => p === "v18";

export const TTSR_PROFILES: readonly TtsrProfile[] = ["seed", "v17", "v18"];
