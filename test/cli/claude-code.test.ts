// Claude Code sessions through the CLI as a user runs it (docs/claude-code.md): a fork says what it copied,
// subagents are listed right after their parent, and TTSR replays say they are counterfactual.
import { cpSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { ensureBuilt, ROOT, runCli } from "./run.js";

const FIX = join(ROOT, "fixtures/claude-code/2.1.328");
let dir: string;

beforeAll(() => {
  ensureBuilt();
  dir = mkdtempSync(join(tmpdir(), "sightline-cc-cli-"));
  for (const sc of ["fork", "subagent"]) cpSync(join(FIX, sc, "projects"), join(dir, sc), { recursive: true });
  mkdirSync(join(dir, "rules"));
  writeFileSync(join(dir, "rules/no-circle.md"), '---\ndescription: no circles\nttsrTrigger: "circle"\n---\nDo not say circle.\n');
  writeFileSync(
    join(dir, "sightline.config.json"),
    JSON.stringify({ suites: [{ name: "cc", sessions: ["fork"], rules: ["rules"], expectations: "exp/cc.json" }] }),
  );
});

const sessions = (sub: string) => readdirSync(join(dir, sub, "-tmp-cc-project")).filter((n) => n.endsWith(".jsonl"));
/** The fork names the session it copied on its copied lines; the original does not. */
const forkAndOrigin = () => {
  const [a, b] = sessions("fork").map((n) => join("fork/-tmp-cc-project", n));
  const v = runCli(["validate", "--verbose", a as string], { cwd: dir });
  return v.stdout.includes("CC_FORK_OF") ? [a as string, b as string] : [b as string, a as string];
};

describe("claude code through the CLI", () => {
  it("validate and replay say a fork is a copy of its original, up to the fork point", { timeout: 60_000 }, () => {
    const [fork, origin] = forkAndOrigin();
    const originId = (origin as string).replace(/^.*\/|\.jsonl$/g, "");
    const v = runCli(["validate", "--json", fork as string], { cwd: dir });
    expect(v.stdout).toMatch(new RegExp(`is a fork of session ${originId}: its first 15 entries are copies, up to entry 20c4b4a4-`));
    const r = runCli(["replay", fork as string], { cwd: dir });
    expect(r.code).toBe(0);
    expect(r.stdout.split("\n")[2]).toMatch(new RegExp(`^note: session .* is a fork of session ${originId}`));
    const j = JSON.parse(runCli(["replay", "--json", fork as string], { cwd: dir }).stdout);
    expect(j.diagnostics.map((d: { code: string }) => d.code)).toContain("CC_FORK_OF");
    expect(runCli(["replay", origin as string], { cwd: dir }).stdout).not.toContain("note:");
  });

  it("diff of the original and its fork pairs the fork's first turn with the original's turn at the fork point", { timeout: 60_000 }, () => {
    const [fork, origin] = forkAndOrigin();
    const d = runCli(["diff", origin as string, fork as string, "--full"], { cwd: dir });
    expect(d.stdout).toContain("~ turn a#1 / b#0 (response 20c4b4a4-9f35-43cf-bd2a-dd1beb865204): messages differ from #4 (new difference)");
    expect(d.stdout).toMatch(/First divergence: turn a#0 \/ b#- \(response 8d8435bf-[0-9a-f-]+\), only in /);
  });

  it("audit lists a subagent right after its parent, with the call that started it", { timeout: 60_000 }, () => {
    const r = runCli(["audit", "subagent", "--out", "audit-out", "--json"], { cwd: dir });
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.stdout);
    const paths: string[] = doc.sessions.map((s: { path: string }) => s.path);
    expect(paths).toHaveLength(2);
    expect(paths[1]?.startsWith(paths[0]?.replace(/\.jsonl$/, "/subagents/") ?? "?")).toBe(true);
    const sub = doc.sessions[1];
    expect(sub.diagnostics.map((d: { code: string; message: string }) => `${d.code} ${d.message}`)).toEqual([
      expect.stringMatching(/^CC_SUBAGENT_OF subagent \S+ was started by tool call toolu_cc31 of session /),
    ]);
  });

  it("ttsr run: counterfactual in the terminal and in JSON, never agree or disagree", { timeout: 60_000 }, () => {
    const [, origin] = forkAndOrigin();
    const t = runCli(["ttsr", "run", origin as string, "--rules", "rules"], { cwd: dir });
    expect(t.code).toBe(0);
    expect(t.stdout).toContain("  counterfactual: claude-code records no TTSR (the agent has none), so the replay shows what the rules would have injected");
    expect(t.stdout).toContain("2 turns replayed counterfactually: 1 would inject (every turn: --full)");
    // The counterfactual line itself names agreement (there is none); nothing else may.
    expect(t.stdout.replace(/^ {2}counterfactual:.*$/m, "")).not.toMatch(/agree|without TTSR evidence|n\/a/);
    const j = JSON.parse(runCli(["ttsr", "run", origin as string, "--rules", "rules", "--json"], { cwd: dir }).stdout);
    expect(j.sessions[0].counterfactual).toBe(true);
    expect(j.diagnostics.map((d: { code: string }) => d.code)).toContain("TTSR_COUNTERFACTUAL");
  });

  it("check: the verdict says the TTSR expectations of Claude Code sessions are counterfactual", { timeout: 60_000 }, () => {
    expect(runCli(["check", "--update"], { cwd: dir }).code).toBe(0);
    const c = runCli(["check"], { cwd: dir });
    expect(c.code).toBe(0);
    expect(c.stdout).toBe(
      "no regressions in 1 suite(s), 2 session(s), 3 turn(s); TTSR replayed counterfactually in 2 session(s) (their agent records no TTSR)\n",
    );
  });
});
