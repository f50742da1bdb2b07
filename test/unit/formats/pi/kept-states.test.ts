// The incremental builder keeps the states of branch points, turn leaves and compaction sides only; every other
// node's state is a step on the way. No node may be extended twice while the turns and then the compactions are
// asked for (in any branch order), and every context still equals the full build. Work is counted (message
// lookups per extended entry), not timed.
import { describe, expect, it, vi } from "vitest";
import type { PiEntry } from "../../../../src/formats/pi/model.js";
import { toArray } from "../../../../src/shared/plist.js";
import { assistant, call, entry, header, jsonl, parseText, text, toolResult, user } from "./helpers.js";

const seen = vi.hoisted(() => ({ extended: new Map<string, number>() }));
vi.mock("../../../../src/formats/pi/context.js", async (importOriginal) => {
  const orig = await importOriginal<typeof import("../../../../src/formats/pi/context.js")>();
  return {
    ...orig,
    entryMessage: (e: PiEntry, profile: Parameters<typeof orig.entryMessage>[1]) => {
      seen.extended.set(e.id, (seen.extended.get(e.id) ?? 0) + 1);
      return orig.entryMessage(e, profile);
    },
  };
});

const { buildPiContext } = await import("../../../../src/formats/pi/context.js");
const { piToMsgs } = await import("../../../../src/formats/pi/lower.js");
const { piTurnContexts, piContextsAt } = await import("../../../../src/formats/pi/turn-contexts.js");
const { piCompactions } = await import("../../../../src/formats/pi/turns.js");

/**
 * A main line with tool calls and a compaction, a branch from the middle of a run of entries that are no turn
 * leaf (a rewind to a tool result), and a second branch from the first user message, written after the rest.
 */
function session(): string {
  return jsonl(
    header(),
    user("u1", null, "q1"),
    assistant("a1", "u1", [call("k1")], { stopReason: "toolUse" }),
    toolResult("t1", "a1", "k1", "out1"),
    entry("label", "l1", "t1", { targetId: "t1", label: "x" }),
    entry("label", "l2", "l1", { targetId: "t1", label: "y" }),
    assistant("a2", "l2", [text("r1")]),
    user("u2", "a2", "q2"),
    assistant("a3", "u2", [text("r2")]),
    entry("compaction", "c1", "a3", { summary: "s1", firstKeptEntryId: "u2", tokensBefore: 10 }),
    user("u3", "c1", "q3"),
    assistant("a4", "u3", [text("r3")]),
    user("v1", "l1", "rewind"),
    assistant("b1", "v1", [text("rb")]),
    user("w1", "u1", "again"),
    assistant("b2", "w1", [text("rw")]),
  );
}

describe.each(["pi", "omp17"] as const)("pi incremental contexts keep few states (%s)", (profile) => {
  it("extends each entry at most once for every turn and both sides of every compaction, and equals the full build", () => {
    const s = parseText(session(), profile);
    seen.extended.clear();
    const turns = [...piTurnContexts(s, { profile })];
    expect(turns.map((t) => t.ref.responseId)).toEqual(["a1", "a2", "a3", "a4", "b1", "b2"]);
    const at = piContextsAt(s, { profile });
    const sides = piCompactions(s).flatMap((c) => [c.beforeLeafId, c.afterLeafId]);
    expect(sides).toEqual(["a3", "c1"]);
    const sideMsgs = sides.map((id) => at(id)?.messages);
    expect([...seen.extended.values()].every((n) => n === 1)).toBe(true);
    expect(seen.extended.size).toBeGreaterThan(10);
    for (const t of turns) expect(toArray(t.messages)).toEqual(piToMsgs(s, buildPiContext(s, t.ref.leafId, { profile }), { profile }));
    for (const [i, id] of sides.entries()) expect(sideMsgs[i]).toEqual(piToMsgs(s, buildPiContext(s, id, { profile }), { profile }));
  });
});
