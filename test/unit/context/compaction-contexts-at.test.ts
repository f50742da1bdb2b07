// Compaction diffs build "before" and "after" through the format's contextsAt shortcut (one incremental
// build shared with the turn contexts) where it applies: on every session fixture, after the turn views as
// an audit asks for them, each side equals the full build, toMsgs(buildContext(leaf)), system prompt included.
import { describe, expect, it } from "vitest";
import { readSession } from "../../../src/app/read/read.js";
import { compactionDiffs } from "../../../src/context/compaction.js";
import { iterTurnViews } from "../../../src/context/turns.js";
import { isSession, moduleOf } from "../../../src/formats/index.js";
import type { Msg, SessionBase } from "../../../src/formats/types.js";
import { sessionFixtures } from "./fixture-sessions.js";

function fullSide(s: SessionBase, leafId: string | null): { systemPrompt: string | null; messages: Msg[] } {
  const m = moduleOf(s);
  const ctx = m.buildContext(s, leafId);
  return { systemPrompt: ctx.systemPrompt, messages: m.toMsgs(s, ctx) };
}

describe("compaction diffs through contextsAt", () => {
  it("equal the full build on both sides of every compaction of every session fixture", async () => {
    let sides = 0;
    let shortcuts = 0;
    for (const file of sessionFixtures()) {
      const s = await readSession(file);
      if (!isSession(s)) continue;
      const m = moduleOf(s);
      [...iterTurnViews(s, { scope: "all", delta: true })];
      const at = m.contextsAt?.(s);
      const refs = m.compactions(s);
      const diffs = compactionDiffs(s);
      expect(diffs.map((d) => d.id)).toEqual(refs.map((c) => c.id));
      refs.forEach((c, i) => {
        const after = fullSide(s, c.afterLeafId);
        expect({ systemPrompt: diffs[i].after.systemPrompt, messages: diffs[i].after.messages }, `${file} ${c.id} after`).toEqual(after);
        sides++;
        if (at?.(c.afterLeafId)) shortcuts++;
        if (m.compactionBefore?.(s, c)) return;
        expect({ systemPrompt: diffs[i].before.systemPrompt, messages: diffs[i].before.messages }, `${file} ${c.id} before`).toEqual(
          fullSide(s, c.beforeLeafId),
        );
        sides++;
        if (at?.(c.beforeLeafId)) shortcuts++;
      });
    }
    expect(sides).toBeGreaterThan(0);
    expect(shortcuts).toBeGreaterThan(0);
  }, 120_000);
});
