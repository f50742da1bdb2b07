// `sightline audit` as a user runs it: report folder, exit codes, --json, --shard, merge-reports, workers.
import { createHash } from "node:crypto";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { dataOf } from "../../src/report/html-session.js";
import { runCli } from "./run.js";

const tmp = () => mkdtempSync(join(tmpdir(), "sightline-audit-cli-"));
const REPORT = ["index.html", "junit.xml", "sessions", "summary.json", "summary.md"];
const SMALL = ["fixtures/hostile", "fixtures/pi/omp17-interrupt-then-tool-reminder", "fixtures/scorel/invalid/inv-02-invalid-json.jsonl"];

/** An input's detail: the JSON document inside sessions/<n>.js. */
const detailOf = (out: string, e: { detail: string }) => JSON.parse(dataOf(readFileSync(join(out, e.detail), "utf8"))!).session;
const bytes = (p: string): number => (statSync(p).isDirectory() ? readdirSync(p).reduce((a, x) => a + bytes(join(p, x)), 0) : statSync(p).size);

function tree(p: string, out = new Map<string, string>()): Map<string, string> {
  if (statSync(p).isDirectory()) for (const n of readdirSync(p)) tree(join(p, n), out);
  else out.set(p, createHash("sha256").update(readFileSync(p)).digest("hex"));
  return out;
}

