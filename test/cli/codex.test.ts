// Issue 18: the commands on a Codex sessions tree as a user runs them (a copy of the rollouts the real binary wrote,
// fixtures/codex/<release>/): validate, replay --json (the contract, with request / notRecorded), diff (each
// compaction's before and after), audit, and what a rewritten or newer rollout gets.
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, sep } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkContract } from "../../src/schema/contract.js";
import { ROOT, runCli } from "./run.js";

function* rollouts(dir: string): Generator<string> {
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) yield* rollouts(p);
    else if (name.endsWith(".jsonl")) yield p;
  }
}

let home: string;
let sessions: string;
const byScenario = new Map<string, string[]>();

beforeAll(() => {
  home = mkdtempSync(join(tmpdir(), "sightline-codex-cli-"));
  sessions = join(home, "sessions");
  for (const release of ["0.169.0", "0.100.0"])
    for (const scenario of readdirSync(join(ROOT, "fixtures/codex", release))) {
      const src = join(ROOT, "fixtures/codex", release, scenario, "sessions");
      cpSync(src, sessions, { recursive: true });
      byScenario.set(
        `${release}/${scenario}`,
        [...rollouts(src)].map((f) => join(sessions, f.slice(src.length + 1))),
      );
    }
});
afterAll(() => rmSync(home, { recursive: true, force: true }));

const one = (key: string): string => {
  const files = byScenario.get(key);
  if (!files?.length) throw new Error(`no fixture ${key}`);
  return files[0];
};

