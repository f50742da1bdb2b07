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

// docs/yoi.md §9.4: a yoi record kind no profile knows is the same visible warning, beside the loader verdict.
const YOI_NEWER = "fixtures/yoi/newer-unknown-record-kind.jsonl";
const YOI_SAYS = /PROFILE_NEWER|Written by a release of yoi newer than sightline knows: record kind context_rewind \(line 4\)/;

describe("a yoi log with a record kind no profile knows: a visible warning on every command", () => {
  it.each([
    ["validate", ["validate", YOI_NEWER]],
    ["replay", ["replay", YOI_NEWER]],
    ["replay --turn", ["replay", YOI_NEWER, "--turn", "0"]],
    ["diff", ["diff", YOI_NEWER]],
    ["diff a b", ["diff", YOI_NEWER, YOI_NEWER]],
    ["ttsr run", ["ttsr", "run", YOI_NEWER, "--rules", RULES]],
  ])("%s", (_name, args) => {
    const r = runCli(args);
    expect([0, 1, 2]).toContain(r.code);
    expect(`${r.stdout}${r.stderr}`).toMatch(YOI_SAYS);
  });

  it("audit names the session and the evidence under its table", () => {
    const out = mkdtempSync(join(tmpdir(), "sightline-newer-yoi-"));
    const r = runCli(["audit", YOI_NEWER, "--out", join(out, "report"), "--fail-on", "none"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`warning: ${YOI_NEWER}: Written by a release of yoi newer than sightline knows`);
  });
});
