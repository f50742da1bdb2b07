// Issue 19: one session and one rule set give one answer everywhere. For every fixture recorded with its project's
// rules, `ttsr run`, `check --update` (the decisions it records), `audit --rules` and the library (prepareTtsrReplay
// then simulateTtsr) are run with default options from the recording's folder and must agree turn by turn: rules
// fired (source, tool call, decision), injections (rules, delivery, tool call, text) in order, and agreement with the
// recording; the setup (TTSR profile, cwd, settings) is chosen the same way.
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { ROOT, runCli, runMany, type CliRun } from "./run.js";
import type * as Api from "../../dist/index.js";

const RULES = "project/.omp/rules";
function recordings(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    if (!statSync(p).isDirectory()) return [];
    return existsSync(join(p, "session.jsonl")) && existsSync(join(p, RULES)) ? [p] : recordings(p);
  });
}
const FOLDERS = recordings(join(ROOT, "fixtures")).map((p) => relative(ROOT, p));

interface Turn {
  responseId: string;
  matches: { rule: string; source: string; toolCallId?: string; decision: string; counterfactual: boolean }[];
  injected: { rules: string[]; mode: string; text: string; toolCallId?: string }[];
  agree: boolean | string | null;
}
/** What check commits per turn (absent: nothing fired and nothing disagrees). */
const decisions = (t: Turn) => {
  const d = {
    matches: t.matches.map((m) => ({
      rule: m.rule,
      source: m.source,
      ...(m.toolCallId !== undefined && { toolCallId: m.toolCallId }),
      decision: m.decision,
      counterfactual: m.counterfactual,
    })),
    injected: t.injected.map((i) => ({ rules: i.rules, mode: i.mode, text: i.text, ...(i.toolCallId !== undefined && { toolCallId: i.toolCallId }) })),
    agree: t.agree,
  };
  return d.matches.length || d.injected.length || d.agree === false ? d : undefined;
};
const byTurn = (turns: Turn[]) => turns.map((t) => [t.responseId, decisions(t)]);

describe("ttsr run, check, audit --rules and the library agree on every recording with its rules (default options)", () => {
  let api: typeof Api;
  const copies = new Map<string, string>();
  let runs: CliRun[] = [];
  beforeAll(async () => {
    api = (await import("../../dist/index.js")) as typeof Api;
    const root = mkdtempSync(join(tmpdir(), "sightline-one-answer-"));
    for (const f of FOLDERS) {
      const dir = join(root, f);
      cpSync(join(ROOT, f), dir, { recursive: true });
      writeFileSync(
        join(dir, "sightline.config.json"),
        JSON.stringify({ suites: [{ name: "one", sessions: "session.jsonl", rules: RULES, expectations: "expect/one.json" }] }),
      );
      copies.set(f, dir);
    }
    const batch = runMany(
      FOLDERS.flatMap((f) => [
        { args: ["ttsr", "run", "session.jsonl", "--rules", RULES, "--json"], cwd: copies.get(f) },
        { args: ["check", "--update", "--json", "--out", "out/check"], cwd: copies.get(f) },
      ]),
    );
    // audit runs its sessions in worker threads: each in its own process, from the recording's folder.
    runs = FOLDERS.flatMap((f, k) => [
      batch[2 * k],
      runCli(["audit", "session.jsonl", "--rules", RULES, "--json", "--out", "out/audit", "--fail-on", "none"], { cwd: copies.get(f) }),
      batch[2 * k + 1],
    ]);
  }, 600_000);

  it("covers the recordings of oh-my-pi 17 and 18 and the hand-made ones", () => {
    expect(FOLDERS.length).toBeGreaterThanOrEqual(14);
    expect(FOLDERS.some((f) => f.includes("omp17-"))).toBe(true);
    expect(FOLDERS.some((f) => f.includes("omp18-written/agent-"))).toBe(true);
  });

  for (const [k, f] of FOLDERS.entries())
    it(f, async () => {
      const [run, audit, check] = runs.slice(3 * k, 3 * k + 3);
      expect(run.code, run.stderr).toBeLessThan(2);
      expect(check.code, check.stderr).toBe(0);
      const ttsr = (JSON.parse(run.stdout) as { sessions: ({ turns: Turn[]; ttsrProfile: string; cwdFrom: string; settingsFrom: string } & object)[] })
        .sessions[0];
      const audited = (JSON.parse(audit.stdout) as { sessions: { ttsr?: { turns: Turn[] } }[] }).sessions[0].ttsr?.turns ?? [];
      const expectations = JSON.parse(readFileSync(join(copies.get(f) as string, "expect/one.json"), "utf8")) as {
        sessions: Record<string, { turns: { responseId: string; ttsr?: unknown }[] }>;
      };
      const checked = expectations.sessions["session.jsonl"].turns.map((t) => [t.responseId, t.ttsr]);
      const file = join(copies.get(f) as string, "session.jsonl");
      const s = await api.readSession(file);
      if (!api.isSession(s)) throw new Error(`${f} is not a session`);
      const p = api.prepareTtsrReplay(s, { rules: [join(copies.get(f) as string, RULES)] });
      const library = api.simulateTtsr(s, p.rules, p.options).turns as Turn[];

      const answer = byTurn(ttsr.turns);
      expect(answer.length).toBeGreaterThan(0);
      expect(byTurn(audited)).toEqual(answer);
      expect(checked).toEqual(answer.map(([id, d]) => (d === undefined ? [id, undefined] : [id, d])));
      expect(byTurn(library)).toEqual(answer);
      expect([p.setup.ttsrProfile, p.setup.ttsrProfileFrom, p.setup.cwdFrom, p.setup.settingsFrom]).toEqual([
        ttsr.ttsrProfile,
        (ttsr as { ttsrProfileFrom?: string }).ttsrProfileFrom,
        ttsr.cwdFrom,
        ttsr.settingsFrom,
      ]);
    });
});
