// The sessions the real Claude Code CLI wrote (fixtures/claude-code/<release>/<scenario>/projects) replayed
// offline: every turn's request is compared with the bodies the CLI sent in that recording (requests.json),
// as `npm run conformance` does with a fresh recording (docs/claude-code.md §7).
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { isSession, moduleOf, parseSession } from "../../../../src/formats/index.js";
// @ts-expect-error: a plain ESM helper of the conformance harness, shared with the adapter
import { compareRecording } from "../../../conformance/claude-code/compare.mjs";

const ROOT = join(import.meta.dirname, "../../../../fixtures/claude-code");
const walk = (d: string): string[] =>
  readdirSync(d).flatMap((n) => {
    const p = join(d, n);
    return statSync(p).isDirectory() ? walk(p) : p.endsWith(".jsonl") ? [p] : [];
  });

interface Compared {
  turns: number;
  equal: number;
  differences: Array<{ where: string; detail: string }>;
  compactionsEqual: number;
  compactionRequests: number;
  retries: number;
}

function replayRecording(dir: string) {
  const turns: Array<{ file: string; index: number; profile: string; request: unknown; check?: string }> = [];
  const compactions: Array<{ file: string; id: string; profile: string; request: unknown }> = [];
  const errors: string[] = [];
  for (const f of walk(join(dir, "projects"))) {
    const s = parseSession(readFileSync(f, "utf8"), { file: f });
    if (!isSession(s)) throw new Error(`${f} not read`);
    expect(s.format).toBe("claude-code");
    errors.push(...s.diagnostics.filter((d) => d.severity === "error").map((d) => `${d.code} ${d.message}`));
    for (const t of moduleOf(s).turnContexts(s))
      turns.push({ file: f.slice(dir.length), index: t.ref.index, profile: s.profile, request: t.request, check: t.requestCheck });
    for (const c of moduleOf(s).compactions(s))
      if (c.request) compactions.push({ file: f.slice(dir.length), id: c.id, profile: s.profile, request: c.request });
  }
  const requests = JSON.parse(readFileSync(join(dir, "requests.json"), "utf8")) as unknown[];
  return { turns, errors, result: compareRecording(turns, requests, compactions) as Compared };
}

for (const release of readdirSync(ROOT)) {
  describe(`Claude Code ${release}: requests rebuilt from the sessions it wrote`, () => {
    for (const scenario of readdirSync(join(ROOT, release))) {
      it(scenario, () => {
        const { turns, errors, result } = replayRecording(join(ROOT, release, scenario));
        expect(errors).toEqual([]);
        expect(result.differences).toEqual([]);
        expect(result.equal).toBe(turns.length);
        expect(turns.length).toBeGreaterThan(0);
        const want = release === "2.1.220" ? "rebuilt-from-lines" : "verified";
        expect(turns.map((t) => t.check)).toEqual(turns.map(() => want));
        // The compaction requests (manual with and without arguments, after one exchange, automatic before a
        // prompt and after a tool call): no release records them; sightline reconstructs each (equal to the body).
        const compactions = ["compact", "compact-args", "compact-first-turn", "autocompact", "autocompact-tool"].includes(scenario) ? 1 : 0;
        expect(result.compactionsEqual).toBe(compactions);
        expect(result.compactionRequests).toBe(0);
        // 2.1.328 records the retried request of the error scenario as its own turn; 2.1.220 does not.
        expect(result.retries).toBe(release === "2.1.220" && scenario === "thinking-error" ? 1 : 0);
      });
    }
  });
}
