// What an auditor meets first, tried as a new user would (issue 20): one wording for a missing path in every
// command, nothing written before the run finds nothing to read, `codes` with no match says so.
import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runMany } from "./run.js";

const tmp = () => mkdtempSync(join(tmpdir(), "sightline-auditor-"));

describe("a missing path is worded one way in every command", () => {
  const dir = tmp();
  const file = join(dir, "plain.txt");
  writeFileSync(file, "not a folder\n");
  const gone = join(dir, "gone");
  const PI = "fixtures/pi/before-compaction.jsonl";
  const cases: Array<[string, string[], string]> = [
    ["replay", ["replay", gone], gone],
    ["diff <session>", ["diff", gone], gone],
    ["diff a b", ["diff", gone, PI], gone],
    ["validate", ["validate", gone], gone],
    ["audit", ["audit", gone, "--out", join(dir, "audit-out")], gone],
    ["ttsr run (session)", ["ttsr", "run", gone, "--rules", "fixtures/rules/project"], gone],
    ["ttsr run --rules", ["ttsr", "run", PI, "--rules", gone], gone],
    ["ttsr list --rules", ["ttsr", "list", "--rules", gone], gone],
    ["ttsr lint --rules", ["ttsr", "lint", "--rules", gone], gone],
    ["ttsr test --rules", ["ttsr", "test", "x", "--rules", gone], gone],
    ["capsule validate", ["capsule", "validate", gone], gone],
    ["check --config", ["check", "--config", gone], gone],
    ["merge-reports (missing folder)", ["merge-reports", gone, "--out", join(dir, "merge-out")], join(gone, "summary.json")],
    ["merge-reports (a file as folder)", ["merge-reports", file, "--out", join(dir, "merge-out")], join(file, "summary.json")],
  ];
  const runs = runMany(cases.map(([, args]) => ({ args })));
  it.each(cases.map((c, i) => [c[0], c[1], c[2], runs[i]] as const))("%s: exit 2, '<path>: no such file or folder', no errno name", (_n, _args, path, r) => {
    const text = r.stdout + r.stderr;
    expect(r.code, text).toBe(2);
    expect(text).toContain(`${path}: no such file or folder`);
    expect(text).not.toMatch(/ENOENT|ENOTDIR|no such file or directory|no such file\b(?! or folder)|Cannot read/);
  });
});

describe("audit: nothing written when nothing could be read", () => {
  it("audit of a missing path leaves no report folder and exits 2", () => {
    const dir = tmp();
    const out = join(dir, "report");
    const [r] = runMany([{ args: ["audit", join(dir, "nope"), "--out", out] }]);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`sightline: cannot read ${join(dir, "nope")}: no such file or folder\n`);
    expect(r.stdout).toBe("");
    expect(existsSync(out)).toBe(false);
  });

  it("a readable input beside a missing one is still reported (the report names the missing one), exit 2", () => {
    const dir = tmp();
    const out = join(dir, "report");
    const [r] = runMany([{ args: ["audit", "fixtures/pi/before-compaction.jsonl", join(dir, "nope"), "--out", out, "--workers", "0"] }]);
    expect(r.code).toBe(2);
    expect(existsSync(join(out, "summary.json"))).toBe(true);
    expect(r.stdout).toContain(`cannot read ${join(dir, "nope")}: no such file or folder`);
  });
});

describe("codes with a filter that matches nothing", () => {
  it("says so on stderr and exits 1 (text, --markdown and --json)", () => {
    const [text, md, json, some] = runMany([
      { args: ["codes", "zzzz"] },
      { args: ["codes", "zzzz", "--markdown"] },
      { args: ["codes", "zzzz", "--json"] },
      { args: ["codes", "scorel_inv"] },
    ]);
    for (const r of [text, md]) {
      expect(r.code).toBe(1);
      expect(r.stdout).toBe("");
      expect(r.stderr).toBe('sightline: no code matches "zzzz" (sightline codes lists them all)\n');
    }
    expect(json.code).toBe(1);
    expect(JSON.parse(json.stdout)).toEqual({});
    expect(some.code).toBe(0);
    expect(some.stdout).toContain("SCOREL_INV");
  });
});
