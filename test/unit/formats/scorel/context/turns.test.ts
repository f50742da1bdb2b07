// Turns, incremental turn contexts (design §3, §8) and compactions (design §3 "Compaction diff").
import { describe, expect, it } from "vitest";
import { buildScorelContext } from "../../../../../src/formats/scorel/context/build.js";
import { scorelTurnContexts } from "../../../../../src/formats/scorel/context/incremental.js";
import { scorelToMsgs } from "../../../../../src/formats/scorel/context/lower.js";
import { scorelCompactions, scorelTurns } from "../../../../../src/formats/scorel/context/turns.js";
import { sharedPrefix, size, toArray } from "../../../../../src/shared/plist.js";
import type { ScorelSession } from "../../../../../src/formats/scorel/model.js";
import { A, AT, C, H, IS, T, U, X, session } from "./builders.js";

const direct = (s: ScorelSession, leaf: string | null, responseId: string) => buildScorelContext(s, leaf, { responseId });

function expectIncrementalEqualsDirect(s: ScorelSession): void {
  const turns = [...scorelTurnContexts(s)];
  expect(turns.map((t) => t.ref)).toEqual(scorelTurns(s));
  for (const t of turns) {
    const c = direct(s, t.ref.leafId, t.ref.responseId);
    expect(toArray(t.messages)).toEqual(scorelToMsgs(s, c));
    expect(t.systemPrompt).toBe(c.systemPrompt);
  }
}

const longSession = () =>
  session([
    IS("IS0", 1, ["base"]),
    U("U1", null, 2, "u1"),
    AT("A2", "U1", 3),
    T("T3", "A2", 4, "t3"),
    H("H4", "T3", 5, "steer", "user", "s"),
    A("A5", "H4", 6, "a5", { usage: { inputTokens: 42 } }),
    U("U6", "A5", 7, "u6"),
    A("A7", "U6", 8, "a7"),
    U("U8", "A7", 9, "u8"),
    X("X9", 10, "U6", "A7"),
    A("A10", "U8", 11, "a10"),
    C("C11", "A10", 12, "A10", "sum", 4),
    U("U12", "C11", 13, "u12"),
    A("A13", "U12", 14, "a13"),
    IS("IS14", 15, ["new base"]),
    A("A15", "U1", 16, "branch"),
  ]);

describe("scorel turns and incremental contexts", () => {
  it("design §3: one turn per assistant message in file order, leafId = its parent", () => {
    expect(scorelTurns(longSession()).map((t) => [t.index, t.responseId, t.leafId])).toEqual([
      [0, "A2", "U1"],
      [1, "A5", "H4"],
      [2, "A7", "U6"],
      [3, "A10", "U8"],
      [4, "A13", "U12"],
      [5, "A15", "U1"],
    ]);
  });

  it("design §3: incremental turn contexts equal toMsgs(buildContext) for every turn and profile, with per-turn system prompts", () => {
    const s = longSession();
    for (const profile of ["p3", "p4a", "p4", "p5"] as const)
      expectIncrementalEqualsDirect(
        session(
          s.events.map((e) => e.raw),
          profile,
        ),
      );
    const turns = [...scorelTurnContexts(s)];
    expect(turns.map((t) => t.systemPrompt)).toEqual(["base", "base", "base", "base", "base", "new base"]);
    expect(turns[1].loggedTokens).toBe(42);
    expect(turns[0].loggedTokens).toBeUndefined();
    // the snip (seq 10) is active for A10's request (leaf U8, seq 9)? No: seq 10 > 9, so U6/A7 are still there.
    expect(toArray(turns[3].messages).map((m) => m.sourceIds[0])).toEqual(["U1", "A2", "T3", "A5", "U6", "A7", "U8"]);
  });

  it("design §8: messages unchanged since an earlier turn on the same path share its list cells", () => {
    const s = longSession();
    const [t0, t1, t2, t3] = [...scorelTurnContexts(s)];
    expect(size(t0.messages)).toBe(1);
    expect(sharedPrefix(t0.messages, t1.messages)).toBe(1);
    expect(sharedPrefix(t1.messages, t2.messages)).toBe(size(t1.messages));
    expect(sharedPrefix(t2.messages, t3.messages)).toBe(size(t2.messages));
    // a harness merge replaces only the last cell: a response right after T3 shares U1 and A2 with t1
    const s2 = session([...s.events.map((e) => e.raw), A("A16", "T3", 17, "early")]);
    const all = [...scorelTurnContexts(s2)];
    const atT3 = all.find((t) => t.ref.responseId === "A16")!;
    const atH4 = all.find((t) => t.ref.responseId === "A5")!;
    expect(size(atT3.messages)).toBe(3);
    expect(sharedPrefix(atT3.messages, atH4.messages)).toBe(2);
  });

  it("design §3: a leaf that is no tree node gives an empty turn context, as buildContext's error does", () => {
    const s = session([U("U1", null, 1, "u"), A("A2", "ghost", 2, "a"), A("A3", null, 3, "root reply")]);
    const turns = [...scorelTurnContexts(s)];
    expect(turns.map((t) => t.messages)).toEqual([null, null]);
    expect(buildScorelContext(s, "ghost").error?.code).toBe("invalid_parent");
  });

  it("design §3: compactions carry before/after leaves, tokens and an embedded capsule", () => {
    const raws = [
      U("U1", null, 1, "u"),
      A("A2", "U1", 2, "a"),
      { ...C("C3", "A2", 3, "A2", "sum", 8), data: { capsule: { v: 1 } } },
      U("U4", "C3", 4, "u4"),
      { ...C("C5", "U4", 5, "U4", "s2", 8), details: { capsule: { v: 2 } } },
    ];
    expect(scorelCompactions(session(raws, "p4"))).toEqual([
      { id: "C3", beforeLeafId: "A2", afterLeafId: "C3", line: 4, summary: "sum", tokensBefore: 1000, tokensAfter: 100, capsule: { v: 1 } },
      { id: "C5", beforeLeafId: "U4", afterLeafId: "C5", line: 6, summary: "s2", tokensBefore: 1000, tokensAfter: 100, capsule: { v: 2 } },
    ]);
    expect(scorelCompactions(session(raws, "p4"), { profile: "g0" })).toEqual([]);
  });
});
