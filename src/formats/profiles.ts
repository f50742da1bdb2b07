// The profile registry, derived from the format registry: every format profile sightline replays, with one line on
// what it is and the release its behaviour is checked against (each format's descriptor says so, `about`). The one
// source of the profile lists in --help and of the README's Formats table (scripts/readme-tables.mjs writes it;
// test/arch/readme-generated.test.ts fails when the two drift).
import { formats, type FormatName } from "./index.js";
import type { FormatAbout } from "./types.js";

export type { ProfileInfo } from "./types.js";

export interface FormatProfiles<P extends string = string> extends FormatAbout<P> {
  readonly format: FormatName;
}

/** Every format's profiles, in the order the formats are sniffed. */
export const FORMAT_PROFILES: readonly FormatProfiles[] = formats.map((f) => ({ format: f.name, ...f.about }));

/** A format's profile names, in registry order. */
export const profilesOf = (f: FormatProfiles): string[] => Object.keys(f.profiles);

/** Every profile name, per format, for --help and messages: "scorel: p6|p5|…; pi: pi|omp17|…; yoi: seed|head|v3; codex: …". */
export const profileNames = (): string => FORMAT_PROFILES.map((f) => `${f.format}: ${profilesOf(f).join("|")}`).join("; ");
