// `ttsr run` on hand-written oh-my-pi 18.3.4 recordings (docs/ttsr.md §17): each fixture follows the shapes v18 writes
// and agrees with its recorded injections under v18; the goldens pin the whole output.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { checkContract } from "../../src/schema/contract.js";
import { golden, ROOT, runCli } from "./run.js";

const FIXTURES = [
  "omp18-ttsr-interrupt-retry",
  "omp18-ttsr-deferred-reserved",
  "omp18-ttsr-judged-warning",
  "omp18-ttsr-tool-reminder",
  "omp18-ttsr-ast-tool-reminder",
  "omp18-ttsr-ast-unparsed-language",
];
const ARGS = ["ttsr", "run", "session.jsonl", "--rules", "project/.omp/rules", "--settings", "settings.json"];
const folder = (name: string) => join(ROOT, "fixtures/pi", name);

interface Session {
  ttsrProfile: string;
  ttsrProfileFrom: string;
  turns: {
    agree: boolean | string | null;
    matches: { rule: string; decision: string }[];
    recorded: { kind: string; delivery?: string; deliveryId?: number; subject?: string; unverifiable?: string }[];
  }[];
}
const sessionOf = (stdout: string): Session => (JSON.parse(stdout) as { sessions: Session[] }).sessions[0];

describe("ttsr run on oh-my-pi 18 recordings (docs/ttsr.md §17)", () => {
  for (const name of FIXTURES) {
    it(`golden: fixtures/pi/${name} under --ttsr-profile v18 agrees with its recorded injections (exit 0)`, async () => {
      const args = [...ARGS, "--ttsr-profile", "v18"];
      const r = runCli(args, { cwd: folder(name) });
      expect(r.code).toBe(0);
      await expect(golden(args, r)).toMatchFileSnapshot(`../golden/ttsr-run/${name}.txt`);
    });

    it(`golden --json: fixtures/pi/${name}: the contract holds and no turn disagrees`, async () => {
      const args = [...ARGS, "--ttsr-profile", "v18", "--json"];
      const r = runCli(args, { cwd: folder(name) });
      expect(checkContract("ttsr-run", JSON.parse(r.stdout))).toEqual([]);
      expect(sessionOf(r.stdout).turns.every((t) => t.agree === true || t.agree === "unverifiable")).toBe(true);
      await expect(golden(args, r)).toMatchFileSnapshot(`../golden/ttsr-run/${name}.json.txt`);
    });
  }

  it("§17.5: the reserved rule is not queued again under v18; v17 replays a second follow-up and disagrees (exit 1)", () => {
    const v18 = sessionOf(runCli([...ARGS, "--json"], { cwd: folder(FIXTURES[1]) }).stdout);
    expect([v18.ttsrProfile, v18.ttsrProfileFrom]).toEqual(["v18", "session"]);
    expect(v18.turns[1].matches.map((m) => m.decision)).toEqual(["reserved"]);
    expect(v18.turns[0].recorded[0]).toMatchObject({ kind: "custom_message", delivery: "deferred", deliveryId: 1 });
    const v17 = runCli([...ARGS, "--ttsr-profile", "v17", "--json"], { cwd: folder(FIXTURES[1]) });
    expect(v17.code).toBe(1);
    expect(sessionOf(v17.stdout).turns.map((t) => t.agree)).toEqual([true, false, true]);
  });

  it("§17.7: a recorded judged warning is the agent's verdict: shown as judged with its subject, unverifiable without a verdict, and it points to v18", () => {
    const r = runCli([...ARGS, "--json"], { cwd: folder(FIXTURES[2]) });
    expect(r.code).toBe(0);
    const s = sessionOf(r.stdout);
    expect([s.ttsrProfile, s.ttsrProfileFrom]).toEqual(["v18", "session"]);
    expect(s.turns[0].recorded.map((x) => [x.kind, x.delivery, x.subject, x.unverifiable])).toEqual([
      ["custom_message", "judged", "`bash` call", "judged-verdict-not-given"],
      ["ttsr_injection", "judged", undefined, "judged-verdict-not-given"],
    ]);
    expect(s.turns[0].agree).toBe("unverifiable");
  });

  it("§17.10: an AST condition matches the call, not a comment naming it; v17 does not evaluate it and disagrees (exit 1)", () => {
    const args = [...ARGS, "--ttsr-profile", "v18", "--json"];
    const v18 = sessionOf(runCli(args, { cwd: folder(FIXTURES[4]) }).stdout);
    expect(v18.turns.map((t) => t.matches.map((m) => `${m.rule}:${m.decision}`))).toEqual([[], ["no-console-log:tool"], []]);
    const v17 = runCli([...ARGS, "--ttsr-profile", "v17", "--json"], { cwd: folder(FIXTURES[4]) });
    expect(v17.code).toBe(1);
    expect(sessionOf(v17.stdout).turns.map((t) => t.agree)).toEqual([true, false, true]);
  });

  it("§17.11: a reminder from an AST condition on a Python file is unverifiable (ast-language-not-parsed), not a disagreement", () => {
    const r = runCli([...ARGS, "--ttsr-profile", "v18", "--json"], { cwd: folder(FIXTURES[5]) });
    expect(r.code).toBe(0);
    const s = sessionOf(r.stdout);
    expect(s.turns.map((t) => t.agree)).toEqual([true, "unverifiable", true]);
    expect(s.turns[1].matches.map((m) => `${m.rule}:${m.decision}`)).toEqual(["no-debug-output:not-decidable-offline"]);
    expect(s.turns[1].recorded.map((x) => [x.kind, x.unverifiable])).toEqual([
      ["ttsr_injection", "ast-language-not-parsed"],
      ["tool_reminder", "ast-language-not-parsed"],
    ]);
  });

  it("§17.7: v18's interrupt texts are v17's: naming v18 for a file whose texts point to v17 is no contradiction", () => {
    const r = runCli([...ARGS, "--ttsr-profile", "v18"], { cwd: folder(FIXTURES[0]) });
    expect(r.stderr).not.toContain("TTSR_PROFILE_CONTRADICTS_SESSION");
  });

  it("docs/ttsr.md §17: the v17 recordings, whose scenarios v18 handles alike, agree under v18 too", () => {
    for (const name of ["omp17-interrupt-then-tool-reminder", "omp17-deferred-then-compaction", "omp17-branch-after-gap"]) {
      const r = runCli([...ARGS, "--ttsr-profile", "v18", "--json"], { cwd: folder(name) });
      expect(r.code, name).toBe(0);
      expect(sessionOf(r.stdout).turns.every((t) => t.agree === true)).toBe(true);
    }
  }, 30_000);
});
