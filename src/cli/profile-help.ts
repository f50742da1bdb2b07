// The profile options' help, from the profile registry (src/formats/profiles.ts, src/ttsr/profiles.ts): no
// command lists profiles by hand.
import { profileNames, TTSR_PROFILES } from "../app/options/options.js";

/** `--profile`: every format's profiles; `scope` says what the option applies to. */
export const profileOption = (scope = "default: detected per file") => ({ type: "string", describe: `Format profile (${profileNames()}; ${scope})` }) as const;

/** `--ttsr-profile` choices (seed|v17|v18), from the registry. */
export const TTSR_PROFILE_CHOICES = TTSR_PROFILES;
