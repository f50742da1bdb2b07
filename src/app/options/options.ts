// What the jobs accept, for the CLI to declare and check its options against (the CLI reaches the engines
// through app/ only): the format profiles and TTSR profiles of the registries, and the chunking specs.
import { formatOfProfile } from "../../formats/index.js";

export { profileNames } from "../../formats/profiles.js";
export { TTSR_PROFILES } from "../../ttsr/profiles.js";
export { parseChunking } from "../../ttsr/chunking.js";
export type { TtsrMatchSource, TtsrProfile } from "../../ttsr/types.js";

/** Whether some format has a profile of this name (profile names are distinct across formats). */
export const isFormatProfile = (name: string): boolean => formatOfProfile(name) !== undefined;
