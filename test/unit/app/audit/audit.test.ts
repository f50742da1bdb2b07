import { createHash } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runAudit } from "../../../../src/app/audit/audit.js";
import { removeSpillDirs } from "../../../../src/io/spill.js";
import { mergeReports } from "../../../../src/app/report-folder/merge.js";
import { REPORT_FILES, defaultRunDir, utcStamp, writeReport } from "../../../../src/app/report-folder/write.js";
import { auditFindingsExitCode } from "../../../../src/cli/exit-codes.js";
import { resolveTurn } from "../../../../src/app/audit/session.js";
import { dataOf } from "../../../../src/report/html-session.js";

const tmp = mkdtempSync(join(tmpdir(), "sightline-audit-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
// The runner ends this process without "exit": remove the audits' spill folders here.
afterAll(removeSpillDirs);

const INPUTS = ["fixtures/hostile", "fixtures/pi/omp17-interrupt-then-tool-reminder", "fixtures/pi/hand", "fixtures/scorel/invalid/inv-02-invalid-json.jsonl"];
const now = () => new Date("2026-03-03T14:30:00.000Z");

function checksums(paths: string[]): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (p: string) => {
    if (statSync(p).isDirectory()) for (const n of readdirSync(p)) walk(join(p, n));
    else out.set(p, createHash("sha256").update(readFileSync(p)).digest("hex"));
  };
  paths.forEach(walk);
  return out;
}

describe("app/audit (in-process)", async () => {
  const before = checksums(INPUTS);
  const { result, unreadableInputs } = await runAudit({ paths: INPUTS, workers: 0, now, version: "9.9.9" });
  const dir = join(tmp, "run");
  await writeReport(dir, result, { redact: true });

  it("never modifies its inputs (checksums before and after)", () => {
    expect(checksums(INPUTS)).toEqual(before);
  });
  it("reports broken files instead of crashing, in input order, skipping non-inputs with a reason", () => {
    expect(unreadableInputs).toBe(0);
    const paths = result.sessions.map((s) => s.path);
    expect(paths[0]).toBe("fixtures/hostile/markup-and-script-messages.jsonl");
    expect(paths.at(-1)).toBe("fixtures/scorel/invalid/inv-02-invalid-json.jsonl");
    const bad = result.sessions.at(-1)!;
    expect(bad.status).toBe("error");
    expect(bad.loader.verdict).toBe("rejected");
    expect(result.skipped.map((s) => s.path)).toContain("fixtures/hostile/README.md");
    expect(result.sessions.find((s) => s.path.endsWith("no-sudo.md"))?.kind).toBe("rule");
  });
  it("records per session format, profile, turns with tokens and the full context behind each turn", () => {
    const s = result.sessions.find((x) => x.path === "fixtures/pi/omp17-interrupt-then-tool-reminder/session.jsonl")!;
    expect([s.format, s.profile]).toEqual(["pi", "omp17"]);
    expect(s.turns.map((t) => t.responseId)).toEqual(["00000003", "00000006", "00000008", "0000000a", "0000000d"]);
    expect(s.turns.every((t) => t.tokens.estimator === "chars/4 + 1600/image" && t.tokens.estimated > 0)).toBe(true);
    expect(resolveTurn(s, 4).map((i) => s.messages[i].sourceIds[0])).toEqual([
      "00000002",
      "00000004",
      "00000006",
      "00000007",
      "00000008",
      "00000009",
      "0000000a",
      "0000000c",
    ]);
  });
  it("exit code follows --fail-on", () => {
    expect(auditFindingsExitCode(result, "error")).toBe(1);
    expect(auditFindingsExitCode(result, "none")).toBe(0);
  });
  it("writes the report files atomically (no temp files left), a detail file per input and one viewer page, and redacts every one", () => {
    expect(readdirSync(dir).sort()).toEqual([...REPORT_FILES, "sessions"].sort());
    const pages = readdirSync(join(dir, "sessions")).sort();
    expect(pages).toEqual([...result.sessions.map((_, i) => `${i + 1}.js`), "report.css", "session.html", "session.js"].sort());
    for (const f of [...REPORT_FILES, ...pages.map((p) => `sessions/${p}`)]) {
      const text = readFileSync(join(dir, f), "utf8");
      expect(text, f).not.toContain("sk-proj-Ab3d");
      expect(text, f).not.toContain("AKIAIOSFODNN7EXAMPLE");
    }
    expect(readFileSync(join(dir, "sessions/1.js"), "utf8")).toContain("[REDACTED:aws-access-key]");
    expect(JSON.parse(readFileSync(join(dir, "summary.json"), "utf8")).options.redacted).toBe(true);
  });
  it("--no-redact keeps the data", async () => {
    const d = join(tmp, "raw");
    await writeReport(d, result, { redact: false });
    expect(readFileSync(join(d, "sessions/1.js"), "utf8")).toContain("AKIAIOSFODNN7EXAMPLE");
  });
  it("names the default run folder reports/<UTC timestamp>-<command>", () => {
    expect(utcStamp(now())).toBe("20260303T143000Z");
    expect(defaultRunDir("audit", now())).toBe(join("reports", "20260303T143000Z-audit"));
  });
  it("a missing input path is reported (exit 2 in the CLI), the rest is audited", async () => {
    const r = await runAudit({ paths: ["fixtures/hostile", "fixtures/does-not-exist"], workers: 0, now });
    expect(r.unreadableInputs).toBe(1);
    expect(r.result.diagnostics[0].code).toBe("APP_INPUT_PROBLEM");
    expect(r.result.sessions).toHaveLength(1);
  });
  it("shards are deterministic and merge-reports of all shards equals the unsharded run", async () => {
    const dirs: string[] = [];
    for (const index of [1, 2, 3]) {
      const r = await runAudit({ paths: INPUTS, workers: 0, now, version: "9.9.9", shard: { index, count: 3 } });
      const d = join(tmp, `shard-${index}`);
      await writeReport(d, r.result, { redact: false });
      dirs.push(d);
    }
    const merged = await mergeReports(dirs, { now });
    expect(merged.unreadable).toBe(0);
    const { skipped: _a, ...sum } = merged.result.summary;
    const { skipped: _b, ...want } = result.summary;
    expect(sum).toEqual(want);
    expect(merged.result.options.mergedFrom).toEqual(dirs);
    // The merged report's files equal the unsharded report's, session by session (ms aside).
    const whole = join(tmp, "whole");
    await writeReport(whole, result, { redact: false });
    const into = join(tmp, "merged");
    await writeReport(into, merged.result, { redact: false });
    const noMs = <T extends { ms?: number; session?: { ms?: number } }>(v: T): T => {
      delete v.ms;
      delete v.session?.ms;
      return v;
    };
    const files = (d: string) => {
      const doc = JSON.parse(readFileSync(join(d, "summary.json"), "utf8")) as { sessions: { path: string; detail: string; page: string; ms?: number }[] };
      return new Map(
        doc.sessions.map((e) => [
          e.path,
          { entry: noMs({ ...e, detail: "", page: "" }), detail: JSON.parse(dataOf(readFileSync(join(d, e.detail), "utf8"))!) },
        ]),
      );
    };
    const a = files(whole);
    const b = files(into);
    expect([...b.keys()].sort()).toEqual([...a.keys()].sort());
    for (const [path, x] of a) expect(b.get(path), path).toEqual(x);
  });
  it("merge-reports reports a folder without summary.json", async () => {
    const m = await mergeReports([join(tmp, "run"), join(tmp, "nothing-here")]);
    expect(m.unreadable).toBe(1);
    expect(m.result.diagnostics.map((d) => d.code)).toContain("UNREADABLE_PATH");
  });
});

describe("app/audit with --rules: TTSR evidence recorded vs replayed", async () => {
  const dir = "fixtures/pi/omp17-interrupt-then-tool-reminder";
  const { result } = await runAudit({
    paths: [`${dir}/session.jsonl`],
    workers: 0,
    rules: [`${dir}/project/.omp/rules`],
    settings: `${dir}/settings.json`,
    ttsrProfile: "v17",
    cwd: join(process.cwd(), dir, "project"),
  });
  const s = result.sessions[0];
  it("lists every assistant turn with matches, injections and agreement", () => {
    expect(s.ttsr?.turns.map((t) => [t.responseId, t.agree])).toEqual([
      ["00000003", true],
      ["00000006", true],
      ["00000008", true],
      ["0000000a", true],
      ["0000000d", true],
    ]);
    expect(s.ttsr?.turns[0].matches.map((m) => [m.rule, m.decision])).toEqual([["no-ts-ignore", "interrupt"]]);
    expect(s.ttsr?.turns[3].injected[0].text).toContain('rule="no-sudo" path=".omp/rules/no-sudo.md"');
    expect(s.ttsr?.disagreements).toEqual([]);
    expect(s.checks.filter((c) => c.name.startsWith("ttsr turn")).every((c) => c.status === "pass")).toBe(true);
    expect(result.summary.ttsrDisagreements).toBe(0);
  });
  it("a pool worker (which loads the TTSR replay only when rules are given) records the same evidence, and validates a rule file", async () => {
    const pooled = await runAudit({
      paths: [`${dir}/session.jsonl`, `${dir}/project/.omp/rules`],
      workers: 1,
      rules: [`${dir}/project/.omp/rules`],
      settings: `${dir}/settings.json`,
      ttsrProfile: "v17",
      cwd: join(process.cwd(), dir, "project"),
    });
    expect(pooled.result.sessions[0].ttsr).toEqual(s.ttsr);
    expect(pooled.result.sessions.slice(1).map((x) => x.kind)).toContain("rule");
  });
  it("a wrong rule set shows up as disagreements and fails the session", async () => {
    const other = await runAudit({
      paths: [`${dir}/session.jsonl`],
      workers: 0,
      rules: ["fixtures/pi/omp17-branch-after-gap/project/.omp/rules"],
      ttsrProfile: "v17",
    });
    const x = other.result.sessions[0];
    expect(x.ttsr?.disagreements).toEqual(["00000003", "0000000a"]);
    expect(x.status).toBe("error");
    expect(auditFindingsExitCode(other.result, "error")).toBe(1);
  });
});

describe("app/audit of Claude Code transcripts: who started each compaction", () => {
  const cc = "fixtures/claude-code";
  it("keeps the log's manual or automatic trigger on the audit's compaction, as diff does", async () => {
    const { result } = await runAudit({ paths: [`${cc}/2.1.328/compact/projects`, `${cc}/2.1.220/autocompact/projects`], workers: 0 });
    const triggers = result.sessions.flatMap((s) => s.compactions.map((c) => c.trigger));
    expect(triggers).toContain("manual");
    expect(triggers).toContain("automatic");
    expect(triggers.every((t) => t === "manual" || t === "automatic")).toBe(true);
  });

  it("a format that does not record it leaves it out", async () => {
    const { result } = await runAudit({ paths: ["fixtures/pi/before-compaction.jsonl"], workers: 0 });
    expect(result.sessions[0].compactions.length).toBeGreaterThan(0);
    expect(result.sessions[0].compactions.every((c) => !("trigger" in c))).toBe(true);
  });
});
