// Token counts shared between a session's turn views and its compaction diffs (TurnViewOptions.counted and
// CompactionDiffOptions.counted, as an audit asks for them): the figures are the ones each computes alone, and
// a message the turns counted is not counted again for a compaction side.
import { describe, expect, it } from "vitest";
import { readSession } from "../../../src/app/read/read.js";
import { compactionDiffs } from "../../../src/context/compaction.js";
import { charsPer4, type TokenCounter } from "../../../src/context/tokens.js";
import { iterTurnViews } from "../../../src/context/turns.js";
import { isSession } from "../../../src/formats/index.js";
import type { Msg } from "../../../src/formats/types.js";
import { sessionFixtures } from "./fixture-sessions.js";

/** chars/4, counting its calls. */
function countingCounter(): TokenCounter & { calls: number } {
  const c = { name: charsPer4.name, calls: 0, count: (text: string) => (c.calls++, charsPer4.count(text)) };
  return c;
}

describe("token counts shared by turns and compactions", () => {
  it("give every fixture's figures unchanged, with fewer counts where compactions reuse the turns' messages", async () => {
    let compactions = 0;
    let saved = 0;
    for (const file of sessionFixtures()) {
      const s = await readSession(file);
      if (!isSession(s)) continue;
      const alone = countingCounter();
      const turnsAlone = [...iterTurnViews(s, { scope: "all", delta: true, tokens: alone })].map((t) => t.tokens);
      const diffsAlone = compactionDiffs(s, { tokens: alone, withPatch: false }).map((d) => d.tokens);

      const shared = countingCounter();
      const counted = new Map<Msg, number>();
      const turnsShared = [...iterTurnViews(s, { scope: "all", delta: true, tokens: shared, counted })].map((t) => t.tokens);
      const diffsShared = compactionDiffs(s, { tokens: shared, withPatch: false, counted }).map((d) => d.tokens);

      expect(turnsShared, file).toEqual(turnsAlone);
      expect(diffsShared, file).toEqual(diffsAlone);
      expect(shared.calls, file).toBeLessThanOrEqual(alone.calls);
      compactions += diffsAlone.length;
      saved += alone.calls - shared.calls;
    }
    expect(compactions).toBeGreaterThan(10);
    // The compaction sides hold the very messages the turns counted.
    expect(saved).toBeGreaterThan(100);
  });
});
