// `sightline audit` as a user runs it: report folder, exit codes, --json, --shard, merge-reports, workers.
import { createHash } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { runCli } from "./run.js";

const tmp = () => mkdtempSync(join(tmpdir(), "sightline-audit-cli-"));
const SMALL = ["fixtures/hostile", "fixtures/pi/omp17-interrupt-then-tool-reminder", "fixtures/scorel/invalid/inv-02-invalid-json.jsonl"];

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
    expect(readdirSync(out).sort()).toEqual(["index.html", "junit.xml", "summary.json", "summary.md"]);
    expect(tree("fixtures")).toEqual(before);
    const doc = JSON.parse(readFileSync(join(out, "summary.json"), "utf8"));
    expect(doc.sessions.some((s: { status: string }) => s.status === "error")).toBe(true);
    expect(doc.sessions.find((s: { path: string }) => s.path === "fixtures/pi/before-compaction.jsonl").turns).toHaveLength(484);
    // The message table keeps the demo report small: no quadratic copies of the 484-turn session.
    expect(statSync(join(out, "index.html")).size).toBeLessThan(8 * 1024 * 1024);
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
    expect(readFileSync(join(out, "n", "index.html"), "utf8")).toContain("AKIAIOSFODNN7EXAMPLE");
  });

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
    expect(readdirSync(out).sort()).toEqual(["index.html", "junit.xml", "summary.json", "summary.md"]);
    const doc = JSON.parse(readFileSync(join(out, "summary.json"), "utf8"));
    expect(doc.sessions.find((s: { path: string }) => s.path.endsWith("omp17-interrupt-then-tool-reminder/session.jsonl")).turns).toHaveLength(5);
  });

  it("GitHub annotations under GITHUB_ACTIONS", () => {
    const r = runCli(["audit", "fixtures/scorel/invalid/inv-02-invalid-json.jsonl", "--out", join(tmp(), "g")], { env: { GITHUB_ACTIONS: "true" } });
    expect(r.stdout).toMatch(/^::error file=fixtures\/scorel\/invalid\/inv-02-invalid-json\.jsonl,line=\d+,title=sightline /m);
  });
});

describe("sightline merge-reports", () => {
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
    expect(readdirSync(join(base, "merged")).sort()).toEqual(["index.html", "junit.xml", "summary.json", "summary.md"]);
    // An unreadable folder: exit 2 and no partial "merged" report.
    expect(runCli(["merge-reports", dirs[0], join(base, "missing"), "--out", join(base, "m2")]).code).toBe(2);
    expect(existsSync(join(base, "m2"))).toBe(false);
  }, 60_000);
});
