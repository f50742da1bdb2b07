// Every format's profile names, in registry order, written out: the CLI declares --profile (its help, its check)
// in the main thread, which should not load every format's parser for a list of names (≈ 15 MB of RSS,
// docs/performance.md §4.16). The block is generated from the registry (src/formats/profiles.ts) by
// `npm run readme-tables`; test/unit/app/options/profile-names.test.ts fails when the two drift apart.
export const FORMAT_PROFILE_NAMES = {
  // <generated:profile-names>
  "claude-code": ["cc-2.1", "cc-2.1-early"],
  scorel: ["p6", "p5", "p4", "p4a", "p3", "design", "g0"],
  pi: ["pi", "omp17", "omp18", "pi-1.5"],
  yoi: ["seed", "head", "v3"],
  codex: ["codex-0.169", "codex-0.100"],
  // </generated:profile-names>
} as const satisfies Record<string, readonly string[]>;

/** Every profile name, per format: "claude-code: cc-2.1|cc-2.1-early; scorel: p6|…" (as src/formats/profiles.ts words it). */
export const profileNames = (): string =>
  Object.entries(FORMAT_PROFILE_NAMES)
    .map(([format, names]) => `${format}: ${names.join("|")}`)
    .join("; ");

/** Whether some format has a profile of this name (profile names are distinct across formats). */
export const isFormatProfile = (name: string): boolean => Object.values(FORMAT_PROFILE_NAMES).some((names) => (names as readonly string[]).includes(name));
