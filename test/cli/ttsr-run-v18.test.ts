// sightline ttsr run / audit --rules with the v18 options (docs/ttsr.md §18.2 agents, §18.6 verdicts): the agent
// comes from the session's session_init, else --agent, else main, and the run says which; --verdicts is read and
// checked (file and line on bad input). Fixtures: fixtures/rules/v18-session/.
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { checkContract } from "../../src/schema/contract.js";
import { runCli } from "./run.js";

const S = "fixtures/rules/v18-session";
const run = (session: string, ...extra: string[]) =>
  runCli([
    "ttsr",
    "run",
    `${S}/${session}.jsonl`,
    "--rules",
    "fixtures/rules/v18-agents",
    "--rules",
    "fixtures/rules/v18-judged",
    "--ttsr-profile",
    "v18",
    "--json",
    ...extra,
  ]);

interface Doc {
  rules: { name: string; registered: boolean; bucket: string }[];
  diagnostics: { code: string; file: string; line?: number }[];
  sessions: { agent?: string; agentFrom?: string; verdicts?: string; turns: { matches: { rule: string; decision: string }[] }[] }[];
}
const doc = (r: ReturnType<typeof runCli>) => JSON.parse(r.stdout) as Doc;

describe("sightline ttsr run --ttsr-profile v18", () => {
  it("docs/ttsr.md §18.2: a subagent session is replayed as the agent it records; its rules fire", () => {
    const d = doc(run("reviewer-subagent"));
    expect(checkContract("ttsr-run", d)).toEqual([]);
    expect(d.sessions[0]).toMatchObject({ agent: "reviewer", agentFrom: "session" });
    expect(d.sessions[0].turns[0].matches.map((m) => m.rule)).toEqual(["reviewer-only"]);
  });
  it("docs/ttsr.md §18.2: a top-level session is main by default, or --agent; the reviewer rule does not fire", () => {
    const d = doc(run("top-level"));
    expect(d.sessions[0]).toMatchObject({ agent: "main", agentFrom: "default" });
    // Only the judged rule is asked (and cannot be decided offline); the reviewer-only rule never fires.
    expect(d.sessions[0].turns[0].matches.filter((m) => m.decision !== "not-decidable-offline")).toEqual([]);
    expect(doc(run("top-level", "--agent", "Reviewer")).sessions[0]).toMatchObject({ agent: "reviewer", agentFrom: "option" });
  });
  it("docs/ttsr.md §18.2: an --agent that contradicts the session is reported; the session's agent is used", () => {
    const d = doc(run("reviewer-subagent", "--agent", "scout"));
    expect(d.sessions[0].agent).toBe("reviewer");
    expect(d.diagnostics.map((x) => x.code)).toContain("TTSR_AGENT_CONTRADICTS_SESSION");
  });
  it("docs/ttsr.md §18.5: judged rules are registered rules of the run", () => {
    const d = doc(run("top-level"));
    expect(d.rules.find((r) => r.name === "docs-tone")).toMatchObject({ registered: true, bucket: "judged" });
  });
  it("docs/ttsr.md §18.6: --verdicts is named in the session, unknown names warned about", () => {
    const good = doc(run("top-level", "--verdicts", `${S}/verdicts.json`));
    expect(good.sessions[0].verdicts).toBe(`${S}/verdicts.json`);
    expect(good.diagnostics.filter((x) => x.code === "TTSR_VERDICT_UNKNOWN_RULE")).toHaveLength(1);
  }, 30_000);
  it("a broken or wrongly shaped --verdicts file is a usage error with its line, before any work (ttsr run and audit)", () => {
    const out = mkdtempSync(join(tmpdir(), "sightline-v18-bad-verdicts-"));
    writeFileSync(join(out, "shape.json"), '{"verdicts": 3}\n');
    for (const [file, line] of [
      ["fixtures/rules/v18-verdicts/not-json.json", "fixtures/rules/v18-verdicts/not-json.json:4: Verdicts file is not valid JSON"],
      [join(out, "shape.json"), `${join(out, "shape.json")}:1: Verdicts /verdicts must be object`],
    ]) {
      const r = run("top-level", "--verdicts", file);
      expect(r).toMatchObject({ code: 2, stdout: "" });
      expect(r.stderr).toContain(`sightline: --verdicts ${line}`);
      const a = runCli(["audit", `${S}/top-level.jsonl`, "--rules", "fixtures/rules/v18-agents", "--verdicts", file, "--out", join(out, "report")]);
      expect(a).toMatchObject({ code: 2, stdout: "" });
      expect(a.stderr).toContain(`sightline: --verdicts ${line}`);
      expect(existsSync(join(out, "report"))).toBe(false);
    }
  }, 30_000);
  it("docs/ttsr.md §18.6: a verdict's turn is the turn index replay --turn and ttsr run show (0-based), one numbering", () => {
    const out = mkdtempSync(join(tmpdir(), "sightline-v18-turn-verdicts-"));
    const decisionWith = (turn: number) => {
      const file = join(out, `turn-${turn}.json`);
      writeFileSync(file, JSON.stringify({ verdicts: { "docs-tone": [{ turn, verdict: "yes" }] } }));
      return doc(run("top-level", "--verdicts", file)).sessions[0].turns[0].matches.find((m) => m.rule === "docs-tone")?.decision;
    };
    expect(runCli(["replay", `${S}/top-level.jsonl`]).stdout).toContain("turn 0  response 33330000");
    expect(decisionWith(0)).toBe("judged");
    expect(decisionWith(1)).toBe("not-decidable-offline");
    rmSync(out, { recursive: true, force: true });
  }, 30_000);
  it("--verdicts must name a file (usage error, exit 2)", () => {
    const r = run("top-level", "--verdicts", `${S}/nope.json`);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("--verdicts");
  });
  it("docs/ttsr.md §18.8: without --ttsr-profile a session with a deliveryId is replayed as v18, with its rules", () => {
    const r = runCli(["ttsr", "run", `${S}/delivery-id.jsonl`, "--rules", "fixtures/rules/v18-agents", "--json"]);
    const s = doc(r).sessions[0] as Doc["sessions"][number] & { ttsrProfile?: string; ttsrProfileFrom?: string };
    expect(s).toMatchObject({ ttsrProfile: "v18", ttsrProfileFrom: "session", agent: "main", agentFrom: "default" });
    expect(s.turns[0].matches.map((m) => m.rule)).toEqual([]);
    expect(doc(r).rules.map((x) => x.name)).toContain("everyone");
  });
  it("seed and v17 replays have no agent", () => {
    const r = runCli(["ttsr", "run", `${S}/top-level.jsonl`, "--rules", "fixtures/rules/v18-agents", "--ttsr-profile", "v17", "--json"]);
    expect(doc(r).sessions[0].agent).toBeUndefined();
  });
});

describe("sightline audit --rules with v18 options", () => {
  it("docs/ttsr.md §18.2, §18.6: the agent is reported per session and the verdicts file per run", () => {
    const out = mkdtempSync(join(tmpdir(), "sightline-v18-audit-"));
    const r = runCli([
      "audit",
      `${S}/reviewer-subagent.jsonl`,
      "--rules",
      "fixtures/rules/v18-judged",
      "--ttsr-profile",
      "v18",
      "--verdicts",
      `${S}/verdicts.json`,
      "--workers",
      "0",
      "--json",
      "--out",
      join(out, "run"),
    ]);
    rmSync(out, { recursive: true, force: true });
    const d = JSON.parse(r.stdout) as { diagnostics: { code: string }[]; sessions: { diagnostics: { code: string; message: string }[] }[] };
    expect(d.diagnostics.map((x) => x.code)).toContain("TTSR_VERDICT_UNKNOWN_RULE");
    const agent = d.sessions[0].diagnostics.find((x) => x.code === "TTSR_REPLAY_AGENT");
    expect(agent?.message).toContain("reviewer");
  });
});
