// What the jobs accept, for the CLI to declare and check its options against (the CLI reaches the engines
// through app/ only): the format profiles and TTSR profiles of the registries, and the chunking specs. Light on
// purpose: every command's declaration imports it, so it loads no format parser (profile-names.ts).
export { isFormatProfile, profileNames } from "./profile-names.js";
export { TTSR_PROFILES } from "../../ttsr/profiles.js";
export { parseChunking } from "../../ttsr/chunking.js";
export type { TtsrMatchSource, TtsrProfile } from "../../ttsr/types.js";