describe("sightline audit", () => {
  it("the demo: audits every bundled fixture with worker threads, broken files included, without crashing", () => {
    const out = join(tmp(), "demo");
    const before = tree("fixtures");
    const r = runCli(["audit", "fixtures", "--out", out, "--fail-on", "none"]);
    expect(r.stderr).not.toMatch(/internal error|please report/i);
    expect(r.code).toBe(0);
    expect(readdirSync(out).sort()).toEqual(REPORT);
    expect(tree("fixtures")).toEqual(before);
    const doc = JSON.parse(readFileSync(join(out, "summary.json"), "utf8"));
    expect(doc.sessions.some((s: { status: string }) => s.status === "error")).toBe(true);
    const real = doc.sessions.find((s: { path: string }) => s.path === "fixtures/pi/before-compaction.jsonl");
    expect(real.counts.turns).toBe(484);
    expect(detailOf(out, real).turns).toHaveLength(484);
    // One detail file per input and one viewer page (with its script and style) for all of them.
    expect(readdirSync(join(out, "sessions"))).toHaveLength(doc.sessions.length + 3);
    // The overview holds no session data; each input's detail file holds its own.
    expect(statSync(join(out, "index.html")).size).toBeLessThan(512 * 1024);
    expect(r.stdout).toContain(`Report: ${out}`);
    const xml = readFileSync(join(out, "junit.xml"), "utf8");
    expect(XMLValidator.validate(xml)).toBe(true);
    const junit = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "@", isArray: (n) => n === "testsuite" || n === "testcase" }).parse(xml);
    expect(junit.testsuites.testsuite.map((t: { "@name": string }) => t["@name"])).toEqual(doc.sessions.map((s: { path: string }) => s.path));
    expect(Number(junit.testsuites["@failures"])).toBe(doc.summary.checks.fail);
  }, 120_000);

  it("--fail-on sets the exit code", () => {
    const out = tmp();
    expect(runCli(["audit", ...SMALL, "--out", join(out, "a")]).code).toBe(1);
    expect(runCli(["audit", ...SMALL, "--out", join(out, "b"), "--fail-on", "none"]).code).toBe(0);
    expect(runCli(["audit", "fixtures/hostile", "--out", join(out, "c"), "--fail-on", "warning"]).code).toBe(0);
    expect(runCli(["audit", "fixtures/pi/hand/blank-and-bad-lines.jsonl", "--out", join(out, "d"), "--fail-on", "warning"]).code).toBe(1);
    expect(runCli(["audit", "fixtures/pi/hand/blank-and-bad-lines.jsonl", "--out", join(out, "e")]).code).toBe(0);
  }, 60_000);

  it("exit 2 for a missing input (it wins over 1) and for a bad --shard", () => {
    const out = tmp();
    expect(runCli(["audit", ...SMALL, "nope.jsonl", "--out", join(out, "a")]).code).toBe(2);
    const bad = runCli(["audit", "fixtures/hostile", "--shard", "3/2", "--out", join(out, "b")]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("need 1 <= i <= n");
  });

  it("--json prints the canonical result only, unredacted unless --redact; files stay redacted", () => {
    const out = join(tmp(), "j");
    const r = runCli(["audit", "fixtures/hostile", "--json", "--out", out]);
    const doc = JSON.parse(r.stdout);
    expect(doc.schemaVersion).toBe(1);
    expect(doc.kind).toBe("audit");
    expect(r.stdout).toContain("AKIAIOSFODNN7EXAMPLE");
    expect(readFileSync(join(out, "summary.json"), "utf8")).not.toContain("AKIAIOSFODNN7EXAMPLE");
    const red = runCli(["audit", "fixtures/hostile", "--json", "--redact", "--out", join(out, "r")]);
    expect(red.stdout).not.toContain("AKIAIOSFODNN7EXAMPLE");
    const raw = runCli(["audit", "fixtures/hostile", "--no-redact", "--out", join(out, "n")]);
    expect(raw.code).toBe(0);
    expect(readFileSync(join(out, "n", "sessions", "1.js"), "utf8")).toContain("AKIAIOSFODNN7EXAMPLE");
    // Merging an unredacted report redacts by default.
    expect(runCli(["merge-reports", join(out, "n"), "--out", join(out, "m")]).code).toBe(0);
    expect(readFileSync(join(out, "m", "sessions", "1.js"), "utf8")).not.toContain("AKIAIOSFODNN7EXAMPLE");
    expect(readFileSync(join(out, "m", "sessions", "1.js"), "utf8")).toContain("[REDACTED:aws-access-key]");
    // Five runs of the CLI: over the default 5 s on a loaded 2-core machine.
  }, 60_000);

  it("writes reports/<UTC timestamp>-audit/ by default", () => {
    const cwd = tmp();
    const r = runCli(["audit", join(process.cwd(), "fixtures/hostile")], { cwd });
    expect(r.code).toBe(0);
    const runs = readdirSync(join(cwd, "reports"));
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatch(/^\d{8}T\d{6}Z-audit$/);
    expect(existsSync(join(cwd, "reports", runs[0], "index.html"))).toBe(true);
  });

  it("reads a session from stdin as <stdin> (in the main thread, never a worker)", () => {
    const r = runCli(["audit", "-", "--out", join(tmp(), "s"), "--json"], { input: readFileSync("fixtures/hostile/markup-and-script-messages.jsonl", "utf8") });
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.stdout);
    expect(doc.sessions.map((s: { path: string; format: string; turns: unknown[] }) => [s.path, s.format, s.turns.length])).toEqual([["<stdin>", "pi", 3]]);
  });

  it("sessions are spilled to a temporary folder while auditing, which is gone when the command ends", () => {
    const temp = tmp();
    const out = join(tmp(), "t");
    const r = runCli(["audit", ...SMALL, "--out", out, "--fail-on", "none"], { env: { TMPDIR: temp } });
    expect(r.code).toBe(0);
    expect(readdirSync(temp)).toEqual([]);
    expect(readdirSync(out).sort()).toEqual(REPORT);
    const doc = JSON.parse(readFileSync(join(out, "summary.json"), "utf8"));
    expect(doc.sessions.find((s: { path: string }) => s.path.endsWith("omp17-interrupt-then-tool-reminder/session.jsonl")).counts.turns).toBe(5);
  });

  it("GitHub annotations under GITHUB_ACTIONS", () => {
    const r = runCli(["audit", "fixtures/scorel/invalid/inv-02-invalid-json.jsonl", "--out", join(tmp(), "g")], { env: { GITHUB_ACTIONS: "true" } });
    expect(r.stdout).toMatch(/^::error file=fixtures\/scorel\/invalid\/inv-02-invalid-json\.jsonl,line=\d+,title=sightline /m);
  });
});

