// `sightline check` as a user runs it on the fixture suite: pass, a changed rule fails with a diff,
// --update passes, reports are written.
import { cpSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { XMLParser } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { runCli } from "./run.js";

describe("sightline check", () => {
  it("passes, fails on a changed rule with a readable diff, and --update makes it pass", () => {
    const root = mkdtempSync(join(tmpdir(), "sightline-check-cli-"));
    cpSync("fixtures/pi", join(root, "fixtures/pi"), { recursive: true });
    cpSync("fixtures/suites", join(root, "fixtures/suites"), { recursive: true });
    const cfg = "fixtures/suites/omp17/sightline.config.json";
    const ok = runCli(["check", "--config", cfg, "--out", "out/1"], { cwd: root });
    expect(ok.code).toBe(0);
    expect(ok.stdout).toBe("no regressions in 3 suite(s), 3 session(s), 19 turn(s)\n");

    const rule = join(root, "fixtures/pi/omp17-deferred-then-compaction/project/.omp/rules");
    const name = readdirSync(rule).sort()[0];
    writeFileSync(join(rule, name), readFileSync(join(rule, name), "utf8").replace(/\n([^\n]+)\n?$/, "\n$1 (changed)\n"));
    const bad = runCli(["check", "--config", cfg, "--out", "out/2"], { cwd: root });
    expect(bad.code).toBe(1);
    expect(bad.stdout).toContain("✗ omp17-deferred-then-compaction · ../../pi/omp17-deferred-then-compaction/session.jsonl");
    expect(bad.stdout).toMatch(/^\s+\+.*\(changed\)$/m);
    expect(bad.stdout).toContain('If these changes are intended, run "sightline check --update"');
    const junit = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "@" }).parse(readFileSync(join(root, "out/2/junit.xml"), "utf8"));
    expect(Number(junit.testsuites["@failures"])).toBe(1);
    expect(readFileSync(join(root, "out/2/summary.md"), "utf8")).toContain("```diff");

    const up = runCli(["check", "--config", cfg, "--update", "--out", "out/3"], { cwd: root });
    expect(up.code).toBe(0);
    expect(up.stdout).toMatch(/updated \d+ file\(s\)/);
    expect(runCli(["check", "--config", cfg, "--out", "out/4"], { cwd: root }).code).toBe(0);
  }, 60_000);

  it("exit 2 on a missing config and on a bad --shard", () => {
    const cwd = mkdtempSync(join(tmpdir(), "sightline-check-cli-"));
    const r = runCli(["check"], { cwd });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("sightline.config.json");
    expect(runCli(["check", "--shard", "x"], { cwd }).code).toBe(2);
  });
});
