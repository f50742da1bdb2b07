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

  it("exits 1 and prints one annotation per rule and session file, with the count and the first turns, at the first turn's line", () => {
    expect(run.code).toBe(1);
    const annotations = run.stdout.split("\n").filter((l) => l.startsWith("::"));
    const summary = JSON.parse(readFileSync(at("out/all/summary.json"), "utf8")) as { regressions: { rule?: string; kind: string; session: string }[] };
    const groups = new Set(summary.regressions.map((r) => `${r.session} ${r.rule ?? r.kind}`));
    expect(summary.regressions.length).toBeGreaterThan(groups.size);
    expect(annotations.length).toBe(groups.size);
    expect(annotations[0]).toMatch(
      /^::error file=fixtures\/pi\/omp17-deferred-then-compaction\/session\.jsonl,line=\d+,title=sightline check rule no-filler::omp17-deferred-then-compaction: rule no-filler: \d+ regression\(s\) \(.*\) at turns \d+(, \d+)*; each is in the job summary$/,
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
    // Every testcase's time is its own session's measured time (ms in summary.json), not a placeholder.
    const doc = JSON.parse(readFileSync(at("out/all/summary.json"), "utf8")) as { suites: { sessions: { path: string; ms: number }[] }[] };
    const ms = new Map(doc.suites.flatMap((s) => s.sessions.map((x) => [x.path, x.ms] as const)));
    for (const c of cases) {
      expect(ms.get(c["@name"])).toBeGreaterThan(0);
      expect(c["@time"]).toBe(((ms.get(c["@name"]) as number) / 1000).toFixed(3));
    }
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
  }, 60_000);

  it("merge-reports refuses a missing shard (exit 2, nothing written) unless --allow-partial, whose verdict says partial", () => {
    const one = runCli(["merge-reports", "out/shard-1", "--out", "out/one"], { cwd: root });
    expect(one).toMatchObject({
      code: 2,
      stderr: "sightline: error: Shard(s) 2/2 of 2 missing: pass every shard's report, or --allow-partial to merge an incomplete set\n",
    });
    expect(existsSync(at("out/one"))).toBe(false);
    const partial = runCli(["merge-reports", "out/shard-1", "--allow-partial", "--out", "out/partial"], { cwd: root });
    expect(verdict(partial)).toMatch(/ \(partial: shard\(s\) 2\/2 missing\) \(merged from 1 report\(s\)\)$/);
    expect(partial.stderr).toContain("sightline: warning: Partial merge: shard(s) 2/2 of 2 missing (--allow-partial)");
    expect(JSON.parse(readFileSync(at("out/partial/summary.json"), "utf8")).partial).toEqual({ missing: ["2/2"] });
  }, 30_000);

  it("merge-reports refuses overlapping reports: one shard twice, a shard with the whole run (exit 2, nothing written)", () => {
    const twice = runCli(["merge-reports", "out/shard-1", "out/shard-1", "out/shard-2", "--out", "out/twice"], { cwd: root });
    expect(twice).toMatchObject({
      code: 2,
      stderr: "sightline: error: out/shard-1 and out/shard-1 overlap: the same folder is given twice; give each shard's report once\n",
    });
    cpSync(at("out/shard-1"), at("out/shard-1-copy"), { recursive: true });
    const copy = runCli(["merge-reports", "out/shard-1", "out/shard-1-copy", "out/shard-2", "--allow-partial", "--out", "out/copy"], { cwd: root });
    expect(copy).toMatchObject({
      code: 2,
      stderr: "sightline: error: out/shard-1 and out/shard-1-copy overlap: both are shard 1/2; give each shard's report once\n",
    });
    const whole = runCli(["merge-reports", "out/all", "out/shard-2", "--out", "out/whole"], { cwd: root });
    expect(whole).toMatchObject({
      code: 2,
      stderr: "sightline: error: out/all and out/shard-2 overlap: the whole run (not sharded) with shard 2/2; give each shard's report once\n",
    });
    for (const d of ["out/twice", "out/copy", "out/whole"]) expect(existsSync(at(d))).toBe(false);
  }, 30_000);

  it("merge-reports writes nothing after an unreadable folder or mixed kinds", () => {
    const bad = runCli(["merge-reports", "out/shard-1", "out/nowhere", "--out", "out/bad"], { cwd: root });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toBe("sightline: error: cannot read out/nowhere/summary.json: no such file or folder\n");
    expect(existsSync(at("out/bad"))).toBe(false);
    runCli(["audit", "fixtures/pi/omp17-branch-after-gap/session.jsonl", "--out", "out/audit", "--fail-on", "none"], { cwd: root });
    const mixed = runCli(["merge-reports", "out/shard-1", "out/audit", "--out", "out/mixed"], { cwd: root });
    expect(mixed).toMatchObject({ code: 2, stderr: "sightline: error: Cannot merge audit reports with check reports (1 audit, 1 check)\n" });
    expect(existsSync(at("out/mixed"))).toBe(false);
  }, 30_000);
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
