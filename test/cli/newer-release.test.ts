// A log from a release newer than every profile: every command that reads it says so (issue "Detect, choose,
// warn"), on the terminal, naming the evidence and the profile it replayed with.
import { cpSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT, runCli } from "./run.js";

// An oh-my-pi file with what even 18.3.4 never writes (read with omp18; docs/pi.md §8.1).
const OMP18 = "fixtures/pi/omp18-beyond-markers.jsonl";
const PI1 = "fixtures/pi/hand/newer-pi1-markers.jsonl";
const RULES = "fixtures/pi/omp17-branch-after-gap/project/.omp/rules";
const SAYS = /PROFILE_NEWER|Written by a release of oh-my-pi newer than sightline knows: unknown entry type "context_snapshot" \(line 4\)/;

describe("a log newer than every profile: a visible warning on every command", () => {
  it.each([
    ["validate", ["validate", OMP18]],
    ["replay", ["replay", OMP18]],
    ["replay --turn", ["replay", OMP18, "--turn", "1"]],
    ["diff", ["diff", OMP18]],
    ["diff a b", ["diff", OMP18, OMP18]],
    ["ttsr run", ["ttsr", "run", OMP18, "--rules", RULES]],
  ])("%s", (_name, args) => {
    const r = runCli(args);
    expect([0, 1]).toContain(r.code);
    expect(`${r.stdout}${r.stderr}`).toMatch(SAYS);
  });

  it("audit names the session and the evidence under its table", () => {
    const out = mkdtempSync(join(tmpdir(), "sightline-newer-"));
    const r = runCli(["audit", OMP18, PI1, "--out", join(out, "report")]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`warning: ${OMP18}: Written by a release of oh-my-pi newer than sightline knows`);
    // pi 1.x markers are known to the pi-1.5 profile: that file is no newer than sightline.
    expect(r.stdout).not.toContain(`${PI1}: Written by a release`);
  });

  it("check prints it on stderr beside its verdict", () => {
    const dir = mkdtempSync(join(tmpdir(), "sightline-newer-check-"));
    mkdirSync(join(dir, "rec"));
    cpSync(join(ROOT, OMP18), join(dir, "rec/session.jsonl"));
    writeFileSync(
      join(dir, "sightline.config.json"),
      JSON.stringify({ suites: [{ name: "newer", sessions: ["rec/session.jsonl"], expectations: "expectations/newer.json" }] }),
    );
    expect(runCli(["check", "--update", "--out", join(dir, "r0")], { cwd: dir }).code).toBe(0);
    const r = runCli(["check", "--out", join(dir, "r1")], { cwd: dir });
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/sightline: warning: .*session\.jsonl: Written by a release of oh-my-pi newer than sightline knows/);
  });
});
