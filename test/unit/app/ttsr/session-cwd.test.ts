// design §2: the replay cwd stands for the agent's cwd when rule paths are rendered (ttsr-spec §10.3). Without --cwd
// it is derived from where the rules live, so a recording renders the same paths wherever sightline runs.
import { mkdtempSync, mkdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { replayCwd } from "../../../../src/app/ttsr/session-cwd.js";
import { settingsBesideSession } from "../../../../src/app/ttsr/session-settings.js";

const never = () => false;

describe("replayCwd", () => {
  it("--cwd wins, resolved against the current folder", () => {
    expect(replayCwd({ named: "x", ruleDirs: ["/r/project/.omp/rules"], recordedCwd: "/home/dev/acme", processCwd: "/w", isDir: never })).toEqual({
      path: "/w/x",
      from: "option",
    });
  });

  it("the recorded cwd when it exists here and holds the rules (replaying on the machine that recorded)", () => {
    const isDir = (p: string) => p === "/home/dev/acme";
    expect(replayCwd({ ruleDirs: ["/home/dev/acme/.omp/rules"], recordedCwd: "/home/dev/acme", processCwd: "/tmp", isDir })).toEqual({
      path: "/home/dev/acme",
      from: "recorded",
    });
  });

  it("otherwise the folder holding the rules' .omp/ (relative rule folders resolved against the current folder)", () => {
    expect(replayCwd({ ruleDirs: ["project/.omp/rules"], recordedCwd: "/home/dev/acme", processCwd: "/f/rec", isDir: never })).toEqual({
      path: "/f/rec/project",
      from: "rules",
    });
    expect(replayCwd({ ruleDirs: [".omp/rules"], recordedCwd: null, processCwd: "/f/rec/project", isDir: never })).toEqual({
      path: "/f/rec/project",
      from: "rules",
    });
  });

  it("a user-level ~/.omp/agent/rules folder is not a project: it does not give the cwd", () => {
    expect(replayCwd({ ruleDirs: ["/h/.omp/agent/rules"], recordedCwd: null, processCwd: "/w", isDir: never })).toEqual({ path: "/w", from: "process" });
  });

  it("rules outside any .omp/: the nearest ancestor named like the recorded cwd, else the current folder", () => {
    expect(replayCwd({ ruleDirs: ["/copy/acme-api/rules/ttsr"], recordedCwd: "/home/dev/acme-api", processCwd: "/w", isDir: never })).toEqual({
      path: "/copy/acme-api",
      from: "recorded-name",
    });
    expect(replayCwd({ ruleDirs: ["/copy/other/rules"], recordedCwd: "/home/dev/acme-api", processCwd: "/w", isDir: never })).toEqual({
      path: "/w",
      from: "process",
    });
  });
});

describe("settingsBesideSession", () => {
  it("reads a TTSR settings.json next to the session; ignores other JSON and missing files", () => {
    const dir = mkdtempSync(join(tmpdir(), "sightline-beside-"));
    expect(settingsBesideSession(join(dir, "session.jsonl"))).toBeUndefined();
    writeFileSync(join(dir, "settings.json"), JSON.stringify({ theme: "dark" }));
    expect(settingsBesideSession(join(dir, "session.jsonl"))).toBeUndefined();
    mkdirSync(join(dir, "b"));
    writeFileSync(join(dir, "b", "settings.json"), JSON.stringify({ ttsr: { interruptMode: "tool-only" } }));
    expect(settingsBesideSession(join(dir, "b", "session.jsonl"))).toMatchObject({
      settings: { interruptMode: "tool-only" },
      from: "session-folder",
      file: join(dir, "b", "settings.json"),
    });
  });
});