describe("codex sessions tree, as a user runs the commands", () => {
  it("validate: every rollout of the tree is a codex session without findings", () => {
    const r = runCli(["validate", sessions]);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/19 files checked: 0 errors, 0 warnings/);
    expect(r.stdout.match(/codex\/codex-0\.169/g)?.length).toBe(13);
    expect(r.stdout.match(/codex\/codex-0\.100/g)?.length).toBe(6);
  });

  it("replay --json: the contract, each turn with its request and what the rollout does not record", () => {
    const r = runCli(["replay", "--json", one("0.169.0/compact")]);
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.stdout) as { turns: Array<{ request: { input: unknown[]; tools?: unknown }; notRecorded: Array<{ path: string }> }> };
    expect(checkContract("replay", doc)).toEqual([]);
    expect(doc.turns.map((t) => t.request.input.length)).toEqual([4, 8, 5, 7, 10, 5, 7, 9]);
    expect(doc.turns.map((t) => t.request.tools === undefined)).toEqual([true, false, true, true, false, true, true, true]);
    expect(doc.turns[0].notRecorded.map((n) => n.path)).toContain("$.tools");
  });

  it("replay: a compaction request is labelled as one, with the compaction it fed and what its input is", () => {
    const turnLine = (r: { stdout: string }, n: number) => r.stdout.split("\n").find((l) => l.startsWith(`turn ${n} `)) ?? "";
    const recent = runCli(["replay", one("0.169.0/compact")]);
    expect(recent.code).toBe(0);
    expect(turnLine(recent, 1)).toMatch(/⟦compaction request → L21: the history at L17 \+ the release's compaction prompt⟧/);
    expect(turnLine(recent, 2)).toMatch(/⟦after compaction L21⟧/);
    expect(turnLine(recent, 0)).not.toMatch(/compaction/);
    // 0.100.0 records no reply: the request sits at the compacted line, and the next turn still says it follows it.
    const older = runCli(["replay", one("0.100.0/compact")]);
    expect(turnLine(older, 1)).toMatch(/⟦compaction request → L19: the history at L18 \+ the release's compaction prompt; its reply is not recorded⟧/);
    expect(turnLine(older, 2)).toMatch(/⟦after compaction L19⟧/);
    const json = JSON.parse(runCli(["replay", "--json", one("0.100.0/compact")]).stdout) as { turns: Array<{ compactionRequest?: unknown }> };
    expect(json.turns.map((t) => t.compactionRequest ?? null)).toEqual([
      null,
      { compaction: "L19", responseRecorded: false },
      null,
      null,
      { compaction: "L35", responseRecorded: false },
      null,
      null,
      null,
    ]);
  });

  it("diff <session>: both compactions with what each dropped, kept and added", () => {
    const r = runCli(["diff", "--json", one("0.169.0/compact")]);
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.stdout) as { compactions: Array<{ id: string; dropped: unknown[]; kept: unknown[]; added: unknown[] }> };
    expect(checkContract("diff", doc)).toEqual([]);
    expect(doc.compactions.map((c) => [c.id, c.dropped.length, c.kept.length, c.added.length])).toEqual([
      ["L21", 3, 3, 1],
      ["L41", 5, 3, 1],
    ]);
  });

  it("diff <session> on a 0.100.0 rollout: the rebuilt history after each legacy compaction", () => {
    const r = runCli(["diff", "--json", one("0.100.0/compact")]);
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.stdout) as { compactions: Array<{ id: string; added: Array<{ text: string }> }> };
    expect(doc.compactions.map((c) => c.id)).toEqual(["L19", "L35"]);
    expect(doc.compactions[1].added.map((m) => m.text.split("\n").pop())).toEqual([
      "Summary 2: the steps so far ran echo commands; continue with the next step.",
    ]);
  });

  it("diff parent fork: aligned at the fork point, the shared turns once, then the parent's later turns against the fork's", () => {
    const [parent, fork] = byScenario.get("0.169.0/fork") ?? [];
    const r = runCli(["diff", "--full", parent, fork]);
    expect(r.code).toBe(1);
    const lines = r.stdout.split("\n");
    expect(lines[0]).toMatch(/^= turn a#0 \/ b#- .*: before the fork point, shared$/);
    expect(lines[1]).toMatch(/^= turn a#1 \/ b#- .*: before the fork point, shared$/);
    expect(lines[2]).toMatch(/^~ turn a#2 \/ b#0 .*: messages differ from #6 \(new difference\)$/);
    expect(r.stdout).toMatch(/-Continue the parent\.\n\+=== #6 user .*\n\+Continue in the fork\./);
    expect(r.stdout).toMatch(/b \(.*\) is a fork of a: its history starts from a's after turns a#0–a#1 \(shared, listed once\)/);
    expect(r.stdout).toMatch(/2 of 2 turns differ: 2 have new differences\./);
    // Either order: the fork is recognised as the parent's, as a.
    const swapped = JSON.parse(runCli(["diff", "--json", fork, parent]).stdout) as { forkPoint: unknown; summary: unknown; turns: Array<{ status: string }> };
    expect(checkContract("session-diff", swapped)).toEqual([]);
    expect(swapped.forkPoint).toEqual({ parent: "b", turns: 2 });
    expect(swapped.summary).toMatchObject({ turns: 4, shared: 2, differ: 2 });
    expect(swapped.turns.map((t) => t.status)).toEqual(["shared", "shared", "changed", "changed"]);
  });

  it("audit: the tree's sessions, turns and compactions", () => {
    const out = join(home, "report");
    const r = runCli(["audit", sessions, "--out", out]);
    expect(r.code).toBe(0);
    const summary = JSON.parse(readFileSync(join(out, "summary.json"), "utf8")) as Record<string, unknown>;
    expect(JSON.stringify(summary)).toMatch(/codex-0\.169/);
    expect(r.stdout).toMatch(/19 session\(s\): 19 ok/);
  });

  it("diff <thread> <its segment after a revert>: the reverted turn against the one that replaced it", () => {
    const [base, segment] = byScenario.get("0.169.0/revert") ?? [];
    const r = runCli(["diff", base, segment]);
    expect(r.stdout).toMatch(/^b \(.*\) continues a after a revert: its history starts from a's after turns a#0–a#1/);
    expect(r.stdout).toMatch(/-Second turn, reverted\.\n\+=== #6 user .*\n\+Third turn\./);
  });

  it("ttsr run: labelled counterfactual (Codex has no TTSR), the turns that would inject, no agree column", () => {
    const rules = join(home, "rules");
    mkdirSync(rules, { recursive: true });
    writeFileSync(join(rules, "no-echo.md"), '---\ndescription: no echo\nttsrTrigger: "echo step"\n---\nDo not use echo for steps.\n');
    const r = runCli(["ttsr", "run", one("0.169.0/compact"), "--rules", rules], { cwd: home });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^ {2}counterfactual: codex records no TTSR \(the agent has none\)/m);
    expect(r.stdout).toMatch(/│ 0 +│ L11 +│ toolUse │ no-echo tool \(call call_c1\) @23 interrupt +│ interrupt \[no-echo\] +│/);
    expect(r.stdout).toMatch(/^8 turns replayed counterfactually: 1 would inject \(every turn: --full\)$/m);
    expect(r.stdout).not.toMatch(/│ agree|\bn\/a\b/);
    const doc = JSON.parse(runCli(["ttsr", "run", "--json", one("0.169.0/compact"), "--rules", rules], { cwd: home }).stdout) as {
      sessions: Array<{ counterfactual?: boolean; turns: Array<{ agree: unknown }> }>;
    };
    expect(checkContract("ttsr-run", doc)).toEqual([]);
    expect(doc.sessions[0].counterfactual).toBe(true);
    expect(doc.sessions[0].turns.every((t) => t.agree === null)).toBe(true);
  });

  it("check: a Codex suite records and meets its expectations, and says its TTSR is counterfactual", () => {
    const dir = join(home, "ci");
    mkdirSync(join(dir, "rules"), { recursive: true });
    writeFileSync(join(dir, "rules", "no-echo.md"), '---\ndescription: no echo\nttsrTrigger: "echo step"\n---\nDo not use echo for steps.\n');
    const sessionsGlob = `${sessions.split(sep).join("/")}/**/*.jsonl`;
    writeFileSync(
      join(dir, "sightline.config.json"),
      JSON.stringify({ suites: [{ name: "codex", sessions: [sessionsGlob], rules: ["rules"], expectations: "expectations/codex.json" }] }),
    );
    expect(runCli(["check"], { cwd: dir }).code).toBe(1);
    expect(runCli(["check", "--update"], { cwd: dir }).code).toBe(0);
    const r = runCli(["check"], { cwd: dir });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(
      "no regressions in 1 suite(s), 19 session(s), 75 turn(s); TTSR replayed counterfactually in 19 session(s) (their agent records no TTSR)\n",
    );
  }, 60_000);

  it("a rollout rewritten in place (ordinals out of order) and one with a newer line type are said to be so", () => {
    const lines = readFileSync(one("0.169.0/tools"), "utf8").split("\n");
    const rewritten = join(home, "rewritten.jsonl");
    writeFileSync(rewritten, [lines[0], lines[2], lines[1], ...lines.slice(3)].join("\n"));
    const newer = join(home, "newer.jsonl");
    writeFileSync(newer, [...lines.slice(0, -1), JSON.stringify({ timestamp: "t", type: "hologram", payload: {} }), ""].join("\n"));
    const r = runCli(["validate", rewritten, newer]);
    expect(r.stdout).toMatch(/CODEX_REWRITTEN/);
    expect(r.stdout).toMatch(/PROFILE_NEWER/);
    expect(r.stdout).toMatch(/hologram/);
  });
});
