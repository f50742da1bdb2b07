// `sightline ttsr run`: the acceptance goldens on the real omp17 fixtures (run from each project/ folder as a
// user would), the JSON contract, and exit codes (0 agree, 1 disagree, 2 usage or unreadable input).
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { checkContract } from "../../src/schema/contract.js";
import { golden, ROOT, runCli } from "./run.js";

const FIXTURES = ["omp17-interrupt-then-tool-reminder", "omp17-deferred-then-compaction", "omp17-branch-after-gap"];
// As a new user runs it: from the recording's own folder, no profile or cwd flags (design §2: both follow the session
// and the rules).
const ARGS = ["ttsr", "run", "session.jsonl", "--rules", "project/.omp/rules", "--settings", "settings.json"];
const recording = (name: string) => join(ROOT, "fixtures/pi", name);
const project = (name: string) => join(recording(name), "project");

interface Doc {
  sessions: { path: string; turns: { agree: boolean | null; injected: { rules: string[]; text: string }[] }[] }[];
}

// The texts the model received, from expected.json (custom_message content, tool reminder text), in file order.
function expectedTexts(name: string): string[] {
  const e = JSON.parse(readFileSync(join(ROOT, "fixtures/pi", name, "expected.json"), "utf8")) as { injections: Record<string, string>[] };
  return e.injections.flatMap((i) => (i.kind === "custom_message" ? [i.content] : i.kind === "tool_reminder" ? [i.reminder] : []));
}

