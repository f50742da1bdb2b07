// design §3/§5/§8: turn views of every fixture match the shipped contract, delta views recompose to the
// full views, and views are computed from the format's real builder (incremental lists equal buildContext).
import { relative } from "node:path";
import { describe, expect, it } from "vitest";
import { readSession } from "../../../src/app/read/read.js";
import { replayDocument } from "../../../src/context/replay.js";
import { recompose, turnViews } from "../../../src/context/turns.js";
import { isSession, moduleOf } from "../../../src/formats/index.js";
import { checkContract } from "../../../src/schema/contract.js";
import { ROOT, sessionFixtures } from "./fixture-sessions.js";

const files = sessionFixtures();

describe("turn views over every fixture", () => {
  it("finds session fixtures", () => {
    expect(files.length).toBeGreaterThan(20);
  });

  for (const file of files) {
    const name = relative(ROOT, file);
    it(`${name}: replay JSON (full and delta) matches the contract; deltas recompose to full views`, async () => {
      const s = await readSession(file);
      if (!isSession(s)) return expect(s.diagnostics.length).toBeGreaterThan(0);
      const m = moduleOf(s);
      const full = replayDocument(s, { scope: "all" });
      const delta = replayDocument(s, { scope: "all", delta: true });
      expect(checkContract("replay", JSON.parse(JSON.stringify(full)))).toEqual([]);
      expect(checkContract("replay", JSON.parse(JSON.stringify(delta)))).toEqual([]);
      const rebuilt = recompose(delta.turns);
      for (const t of full.turns) expect(rebuilt.get(t.index)).toEqual(t.messages);
      // Each turn's full view equals the format's real builder at the turn's leaf.
      for (const t of full.turns) {
        const direct = m.toMsgs(s, m.buildContext(s, t.leafId));
        expect(t.messages).toEqual(direct);
      }
    });
  }

  it("default scope lists only the turns on the active path; --leaf picks another path", async () => {
    const s = await readSession(`${ROOT}/fixtures/pi/omp17-branch-after-gap/session.jsonl`);
    if (!isSession(s)) throw new Error("not a session");
    const all = turnViews(s, { scope: "all" }).turns;
    const active = turnViews(s).turns;
    expect(s.tree.leaves.length).toBe(2);
    expect(active.length).toBeLessThan(all.length);
    const other = s.tree.leaves.find((l) => l !== s.tree.activeLeafId)!;
    const viaLeaf = turnViews(s, { leafId: other }).turns;
    expect(viaLeaf.length).toBeGreaterThan(0);
    expect(new Set([...active, ...viaLeaf].map((t) => t.index))).toEqual(new Set(all.map((t) => t.index)));
  });

  it("the real pi fixture: 484 turns; delta mode shares every unchanged message", async () => {
    const s = await readSession(`${ROOT}/fixtures/pi/before-compaction.jsonl`);
    if (!isSession(s)) throw new Error("not a session");
    const views = turnViews(s, { delta: true }).turns;
    expect(views).toHaveLength(484);
    // Without compaction a turn only appends: nothing removed. Across the two compactions, the kept
    // window is rebuilt once (summary first), so the delta removes the whole old list just there.
    const rebuilds = views.filter((t) => !Array.isArray(t.messages) && t.messages.removed.length > 0);
    expect(rebuilds.length).toBeGreaterThanOrEqual(2);
    const added = views.reduce((n, t) => n + (Array.isArray(t.messages) ? t.messages.length : t.messages.added.length), 0);
    expect(added).toBeLessThan(2500); // ≈ 1 000 entries + 2 rebuilt windows, not 484 × 200 copies
  });
});
