// A rule file's findings name it the same way in every command: relative to the current folder when inside it (as
// `ttsr run` and `ttsr list` show them), never as the absolute path audit resolved.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ROOT, runCli } from "./run.js";

const out = mkdtempSync(join(tmpdir(), "sightline-rule-paths-"));
afterAll(() => rmSync(out, { recursive: true, force: true }));

const session = "fixtures/pi/omp17-branch-after-gap/session.jsonl";
const rules = "fixtures/rules/lint";
/** The lines of a run that name a rule file of the lint folder. */
const ruleLines = (text: string) => text.split("\n").filter((l) => l.includes("lint/"));

describe("rule-file findings are shown as given", () => {
  it("audit --rules names rule files as ttsr run does, relative to the current folder", () => {
    const audit = runCli(["audit", session, "--rules", rules, "--out", join(out, "report")]);
    const ttsr = runCli(["ttsr", "run", session, "--rules", rules]);
    const named = (text: string): string[] => [...new Set(ruleLines(text).flatMap((l) => /(\S*lint\/[\w-]+\.md)/.exec(l)?.[1] ?? []))].sort();
    const audited = named(audit.stdout + audit.stderr);
    const replayed = named(ttsr.stdout + ttsr.stderr);
    expect(audited.length).toBeGreaterThan(3);
    // Both name each rule file by the folder as given (audit also lists the v17 lints of a rule ttsr run passes over).
    expect(replayed.filter((p) => !audited.includes(p))).toEqual([]);
    expect([...audited, ...replayed].filter((p) => !p.startsWith(`${rules}/`))).toEqual([]);
    expect(ruleLines(audit.stdout + audit.stderr).filter((l) => l.includes(ROOT))).toEqual([]);
  });
});
