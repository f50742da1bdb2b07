// The CLI's written-out profile list (src/app/options/profile-names.ts) against the format registry it stands for:
// adding, renaming or reordering a profile in a format's descriptor must be copied there.
import { describe, expect, it } from "vitest";
import { FORMAT_PROFILES, profileNames as registryNames, profilesOf } from "../../../../src/formats/profiles.js";
import { formatOfProfile } from "../../../../src/formats/index.js";
import { FORMAT_PROFILE_NAMES, isFormatProfile, profileNames } from "../../../../src/app/options/profile-names.js";

describe("app/options profile names", () => {
  it("lists the registry's formats and profiles, in its order", () => {
    expect(Object.entries(FORMAT_PROFILE_NAMES)).toEqual(FORMAT_PROFILES.map((f) => [f.format, profilesOf(f)]));
    expect(profileNames()).toBe(registryNames());
  });

  it("knows a profile exactly when the registry does", () => {
    const names = FORMAT_PROFILES.flatMap(profilesOf);
    for (const n of [...names, "p7", "omp", "", "codex", "cc-2.1 "]) expect(isFormatProfile(n), n).toBe(formatOfProfile(n) !== undefined);
  });
});