describe("sightline ttsr run", () => {
  for (const name of FIXTURES) {
    it(`golden: fixtures/pi/${name} replayed from its own folder with no other flags agrees on every turn (exit 0)`, async () => {
      const r = runCli(ARGS, { cwd: recording(name) });
      expect(r.code).toBe(0);
      await expect(golden(ARGS, r)).toMatchFileSnapshot(`../golden/ttsr-run/${name}.txt`);
    });

    it(`--json: fixtures/pi/${name}: contract, every injection text equals the recorded one, agree true on every turn`, async () => {
      const args = [...ARGS, "--json"];
      const r = runCli(args, { cwd: recording(name) });
      expect(r.code).toBe(0);
      const doc = JSON.parse(r.stdout) as Doc;
      expect(checkContract("ttsr-run", doc)).toEqual([]);
      const turns = doc.sessions[0].turns;
      expect(turns.length).toBeGreaterThan(0);
      expect(turns.every((t) => t.agree === true)).toBe(true);
      expect(turns.flatMap((t) => t.injected.map((i) => i.text))).toEqual(expectedTexts(name));
      await expect(golden(args, r)).toMatchFileSnapshot(`../golden/ttsr-run/${name}.json.txt`);
    });
  }

  it("design §2: --ttsr-profile seed on a v17 recording is obeyed with a warning naming the evidence; seed texts disagree (exit 1)", async () => {
    const args = [...ARGS, "--ttsr-profile", "seed"];
    const r = runCli(args, { cwd: recording(FIXTURES[0]) });
    expect(r.code).toBe(1);
    expect(r.stdout).toContain("turn 0 (response 00000003): replayed and recorded injections differ");
    expect(r.stdout).toContain("TTSR profile seed (--ttsr-profile)");
    expect(r.stderr).toContain(
      "warning TTSR_PROFILE_CONTRADICTS_SESSION: --ttsr-profile seed contradicts the session: the injection texts it recorded point to v17",
    );
    await expect(golden(args, r)).toMatchFileSnapshot("../golden/ttsr-run/seed-disagrees.txt");
  });

  it("design §2 --resumed-at: a restart before 00000008 keeps the gap from being reached (exit 1)", () => {
    const r = runCli([...ARGS, "--resumed-at", "00000008", "--json"], { cwd: recording(FIXTURES[2]) });
    expect(r.code).toBe(1);
    const doc = JSON.parse(r.stdout) as Doc;
    expect(doc.sessions[0].turns.map((t) => t.agree)).toEqual([true, true, true, true, false, true]);
  });

  it("--chunking random:7 gives the same injections on the fixtures (exit 0)", () => {
    const r = runCli([...ARGS, "--chunking", "random:7"], { cwd: recording(FIXTURES[1]) });
    expect(r.code).toBe(0);
  });

  it("design §2 --settings: keys under `ttsr`, null = unset (default applies), an odd gap passes through with a warning", () => {
    const dir = mkdtempSync(join(tmpdir(), "sightline-ttsr-run-"));
    const file = join(dir, "settings.json");
    writeFileSync(file, JSON.stringify({ ttsr: { interruptMode: "always", contextMode: null, repeatMode: "once", repeatGap: 2.5 } }));
    const r = runCli(["ttsr", "run", "../session.jsonl", "--rules", ".omp/rules", "--settings", file, "--ttsr-profile", "v17", "--json"], {
      cwd: project(FIXTURES[0]),
    });
    expect(r.code).toBe(0);
    expect(r.stderr).toContain("TTSR_SETTINGS_UNUSUAL_VALUE");
    const doc = JSON.parse(r.stdout) as Doc & { diagnostics: { code: string; pointer?: string }[] };
    expect(doc.diagnostics.map((d) => [d.code, d.pointer])).toEqual([["TTSR_SETTINGS_UNUSUAL_VALUE", "/ttsr/repeatGap"]]);
    expect(doc.sessions[0].turns.every((t) => t.agree === true)).toBe(true);
  });

  it("design §8: a catastrophic regex is caught by the per-regex budget; the session is re-run without that rule (exit 1)", () => {
    const dir = mkdtempSync(join(tmpdir(), "sightline-ttsr-run-"));
    writeFileSync(join(dir, "evil.md"), '---\ncondition: "(a+)+$"\n---\nNo.\n');
    writeFileSync(join(dir, "lod.md"), '---\ncondition: "lodash"\ninterruptMode: never\n---\nNo lodash.\n');
    const lines = [
      { type: "session", version: 3, id: "s", timestamp: "2026-01-01T00:00:00.000Z", cwd: "/p" },
      { type: "message", id: "e1", parentId: null, timestamp: "2026-01-01T00:00:00.000Z", message: { role: "user", content: "q" } },
      {
        type: "message",
        id: "e2",
        parentId: "e1",
        timestamp: "2026-01-01T00:00:00.000Z",
        message: { role: "assistant", content: [{ type: "text", text: `lodash ${"a".repeat(40)}b` }], stopReason: "stop" },
      },
    ];
    writeFileSync(join(dir, "s.jsonl"), lines.map((l) => JSON.stringify(l)).join("\n") + "\n");
    const r = runCli(["ttsr", "run", "s.jsonl", "--rules", ".", "--regex-budget", "300", "--json"], { cwd: dir });
    expect(r.code).toBe(1);
    const doc = JSON.parse(r.stdout) as Doc & { diagnostics: { code: string; args?: { rule?: string } }[] };
    expect(doc.diagnostics.map((d) => [d.code, d.args?.rule])).toEqual([["TTSR_REGEX_BUDGET_EXCEEDED", "evil"]]);
    expect(doc.sessions[0].turns[0].injected.map((i) => i.rules)).toEqual([["lod"]]);
  });

  it("design §4: - reads the session from stdin, reported as <stdin>", () => {
    const input = readFileSync(join(ROOT, "fixtures/pi", FIXTURES[2], "session.jsonl"), "utf8");
    const r = runCli(["ttsr", "run", "-", "--rules", ".omp/rules", "--settings", "../settings.json", "--ttsr-profile", "v17", "--json"], {
      cwd: project(FIXTURES[2]),
      input,
    });
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.stdout) as Doc;
    expect(doc.sessions.map((s) => s.path)).toEqual(["<stdin>"]);
    expect(doc.sessions[0].turns.every((t) => t.agree === true)).toBe(true);
  });

  it("golden: Scorel and yoi sessions are replayed with agree n/a (no TTSR evidence recorded), exit 0", async () => {
    const args = [
      "ttsr",
      "run",
      "fixtures/yoi/seed-era-realistic.jsonl",
      "fixtures/scorel/valid/p5-session.jsonl",
      "--rules",
      "fixtures/rules/project",
      "--ttsr-profile",
      "v17",
    ];
    const r = runCli(args);
    expect(r.code).toBe(0);
    await expect(golden(args, r)).toMatchFileSnapshot("../golden/ttsr-run/scorel-yoi-no-evidence.txt");
  });

  it("exit 2 for a bad --chunking, a missing --rules, or an unreadable rule folder", () => {
    expect(runCli([...ARGS, "--chunking", "fixed:0"], { cwd: recording(FIXTURES[0]) }).code).toBe(2);
    expect(runCli(["ttsr", "run", "../session.jsonl"], { cwd: project(FIXTURES[0]) }).code).toBe(2);
    const r = runCli(["ttsr", "run", "../session.jsonl", "--rules", "no/such/dir"], { cwd: project(FIXTURES[0]) });
    expect(r.code).toBe(2);
    // Stopped before the replay: one line and the hint, no table.
    expect(r.stderr).toBe('sightline: --rules no/such/dir: no such file or folder\nRun "sightline ttsr run --help" for usage.\n');
    expect(r.stdout).toBe("");
  });

  it("exit 2 for an unreadable session, even when another session disagrees", () => {
    const r = runCli(["ttsr", "run", "../session.jsonl", "missing.jsonl", "--rules", ".omp/rules", "--ttsr-profile", "seed"], { cwd: project(FIXTURES[0]) });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("UNREADABLE_PATH");
  });
});
