// The profile registry: every format profile sightline replays, with one line on what it is and the release its
// behaviour is checked against. The one source of the profile lists in --help and of the README's Formats table
// (scripts/readme-tables.mjs writes it; test/arch/readme-generated.test.ts fails when the two drift).
// Adding a format is one entry here (typed by the format's own profile union, so none can be left out).
import type { CcProfile } from "./claude-code/model.js";
import type { CodexProfile } from "./codex/model.js";
import type { PiProfile } from "./pi/model.js";
import type { ScorelProfile } from "./scorel/model.js";
import type { FormatName } from "./types.js";
import type { YoiProfile } from "./yoi/model.js";

export interface ProfileInfo {
  /** What the profile replays, in one line. */
  readonly about: string;
  /** The upstream release (or commit) whose behaviour the profile is checked against. */
  readonly checkedAgainst: string;
}

export interface FormatProfiles<P extends string = string> {
  readonly format: FormatName;
  /** The format's name for people ("pi / oh-my-pi"). */
  readonly title: string;
  /** The profile used when neither --profile nor the file decides. */
  readonly defaultProfile: P;
  /** Every profile, newest first as --help lists them. */
  readonly profiles: Readonly<Record<P, ProfileInfo>>;
}

const scorel: FormatProfiles<ScorelProfile> = {
  format: "scorel",
  title: "Scorel",
  defaultProfile: "p5",
  profiles: {
    p6: {
      about: "the current session core (`session_model_selected`); chosen on that event or an unknown event type",
      checkedAgainst: "Scorel session store, current source",
    },
    p5: { about: "P4's events; message content may hold structured `system_reminder` blocks", checkedAgainst: "Scorel P5 (20f22943)" },
    p4: { about: "the `compact` tree event and `context_control` (P4b)", checkedAgainst: "Scorel P4b" },
    p4a: { about: "the `compact` tree event, before `context_control`", checkedAgainst: "Scorel P4a" },
    p3: { about: "messages, tool results and harness items as tree events", checkedAgainst: "Scorel P3" },
    design: { about: "the seed event model; detected from its header", checkedAgainst: "the seed design" },
    g0: { about: "legacy `log.jsonl` with `kind` lines; detected", checkedAgainst: "Scorel G0" },
  },
};

const pi: FormatProfiles<PiProfile> = {
  format: "pi",
  title: "pi / oh-my-pi",
  defaultProfile: "pi",
  profiles: {
    pi: { about: "baseline pi / oh-my-pi ≤ 14 context rules", checkedAgainst: "pi 0.74.0 (conformance; v17 title slots aside)" },
    omp17: { about: "oh-my-pi 17; chosen on v17 markers (title slot, v17 entry types)", checkedAgainst: "oh-my-pi 17.2.15 (source)" },
    omp18: { about: "oh-my-pi 18; chosen on what only 18 writes (`model_usage`, context notes, …)", checkedAgainst: "oh-my-pi 18.3.4 (conformance)" },
    "pi-1.5": { about: "pi 1.x; chosen on system-role messages, `context_edit` or `usage` entries", checkedAgainst: "pi 1.5.2 (conformance)" },
  },
};

const yoi: FormatProfiles<YoiProfile> = {
  format: "yoi",
  title: "yoi",
  defaultProfile: "seed",
  profiles: {
    seed: { about: "the seed-era segment reader", checkedAgainst: "yoi e0caf7d1" },
    head: { about: "the later reader; files between the eras are read with it and a warning", checkedAgainst: "yoi b12e0785" },
    v3: { about: "the Worker Session store at schema 3; chosen from the records", checkedAgainst: "yoi 74139aeb" },
  },
};

const claudeCode: FormatProfiles<CcProfile> = {
  format: "claude-code",
  title: "Claude Code",
  defaultProfile: "cc-2.1",
  profiles: {
    "cc-2.1": {
      about: "2.1.3xx transcripts with request records: every request rebuilt and checked against its digest; chosen on `api-request` records",
      checkedAgainst: "Claude Code 2.1.328 (conformance: the real CLI, offline)",
    },
    "cc-2.1-early": {
      about: "transcripts without request records: messages rebuilt from the lines; system prompt and tools not recorded",
      checkedAgainst: "Claude Code 2.1.220 (conformance: the real CLI, offline)",
    },
  },
};

const codex: FormatProfiles<CodexProfile> = {
  format: "codex",
  title: "Codex CLI",
  defaultProfile: "codex-0.169",
  profiles: {
    "codex-0.169": {
      about: "numbered rollout lines, `replacement_history`, base instructions as the first developer message",
      checkedAgainst: "Codex CLI 0.169.0 (binary, every request)",
    },
    "codex-0.100": {
      about: "`compacted` lines without `replacement_history` (history rebuilt), `instructions`, tool outputs cut in history",
      checkedAgainst: "Codex CLI 0.100.0 (binary, every request)",
    },
  },
};

/** Every format's profiles, in the order the formats are sniffed. */
export const FORMAT_PROFILES: readonly FormatProfiles[] = [claudeCode, scorel, pi, yoi, codex];

/** A format's profile names, in registry order. */
export const profilesOf = (f: FormatProfiles): string[] => Object.keys(f.profiles);

/** Every profile name, per format, for --help and messages: "scorel: p6|p5|…; pi: pi|omp17|…; yoi: seed|head|v3; codex: …". */
export const profileNames = (): string => FORMAT_PROFILES.map((f) => `${f.format}: ${profilesOf(f).join("|")}`).join("; ");
