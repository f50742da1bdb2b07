// Sessions the real oh-my-pi 18.3.4 agent wrote against a scripted model (fixtures/pi/omp18-written/agent-*, see
// its README): with default flags, as a user runs it in the recording's folder, every recorded TTSR injection is
// reproduced, the file validates without errors, and omp17 and omp18 give the same contexts where the file has no
// omp18-only marker (docs/pi.md §8.1, docs/ttsr.md §17, docs/ttsr.md §18).
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { checkContract } from "../../src/schema/contract.js";
import { ROOT, runCli } from "./run.js";

const DIR = join(ROOT, "fixtures/pi/omp18-written");
const AGENT = readdirSync(DIR).filter((n) => n.startsWith("agent-"));
const TTSR = AGENT.filter((n) => n.startsWith("agent-ttsr-"));

interface TtsrSession {
  ttsrProfile: string;
  turns: { agree: boolean | string | null; recorded: unknown[] }[];
}

describe("oh-my-pi 18.3.4 agent recordings, default flags", () => {
  it("there are agent recordings with and without TTSR", () => {
    expect(TTSR.length).toBeGreaterThanOrEqual(4);
    expect(AGENT.length).toBeGreaterThan(TTSR.length);
  });

  for (const name of TTSR)
    it(`${name}: ttsr run agrees with every recorded injection (exit 0)`, () => {
      const r = runCli(["ttsr", "run", "session.jsonl", "--rules", "project/.omp/rules", "--json"], { cwd: join(DIR, name) });
      expect(r.code, r.stderr).toBe(0);
      const doc = JSON.parse(r.stdout) as { sessions: TtsrSession[] };
      expect(checkContract("ttsr-run", doc)).toEqual([]);
      const s = doc.sessions[0];
      expect(s.turns.some((t) => t.recorded.length > 0)).toBe(true);
      expect(s.turns.every((t) => t.agree === true)).toBe(true);
    });

  for (const name of AGENT)
    it(`${name}: validates without errors; read as omp17 only when omp17 and omp18 give the same contexts`, () => {
      const v = runCli(["validate", "session.jsonl", "--json"], { cwd: join(DIR, name) });
      expect(v.code, v.stdout).toBe(0);
      const replay = (profile?: string) => {
        const r = runCli(["replay", "session.jsonl", "--json", "--all-leaves", ...(profile ? ["--profile", profile] : [])], { cwd: join(DIR, name) });
        expect(r.code, r.stderr).toBe(0);
        return JSON.parse(r.stdout) as { session: { profile: string }; turns: { messages: unknown }[] };
      };
      const chosen = replay().session.profile;
      expect(["omp17", "omp18"]).toContain(chosen);
      if (chosen === "omp17") expect(replay("omp17").turns.map((t) => t.messages)).toEqual(replay("omp18").turns.map((t) => t.messages));
    });
});