describe("sightline audit: report sizes", () => {
  it("the demo report of the bundled fixtures (many tiny, finding-heavy inputs) is no larger than the files it audited", () => {
    const out = join(tmp(), "demo");
    expect(runCli(["audit", "fixtures", "--out", out, "--fail-on", "none"]).code).toBe(0);
    const doc = JSON.parse(readFileSync(join(out, "summary.json"), "utf8")) as { sessions: { path: string }[] };
    const input = doc.sessions.reduce((a, e) => a + statSync(e.path).size, 0);
    expect(doc.sessions.length).toBeGreaterThan(100);
    expect(bytes(out)).toBeLessThanOrEqual(input);
  }, 120_000);

  it("copies of the real pi recording: a small index.html, a detail file each, the folder smaller than its input", () => {
    const base = tmp();
    const input = join(base, "in");
    mkdirSync(input);
    const n = 3;
    for (let i = 1; i <= n; i++) copyFileSync("fixtures/pi/before-compaction.jsonl", join(input, `copy-${i}.jsonl`));
    const out = join(base, "out");
    const r = runCli(["audit", input, "--out", out]);
    expect(r.code).toBe(0);
    expect(bytes(out)).toBeLessThan(bytes(input));
    expect(statSync(join(out, "index.html")).size).toBeLessThan(64 * 1024);
    expect(statSync(join(out, "summary.json")).size).toBeLessThan(16 * 1024);
    const index = readFileSync(join(out, "index.html"), "utf8");
    // Paths relative to the audited folder.
    expect(index).toContain(">copy-2.jsonl</a>");
    expect(readFileSync(join(out, "sessions", "session.html"), "utf8")).toContain('<section id="chart"');
    for (let i = 1; i <= n; i++) expect(detailOf(out, { detail: `sessions/${i}.js` }).turns).toHaveLength(484);
  }, 120_000);
});

describe("sightline merge-reports", () => {
  it("reads every report sightline writes: the fixtures (deep nesting included), whole and as --shard 1/2 + 2/2", () => {
    const base = tmp();
    const whole = join(base, "whole");
    expect(runCli(["audit", "fixtures", "--out", whole, "--fail-on", "none"]).code).toBe(0);
    const m = runCli(["merge-reports", whole, "--out", join(base, "m"), "--json"]);
    expect(m.stderr).toBe(`sightline: report written to ${join(base, "m")}/index.html\n`);
    expect(m.code).toBe(0);
    const doc = JSON.parse(readFileSync(join(whole, "summary.json"), "utf8"));
    expect(doc.sessions.some((s: { path: string }) => s.path === "fixtures/scorel/bad-input/deep-nesting.jsonl")).toBe(true);
    expect(JSON.parse(m.stdout).sessions).toHaveLength(doc.sessions.length);
    const shards = [1, 2].map((i) => {
      const d = join(base, `shard-${i}`);
      expect(runCli(["audit", "fixtures", "--shard", `${i}/2`, "--out", d, "--fail-on", "none"]).code).toBe(0);
      return d;
    });
    const merged = runCli(["merge-reports", ...shards, "--out", join(base, "merged"), "--json"]);
    expect(merged.code).toBe(0);
    const mdoc = JSON.parse(merged.stdout);
    expect(mdoc.sessions).toHaveLength(doc.sessions.length);
    expect(mdoc.summary).toEqual({ ...doc.summary });
    expect(readdirSync(join(base, "merged", "sessions"))).toHaveLength(doc.sessions.length + 3);
  }, 240_000);

  it("merges --shard outputs into the report one run would write", () => {
    const base = tmp();
    const dirs = [1, 2].map((i) => {
      const d = join(base, `shard-${i}`);
      runCli(["audit", ...SMALL, "--shard", `${i}/2`, "--out", d, "--json"]);
      return d;
    });
    const unsharded = runCli(["audit", ...SMALL, "--out", join(base, "whole"), "--json"]);
    const whole = JSON.parse(unsharded.stdout);
    const merged = runCli(["merge-reports", ...dirs, "--out", join(base, "merged"), "--json"]);
    // The verdict of the unsharded run, exit code included.
    expect(merged.code).toBe(unsharded.code);
    const doc = JSON.parse(merged.stdout);
    const paths = (d: { sessions: { path: string }[] }) => d.sessions.map((s) => s.path).sort();
    expect(paths(doc)).toEqual(paths(whole));
    expect(doc.summary.byStatus).toEqual(whole.summary.byStatus);
    expect(readdirSync(join(base, "merged")).sort()).toEqual(REPORT);
    expect(runCli(["merge-reports", join(base, "missing"), "--out", join(base, "m2")]).code).toBe(2);
    expect(existsSync(join(base, "m2"))).toBe(false);
    expect(runCli(["merge-reports", dirs[0], join(base, "missing"), "--out", join(base, "m3")]).code).toBe(2);
    expect(existsSync(join(base, "m3"))).toBe(false);
  }, 60_000);
});
