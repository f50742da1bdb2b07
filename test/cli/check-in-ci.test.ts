// `sightline check` in a pipeline, as a GitHub Actions job runs it: a scratch repository holding the omp17
// suite with one rule edited to stop matching. Annotations, the step summary, JUnit, shards merged back to
// the unsharded verdict, and the usage errors that must come before any work.
import { cpSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { XMLParser } from "fast-xml-parser";
import { beforeAll, describe, expect, it } from "vitest";
import { runCli, type CliRun } from "./run.js";

const CONFIG = "fixtures/suites/omp17/sightline.config.json";
const RULE = "fixtures/pi/omp17-deferred-then-compaction/project/.omp/rules/no-filler.md";
let root = "";
const at = (...p: string[]) => join(root, ...p);

function scratchRepo(): string {
  const dir = mkdtempSync(join(tmpdir(), "sightline-check-ci-"));
  cpSync("fixtures/pi", join(dir, "fixtures/pi"), { recursive: true });
  cpSync("fixtures/suites", join(dir, "fixtures/suites"), { recursive: true });
  return dir;
}

const gha = (summary: string) => ({ GITHUB_ACTIONS: "true", GITHUB_STEP_SUMMARY: summary });
const verdict = (r: CliRun) => r.stdout.split("\n").find((l) => /regression|could not run/.test(l) && !l.startsWith("::") && !l.startsWith(" ")) ?? "";

beforeAll(() => {
  root = scratchRepo();
  // The rule no longer matches what the model wrote: its recorded firings are now regressions.
  writeFileSync(at(RULE), readFileSync(at(RULE), "utf8").replace(/condition: .*/, 'condition: "\\\\bnever-written-anywhere\\\\b"'));
});

describe("check under GITHUB_ACTIONS", () => {
  let run: CliRun;
  beforeAll(() => {
    writeFileSync(at("summary.md"), "# earlier step\n");
    run = runCli(["check", "--config", CONFIG, "--out", "out/all"], { cwd: root, env: gha(at("summary.md")) });
  });

  it("exits 1 and prints one annotation per regression, on the session file at the turn's line", () => {
    expect(run.code).toBe(1);
    const annotations = run.stdout.split("\n").filter((l) => l.startsWith("::"));
    expect(annotations.length).toBe(Number(/^(\d+) regression\(s\)/m.exec(run.stdout)?.[1]));
    expect(annotations[0]).toMatch(
      /^::error file=fixtures\/pi\/omp17-deferred-then-compaction\/session\.jsonl,line=\d+,title=sightline check [a-z-]+::omp17-deferred-then-compaction turn \d+: /,
    );
    const session = readFileSync(at("fixtures/pi/omp17-deferred-then-compaction/session.jsonl"), "utf8").split("\n");
    const line = Number(/line=(\d+)/.exec(annotations[0])?.[1]);
    // The line holds the turn's response (an assistant message).
    expect(JSON.parse(session[line - 1]).message.role).toBe("assistant");
  });

  it("appends the Markdown summary to $GITHUB_STEP_SUMMARY, escaped for Markdown, counts matching the blocks", () => {
    const md = readFileSync(at("summary.md"), "utf8");
    expect(md.startsWith("# earlier step\n# sightline check\n")).toBe(true);
    expect(md).not.toMatch(/&#39;|&amp;|&lt;|&quot;/);
    // The session text's own apostrophes and quotes stay as they are.
    expect(md).toContain(`Drop filler words like "basically" and "obviously".`);
    const row = /^\| omp17-deferred-then-compaction \| 1 \| \d+ \| (\d+) \|$/m.exec(md);
    const block = md.split(/^### /m).find((b) => b.startsWith("❌ omp17-deferred-then-compaction"));
    const heading = /: (\d+) regression\(s\)/.exec(block ?? "");
    const items = (block ?? "").split("\n").filter((l) => l.startsWith("- ")).length;
    expect(Number(row?.[1])).toBe(items);
    expect(Number(heading?.[1])).toBe(items);
    expect(readFileSync(at("out/all/summary.md"), "utf8")).toBe(md.slice("# earlier step\n".length));
  });

  it("JUnit carries the measured time of each session and failures matching the regressions", () => {
    const x = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "@" }).parse(readFileSync(at("out/all/junit.xml"), "utf8"));
    const cases = [x.testsuites.testsuite].flat().flatMap((s: { testcase: unknown }) => [s.testcase].flat()) as Record<string, string>[];
    expect(cases.length).toBe(3);
    expect(cases.some((c) => Number(c["@time"]) > 0)).toBe(true);
    expect(Number(x.testsuites["@time"])).toBeGreaterThan(0);
    expect(Number(x.testsuites["@failures"])).toBe(1);
  });

  it("says where it wrote the report", () => {
    expect(run.stderr).toContain("sightline: report written to out/all/ (summary.md, junit.xml, summary.json); summary appended to $GITHUB_STEP_SUMMARY");
    expect(readFileSync(at("out/all/summary.json"), "utf8")).toContain('"kind": "check"');
  });

  it("--shard 1/2 and 2/2 merged give the unsharded verdict and exit code", () => {
    const shards = [1, 2].map((i) => runCli(["check", "--config", CONFIG, "--shard", `${i}/2`, "--out", `out/shard-${i}`], { cwd: root }));
    expect(shards.map((s) => s.code).sort()).toEqual([0, 1]);
    writeFileSync(at("merged.md"), "");
    const merged = runCli(["merge-reports", "out/shard-1", "out/shard-2", "--out", "out/merged"], { cwd: root, env: gha(at("merged.md")) });
    expect(merged.code).toBe(run.code);
    expect(verdict(merged)).toBe(`${verdict(run)} (merged from 2 report(s))`);
    expect(merged.stdout.split("\n").filter((l) => l.startsWith("::"))).toEqual(run.stdout.split("\n").filter((l) => l.startsWith("::")));
    const doc = JSON.parse(readFileSync(at("out/merged/summary.json"), "utf8"));
    const whole = JSON.parse(readFileSync(at("out/all/summary.json"), "utf8"));
    expect(doc.regressions).toEqual(whole.regressions);
    expect(doc.suites.map((s: { sessions: { path: string }[] }) => s.sessions.map((x) => x.path))).toEqual(
      whole.suites.map((s: { sessions: { path: string }[] }) => s.sessions.map((x) => x.path)),
    );
    expect(readFileSync(at("merged.md"), "utf8")).toContain("Merged from 2 report(s).");
  });

  it("merge-reports warns when a shard is missing, and writes nothing after an unreadable folder", () => {
    const one = runCli(["merge-reports", "out/shard-1", "--out", "out/one"], { cwd: root });
    expect(one.stderr).toContain("sightline: warning: Shard(s) 2/2 missing: the merged report covers only part of the run");
    const bad = runCli(["merge-reports", "out/shard-1", "out/nowhere", "--out", "out/bad"], { cwd: root });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toBe("sightline: error: cannot read out/nowhere/summary.json: no such file or folder\n");
    expect(existsSync(at("out/bad"))).toBe(false);
    runCli(["audit", "fixtures/pi/omp17-branch-after-gap/session.jsonl", "--out", "out/audit", "--fail-on", "none"], { cwd: root });
    const mixed = runCli(["merge-reports", "out/shard-1", "out/audit", "--out", "out/mixed"], { cwd: root });
    expect(mixed).toMatchObject({ code: 2, stderr: "sightline: error: Cannot merge audit reports with check reports (1 audit, 1 check)\n" });
    expect(existsSync(at("out/mixed"))).toBe(false);
  });
});

describe("check from the suite's own folder", () => {
  it("finds sightline.config.json there, and annotation paths are relative to $GITHUB_WORKSPACE", () => {
    const r = runCli(["check", "--out", at("out/here")], {
      cwd: at("fixtures/suites/omp17"),
      env: { GITHUB_ACTIONS: "true", GITHUB_STEP_SUMMARY: "", GITHUB_WORKSPACE: root },
    });
    expect(r.code).toBe(1);
    const files = new Set(
      r.stdout
        .split("\n")
        .filter((l) => l.startsWith("::"))
        .map((l) => /file=([^,]+)/.exec(l)?.[1]),
    );
    expect([...files]).toEqual(["fixtures/pi/omp17-deferred-then-compaction/session.jsonl"]);
    expect(r.stderr).not.toContain("GITHUB_STEP_SUMMARY");
  });
});

describe("check usage errors come before any work", () => {
  const cases: [string, string[], string][] = [
    ["no config here", ["check"], "sightline: no sightline.config.json in this folder (pass --config FILE)"],
    [
      "a folder as config",
      ["check", "--config", "fixtures"],
      "sightline: --config fixtures is a folder; name the config file in it (e.g. fixtures/sightline.config.json)",
    ],
    ["a missing config file", ["check", "--config", "nope.json"], "sightline: --config nope.json: no such file or folder"],
    ["--out naming a file", ["check", "--config", CONFIG, "--out", RULE], `sightline: --out ${RULE} is a file, not a folder`],
  ];
  it.each(cases)("%s: one line and the check --help hint, exit 2, no verdict", (_, args, line) => {
    const r = runCli(args, { cwd: root });
    expect(r).toEqual({ code: 2, stdout: "", stderr: `${line}\nRun "sightline check --help" for usage.\n` });
    expect(existsSync(at("reports"))).toBe(false);
  });
});
