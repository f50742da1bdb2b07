// Every Scorel fixture, read by the real reader and built under every profile: the incremental turn
// contexts equal toMsgs(buildContext) at every turn, building at every node never throws, and the
// parsed events are left unchanged (design §3, §8).
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { buildScorelContext } from "../../../../../src/formats/scorel/context/build.js";
import { scorelTurnContexts } from "../../../../../src/formats/scorel/context/incremental.js";
import { scorelToMsgs } from "../../../../../src/formats/scorel/context/lower.js";
import { SCOREL_PROFILES } from "../../../../../src/formats/scorel/model.js";
import { parseScorel } from "../../../../../src/formats/scorel/parse.js";
import { toArray } from "../../../../../src/shared/plist.js";

const ROOT = resolve(import.meta.dirname, "../../../../../fixtures/scorel");
const SCENARIOS = join(import.meta.dirname, "fixtures");
const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? files(p) : p.endsWith(".jsonl") ? [p] : [];
  });

describe("scorel context on every fixture", () => {
  const all = [...files(ROOT), ...files(SCENARIOS)];

  it("has fixtures to check", () => {
    expect(all.length).toBeGreaterThan(5);
  });

  for (const f of all) {
    const name = f.startsWith(ROOT) ? relative(ROOT, f) : `context/${relative(SCENARIOS, f)}`;
    it(`design §3: incremental == direct on fixture ${name} under every profile`, () => {
      const s = parseScorel(readFileSync(f, "utf8"), { file: name });
      const before = structuredClone(s.events.map((e) => e.raw));
      for (const profile of new Set([s.profile, ...SCOREL_PROFILES])) {
        for (const id of [...s.tree.nodes, s.tree.activeLeafId]) scorelToMsgs(s, buildScorelContext(s, id, { profile }));
        for (const t of scorelTurnContexts(s, { profile })) {
          const c = buildScorelContext(s, t.ref.leafId, { profile, responseId: t.ref.responseId });
          expect(toArray(t.messages)).toEqual(scorelToMsgs(s, c));
          expect(t.systemPrompt).toBe(c.systemPrompt);
        }
      }
      expect(s.events.map((e) => e.raw)).toEqual(before);
    });
  }

  it("design §5: the P5 harness-merge fixture lowers its merged reminders into the tool result text", () => {
    const s = parseScorel(readFileSync(join(ROOT, "valid/p5-harness-merge.jsonl"), "utf8"), { file: "p5-harness-merge.jsonl" });
    const m = scorelToMsgs(s, buildScorelContext(s, s.tree.activeLeafId)).find((x) => x.role === "tool_result")!;
    expect(m.reminders.map((r) => r.kind)).toEqual(["steer", "runtime_notice"]);
    expect(m.sourceIds).toHaveLength(3);
    expect(m.text).toContain("\n<system-reminder>\nskip the tests folder\n</system-reminder>");
  });
});
