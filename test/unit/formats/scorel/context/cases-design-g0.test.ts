// scorel-format §13 cases 39–43: the design profile (§7.2, §7.8) and G0 replay (§11).
import { describe, expect, it } from "vitest";
import { designActiveLeaf, designLeaves } from "../../../../../src/formats/scorel/context/design.js";
import { scorelTurnContexts } from "../../../../../src/formats/scorel/context/incremental.js";
import { scorelTurns } from "../../../../../src/formats/scorel/context/turns.js";
import { toArray } from "../../../../../src/shared/plist.js";
import { DEV, DM, GM, GR, R, ctx, ids, msgs, session, text, toolResult } from "./builders.js";

const D = "design" as const;

describe("scorel-format §13 (cases 39–43)", () => {
  it("scorel-format §13 case 39: design rewind — the leaf moves to the target and the next message hangs under it", () => {
    const raws = [
      DM("e01", null, 1, "user", "解释 monads"),
      DM("e02", "e01", 2, "assistant", "Monad 是…"),
      DM("e03", "e01", 3, "user", "再详细一点"),
      DEV("rewind", "e04", "e03", 4, { targetEventId: "e01" }),
      DM("e05", "e01", 5, "user", "解释 functor 吧"),
    ];
    const s = session(raws, D);
    expect(designLeaves(s)).toEqual(["e01", "e02", "e03", "e01", "e05"]);
    expect(designActiveLeaf(s)).toBe("e05");
    expect(ctx(s, "e05").messages).toEqual([
      { role: "user", content: "解释 monads" },
      { role: "user", content: "解释 functor 吧" },
    ]);
    expect(msgs(s, "e05").map((m) => m.text)).toEqual(["解释 monads", "解释 functor 吧"]);
    // the rewind node is a dead end under the old leaf and contributes nothing
    expect(ids(s, "e04")).toEqual([["e01"], ["e03"]]);
  });

  it("scorel-format §13 case 40: design steer merges into the preceding tool result, else stays a standalone user message", () => {
    const tr = { role: "tool_result", content: [toolResult({ content: [text("out")] })] };
    const call = [text("x"), { type: "tool_call", toolCallId: "call_1", toolName: "read", args: {} }];
    const raws = [
      DM("U1", null, 1, "user", [text("go")]),
      DM("A2", "U1", 2, "assistant", call),
      DEV("message", "T3", "A2", 3, { message: tr }),
      DM("S4", "T3", 4, "user", [text("s")], { source: "steer" }),
      DM("A5", "T3", 5, "assistant", [text("done")]),
      DM("S6", "A5", 6, "user", [text("s")], { source: "steer" }),
      DM("F7", "T3", 7, "user", [text("f")], { source: "followUp" }),
    ];
    const s = session(raws, D);
    const c = ctx(s, "S4");
    expect(c.sourceIds).toEqual([["U1"], ["A2"], ["T3", "S4"]]);
    expect((c.messages[2].content as any)[0].result.content).toEqual([text("out"), text("\n\n" + R("s"))]);
    expect(msgs(s, "S4")[2].reminders).toEqual([{ kind: "steer", origin: "user", sourceId: "S4" }]);
    const c2 = ctx(s, "S6");
    expect(c2.sourceIds).toEqual([["U1"], ["A2"], ["T3"], ["A5"], ["S6"]]);
    expect(c2.messages[4]).toEqual({ role: "user", content: [text("s")], meta: { source: "steer" } });
    expect(ids(s, "F7")).toEqual([["U1"], ["A2"], ["T3", "F7"]]);
  });

  it("scorel-format §13 case 41: a design compact is a barrier: [summary, …messages after it], whatever compactedThrough says", () => {
    const raws = [
      DM("U1", null, 1, "user", [text("u1")]),
      DM("A2", "U1", 2, "assistant", [text("a2")]),
      DEV("compact", "C3", "A2", 3, { summary: "sum", compactedThrough: "U1", tokensBefore: 10, tokensAfter: 2 }),
      DM("U4", "C3", 4, "user", [text("u4")]),
      DM("A5", "U4", 5, "assistant", [text("a5")]),
    ];
    const s = session(raws, D);
    const c = ctx(s, "A5");
    expect(c.sourceIds).toEqual([["C3"], ["U4"], ["A5"]]);
    expect(c.messages[0]).toEqual({ role: "user", content: [text("sum")], meta: { source: "compact", compactedThrough: "U1" } });
    expect(msgs(s, "A5")[0].summary).toBe("sum");
  });

  it("scorel-format §13 case 42: session_info, custom, channel_inject, branch contribute nothing; custom_message is included", () => {
    const raws = [
      DM("U1", null, 1, "user", [text("u1")]),
      DEV("session_info", "I2", "U1", 2, { changes: { model: "m" } }),
      DEV("custom", "K3", "I2", 3, { kind: "x", data: 1 }),
      DEV("channel_inject", "J4", "K3", 4, { channel: "telegram", externalId: "9" }),
      DEV("branch", "B5", "J4", 5, { leafEventId: "U1" }),
      DEV("custom_message", "M6", "B5", 6, { kind: "ext", message: { role: "user", content: [text("from ext")] } }),
      DM("N7", "M6", 7, "internal", [text("never")]),
    ];
    const s = session(raws, D);
    expect(ids(s, "N7")).toEqual([["U1"], ["M6"]]);
    expect(ctx(s, "N7").messages[1]).toEqual({ role: "user", content: [text("from ext")] });
  });

  it("scorel-format §13 case 43: G0 replay — a rewind truncates after its user target; a rewind to a non-user message is an error", () => {
    const raws = [GM("m1", "user", "q1"), GM("m2", "assistant", "a1"), GM("m3", "user", "q2"), GM("m4", "assistant", "a2"), GR("r5", "m3")];
    const s = session(raws, "g0");
    expect(ctx(s, "r5").sourceIds).toEqual([["m1"], ["m2"], ["m3"]]);
    expect(ctx(s, "r5").messages.map((m) => m.content)).toEqual(["q1", "a1", "q2"]);
    const bad = session([...raws.slice(0, 4), GR("r5", "m2")], "g0");
    expect(ctx(bad, "r5").error).toEqual({ code: "invalid_rewind", message: "Cannot rewind to m2: not a rewindable turn boundary", eventId: "r5" });
    const missing = session([...raws.slice(0, 4), GR("r5", "zz")], "g0");
    expect(ctx(missing, "r5").error?.code).toBe("invalid_rewind");
    // turns after a rewind answer the truncated history
    const more = session([...raws, GM("m6", "assistant", "a2'")], "g0");
    expect(scorelTurns(more).map((t) => [t.responseId, t.leafId])).toEqual([
      ["m2", "m1"],
      ["m4", "m3"],
      ["m6", "m3"],
    ]);
    const tc = [...scorelTurnContexts(more)];
    expect(toArray(tc[2].messages).map((m) => m.text)).toEqual(["q1", "a1", "q2"]);
  });
});
