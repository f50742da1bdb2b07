// The walks of iterTurnViews (context/turns.ts): the nearest earlier turn of a leaf (memoised along long runs of
// entries that are no turn, by walking the run again instead of keeping it) and the compactions between a turn
// and the one before it (a list only when there is one).
import { describe, expect, it } from "vitest";
import { turnViews, type DeltaMessages } from "../../../src/context/turns.js";
// Registers every format module (moduleOf needs the pi one).
import "../../../src/formats/index.js";
import { assistant, entry, header, jsonl, parseText, text, user } from "../formats/pi/helpers.js";

/** `n` thinking-level entries after `parent`, ids `${p}1` … `${p}n`: a run of nodes that are no turn. */
const run = (p: string, parent: string, n: number): Record<string, unknown>[] =>
  Array.from({ length: n }, (_, i) => entry("thinking_level_change", `${p}${i + 1}`, i === 0 ? parent : `${p}${i}`, { thinkingLevel: "low" }));

/**
 * a1, then a run of 7 entries (longer than the memo's threshold of 4) that three branches share; on the third
 * branch a compaction, then two turns after it. Turns: 0 a1, 1 b1 (branch x), 2 b2 (branch y), 3 b3 (branch z, after c1), 4 b4.
 */
function session() {
  return parseText(
    jsonl(
      header(),
      user("u1", null, "start"),
      assistant("a1", "u1", [text("one")]),
      ...run("r", "a1", 7),
      user("x1", "r7", "branch x"),
      assistant("b1", "x1", [text("x")]),
      user("y1", "r7", "branch y"),
      assistant("b2", "y1", [text("y")]),
      user("z1", "r7", "branch z"),
      entry("compaction", "c1", "z1", { summary: "s", firstKeptEntryId: "z1", tokensBefore: 10 }),
      user("z2", "c1", "after"),
      assistant("b3", "z2", [text("z")]),
      user("z3", "b3", "more"),
      assistant("b4", "z3", [text("z again")]),
    ),
  );
}

describe("turn view walks", () => {
  it("bases every branch's turn on the turn before the shared run, and labels only the first turn after the compaction", () => {
    const turns = turnViews(session(), { scope: "all", delta: true }).turns;
    expect(turns.map((t) => t.responseId)).toEqual(["a1", "b1", "b2", "b3", "b4"]);
    const bases = turns.map((t) => (t.messages as DeltaMessages).base);
    expect(bases).toEqual([null, 0, 0, 0, 3]);
    // Each branch appends to a1's context (u1 kept); after the compaction the summary heads it.
    expect(turns.map((t) => (t.messages as DeltaMessages).keep)).toEqual([0, 1, 1, 0, 3]);
    expect(turns.map((t) => t.compactions)).toEqual([undefined, undefined, undefined, ["c1"], undefined]);
    expect(turns.filter((t) => "compactions" in t).map((t) => t.responseId)).toEqual(["b3"]);
  });

  it("gives the same bases in any scope and whatever turn is asked for first", () => {
    const s = session();
    const all = turnViews(s, { scope: "all", delta: true }).turns;
    for (const t of all) {
      const one = turnViews(s, { scope: "all", delta: true, turn: t.index }).turns;
      expect(one).toHaveLength(1);
      expect((one[0].messages as DeltaMessages).base).toBe((t.messages as DeltaMessages).base);
      expect(one[0].compactions).toEqual(t.compactions);
    }
  });
});
