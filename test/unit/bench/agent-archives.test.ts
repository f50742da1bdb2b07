// The real-shaped Claude Code and Codex archives of the scale bench (issues 17 and 18): a small generated corpus
// is read clean (no finding above info, every 2.1.328 request still verified against its rewritten digest) and
// audits to the counts of the recorded scenarios it varies, summed over its variants (plus the recorded turns its
// long sessions add). The generator imports
// sightline's build (dist/, made by `npm ci`) to rebuild the recorded requests it re-digests.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runAudit } from "../../../src/app/audit/audit.js";
import { isSession, moduleOf, parseSession } from "../../../src/formats/index.js";
import type { AgentArchive } from "../../bench/gen/agents.d.mts";
import { claudeCodeArchive, codexArchive } from "../../bench/gen/agents.mjs";

const dir = mkdtempSync(join(tmpdir(), "sightline-agent-archives-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const FIXTURES = join(import.meta.dirname, "../../../fixtures");
const now = () => new Date("2026-01-01T00:00:00Z");

async function counts(paths: string[]) {
  const { result } = await runAudit({ paths, workers: 0, now, keepSessions: false });
  const s = result.summary;
  return {
    sessions: s.sessions,
    turns: s.turns,
    compactions: s.compactions,
    errors: s.diagnostics.error,
    warnings: s.diagnostics.warning,
    byFormat: s.byFormat,
  };
}

/** The audit counts of the archive equal those of its scenarios, each counted once per variant. */
async function expectScenarioCounts(a: AgentArchive, inner: string, format: string) {
  const got = await counts([a.root]);
  const per = new Map<string, Awaited<ReturnType<typeof counts>>>();
  const want = { sessions: 0, turns: 0, compactions: 0 };
  for (const v of a.variants) {
    if (!per.has(v)) per.set(v, await counts([join(FIXTURES, v, inner)]));
    const c = per.get(v)!;
    want.sessions += c.sessions;
    want.turns += c.turns;
    want.compactions += c.compactions;
  }
  want.turns += a.addedTurns ?? 0;
  expect({ sessions: got.sessions, turns: got.turns, compactions: got.compactions }).toEqual(want);
  expect(got.byFormat).toEqual({ [format]: want.sessions });
  expect([got.errors, got.warnings]).toEqual([0, 0]);
  return got;
}

describe("bench: real-shaped agent archives", () => {
  it("Claude Code: varied 2.1.328 and 2.1.220 transcripts (subagents, tool results) audit like their recordings", async () => {
    const a = await claudeCodeArchive(dir, 5e6, 7);
    expect(a.bytes).toBeGreaterThanOrEqual(5e6);
    // Scenarios are taken in turn (2.1.328's, then 2.1.220's) until the size is reached: 5 MB holds the first
    // round of every recorded scenario of both releases.
    const recorded = ["2.1.328", "2.1.220"].flatMap((r) => readdirSync(join(FIXTURES, "claude-code", r)).map((n) => `claude-code/${r}/${n}`));
    expect(new Set(a.variants)).toEqual(new Set(recorded));
    expect(a.subagents).toBeGreaterThan(0);
    expect(a.toolResults).toBeGreaterThan(0);
    const got = await expectScenarioCounts(a, "projects", "claude-code");
    expect(got.compactions).toBeGreaterThan(0);
    expect(a.addedTurns).toBeGreaterThan(0);
    // Texts were changed, so every 2.1.328 request verifies only if its hashes and digest were rewritten.
    let verified = 0;
    for (const f of a.files.filter((x) => x.path.endsWith(".jsonl"))) {
      const s = parseSession(readFileSync(f.path, "utf8"), { file: f.path });
      if (!isSession(s) || s.profile !== "cc-2.1") continue;
      for (const t of moduleOf(s).turnContexts(s)) {
        expect(t.requestCheck).toBe("verified");
        verified++;
      }
    }
    expect(verified).toBeGreaterThan(20);
    const fixture = readFileSync(join(FIXTURES, "claude-code/2.1.328/tools/projects/-tmp-cc-project/4d6fc163-4531-401d-981c-43df8f15e12e.jsonl"), "utf8");
    expect(a.files.some((f) => readFileSync(f.path, "utf8") === fixture)).toBe(false);
  }, 300_000);

  it("Codex: varied 0.169.0 and 0.100.0 rollouts (compactions) audit like their recordings", async () => {
    const a = await codexArchive(dir, 2e6, 7);
    expect(new Set(a.variants).size).toBe(14); // every recorded scenario but the fork and the revert (see the generator)
    const got = await expectScenarioCounts(a, "sessions", "codex");
    expect(got.compactions).toBeGreaterThan(0);
  }, 300_000);

  it("is deterministic and cached: the same seed gives the same archive", async () => {
    const a = await codexArchive(dir, 2e6, 7);
    const other = mkdtempSync(join(tmpdir(), "sightline-agent-archives-"));
    try {
      const b = await codexArchive(other, 2e6, 7);
      expect(b.files.map((f) => f.path.slice(other.length))).toEqual(a.files.map((f) => f.path.slice(dir.length)));
      for (let i = 0; i < a.files.length; i += 17) expect(readFileSync(b.files[i].path, "utf8")).toBe(readFileSync(a.files[i].path, "utf8"));
      expect((await codexArchive(dir, 2e6, 8)).files[0].path).not.toBe(a.files[0].path);
    } finally {
      rmSync(other, { recursive: true, force: true });
    }
  }, 300_000);
});
