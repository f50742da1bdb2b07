// scorel-format §13 cases 21–38: compact summary + retained window (§7.7), context_control hiding
// (§7.6), follow-ups, the message_ref sidecar, cancelled partial replies.
import { describe, expect, it } from "vitest";
import { compactSummaryText } from "../../../../../src/formats/scorel/context/reminders.js";
import { scorelCompactions } from "../../../../../src/formats/scorel/context/turns.js";
import { A, AT, C, H, R, T, U, UC, X, ctx, ids, msgs, session, text, texts } from "./builders.js";

const SUM = "the summary";
const summaryP4 = (through: string) => ({ role: "user", content: [text(R(compactSummaryText(SUM)))], meta: { source: "compact", compactedThrough: through } });
const summaryP5 = (through: string) => ({
  role: "user",
  content: [{ type: "system_reminder", kind: "compact_summary", origin: "system", text: compactSummaryText(SUM), visibility: "model", scope: "session" }],
  meta: { source: "compact", compactedThrough: through },
});

const case22 = (n: unknown) => [
  U("U1", null, 1, "u1"),
  A("A2", "U1", 2, "a2"),
  U("U3", "A2", 3, "u3"),
  AT("A4", "U3", 4),
  T("T5", "A4", 5, "t5"),
  A("A6", "T5", 6, "a6"),
  C("C7", "A6", 7, "A6", SUM, n),
  U("U8", "C7", 8, "u8"),
];

describe("scorel-format §13 (cases 21–38)", () => {
  it("scorel-format §13 case 21: a compact over a short history retains all of it", () => {
    const raws = [U("U1", null, 1, "u1"), A("A2", "U1", 2, "a2"), C("C3", "A2", 3, "A2", SUM, 8), U("U4", "C3", 4, "u4"), A("A5", "U4", 5, "a5")];
    const c4 = ctx(session(raws, "p4"), "A5");
    expect(c4.sourceIds).toEqual([["C3"], ["U1"], ["A2"], ["U4"], ["A5"]]);
    expect(c4.messages[0]).toEqual(summaryP4("A2"));
    expect(c4.messages[0].content).toEqual([
      text(
        "<system-reminder>\nEarlier session context has been compacted.\n\nthe summary\n\nUse this summary as continuity context. Verify current repository facts before acting.\n</system-reminder>",
      ),
    ]);
    const c5 = ctx(session(raws, "p5"), "A5");
    expect(c5.messages[0]).toEqual(summaryP5("A2"));
    expect(c5.sourceIds).toEqual(c4.sourceIds);
  });

  it("scorel-format §13 case 22: N = 4 retains the window starting at U3", () => {
    expect(ids(session(case22(4), "p5"), "U8")).toEqual([["C7"], ["U3"], ["A4"], ["T5"], ["A6"], ["U8"]]);
    expect(ids(session(case22(4), "p4a"), "U8")).toEqual([["C7"], ["U3"], ["A4"], ["T5"], ["A6"], ["U8"]]);
  });

  it("scorel-format §13 case 23: the window starts at the first user message, compact or tool-calling assistant", () => {
    const raws = [
      U("U1", null, 1, "u1"),
      AT("A2", "U1", 2, "call_1"),
      T("T3", "A2", 3, "t3", "call_1"),
      AT("A4", "T3", 4, "call_2"),
      T("T5", "A4", 5, "t5", "call_2"),
      A("A6", "T5", 6, "a6"),
      C("C7", "A6", 7, "A6", SUM, 4),
      U("U8", "C7", 8, "u8"),
    ];
    expect(ids(session(raws), "U8")).toEqual([["C7"], ["A4"], ["T5"], ["A6"], ["U8"]]);
  });

  it("scorel-format §13 case 24: N = 0 retains nothing", () => {
    expect(ids(session(case22(0)), "U8")).toEqual([["C7"], ["U8"]]);
  });

  it("scorel-format §13 case 25: a window with no valid start retains nothing (the partial turn is dropped)", () => {
    const raws = [
      U("U1", null, 1, "u1"),
      AT("A2", "U1", 2),
      T("T3", "A2", 3, "t3"),
      A("A4", "T3", 4, "a4"),
      C("C5", "A4", 5, "A4", SUM, 2),
      U("U6", "C5", 6, "u6"),
    ];
    expect(ids(session(raws), "U6")).toEqual([["C5"], ["U6"]]);
  });

  it("scorel-format §13 case 26: the compact itself as leaf gives [summary, …retained]; compactions are before = parent, after = compact", () => {
    const s = session(case22(4));
    const c = ctx(s, "C7");
    expect(c.messages[0]).toEqual(summaryP5("A6"));
    expect(c.sourceIds).toEqual([["C7"], ["U3"], ["A4"], ["T5"], ["A6"]]);
    expect(scorelCompactions(s)).toEqual([{ id: "C7", beforeLeafId: "A6", afterLeafId: "C7", line: 8, summary: SUM, tokensBefore: 1000, tokensAfter: 100 }]);
    expect(msgs(s, "C7")[0].summary).toBe(SUM);
  });

  it("scorel-format §13 case 27: a compact inside a retained window contributes only its summary", () => {
    const raws = [
      U("U1", null, 1, "u1"),
      A("A2", "U1", 2, "a2"),
      C("C3", "A2", 3, "A2", SUM, 8),
      U("U4", "C3", 4, "u4"),
      A("A5", "U4", 5, "a5"),
      C("C6", "A5", 6, "A5", SUM, 8),
      U("U7", "C6", 7, "u7"),
    ];
    expect(ids(session(raws, "p4"), "U7")).toEqual([["C6"], ["C3"], ["U4"], ["A5"], ["U7"]]);
  });

  it("scorel-format §13 case 28: a harness item inside the window merges into the retained tool result", () => {
    const raws = [
      U("U1", null, 1, "u1"),
      AT("A2", "U1", 2),
      T("T3", "A2", 3, "t3"),
      H("H4", "T3", 4, "steer", "user", "s"),
      A("A5", "H4", 5, "a5"),
      C("C6", "A5", 6, "A5", SUM, 4),
      U("U7", "C6", 7, "u7"),
    ];
    const s = session(raws, "p4");
    expect(ids(s, "U7")).toEqual([["C6"], ["A2"], ["T3", "H4"], ["A5"], ["U7"]]);
    expect((ctx(s, "U7").messages[2].content as any)[0].result.content).toEqual([text("t3"), text("\n\n" + R("s"))]);
  });

  const case29 = [
    U("U1", null, 1, "u1"),
    A("A2", "U1", 2, "a2"),
    U("U3", "A2", 3, "u3"),
    A("A4", "U3", 4, "a4"),
    U("U5", "A4", 5, "u5"),
    X("X6", 6, "U3", "A4"),
    A("A6", "U5", 7, "a6"),
  ];

  it("scorel-format §13 case 29: a snip hides the span anchor…through; P4a/P3 do not know context_control", () => {
    for (const p of ["p4", "p5"] as const) expect(ids(session(case29, p), "A6")).toEqual([["U1"], ["A2"], ["U5"], ["A6"]]);
    for (const p of ["p4a", "p3"] as const) expect(ids(session(case29, p), "A6")).toHaveLength(6);
    expect(case29[2]).toMatchObject({ id: "U3" });
  });

  it("scorel-format §13 case 30: snipping a tool-using turn leaves no orphan call or result", () => {
    const raws = [
      U("U1", null, 1, "u1"),
      A("A2", "U1", 2, "a2"),
      U("U3", "A2", 3, "u3"),
      AT("A4", "U3", 4),
      T("T5", "A4", 5, "t5"),
      A("A6", "T5", 6, "a6"),
      U("U7", "A6", 7, "u7"),
      X("X8", 8, "U3", "A6"),
      A("A9", "U7", 9, "a9"),
    ];
    const c = ctx(session(raws), "A9");
    expect(c.sourceIds).toEqual([["U1"], ["A2"], ["U7"], ["A9"]]);
    expect(JSON.stringify(c.messages)).not.toMatch(/tool_call|tool_result/);
  });

  it("scorel-format §13 case 31: a snip with a seq above the leaf's is not applied", () => {
    expect(ids(session(case29), "U5")).toEqual([["U1"], ["A2"], ["U3"], ["A4"], ["U5"]]);
  });

  it("scorel-format §13 case 32: a snip whose anchor (or through) lies on another branch is ignored", () => {
    const raws = [
      U("U1", null, 1, "u1"),
      A("A2", "U1", 2, "a2"),
      U("U3", "A2", 3, "u3"),
      A("A4", "U3", 4, "a4"),
      U("U5", "A2", 5, "u5"),
      A("A6", "U5", 6, "a6"),
      X("X7", 7, "U3", "A4"),
      X("X8", 8, "U5", "A4"),
      U("U9", "A6", 9, "u9"),
    ];
    expect(ids(session(raws), "U9")).toEqual([["U1"], ["A2"], ["U5"], ["A6"], ["U9"]]);
  });

  it("scorel-format §13 case 33: a snip whose through comes before its anchor is ignored", () => {
    const raws = [
      U("U1", null, 1, "u1"),
      A("A2", "U1", 2, "a2"),
      U("U3", "A2", 3, "u3"),
      A("A4", "U3", 4, "a4"),
      X("X5", 5, "U3", "A2"),
      U("U6", "A4", 6, "u6"),
    ];
    expect(ids(session(raws), "U6")).toHaveLength(5);
  });

  it("scorel-format §13 case 34: a hidden turn stays hidden inside a later compact's retained window", () => {
    const raws = [
      U("U1", null, 1, "u1"),
      A("A2", "U1", 2, "a2"),
      U("U3", "A2", 3, "u3"),
      A("A4", "U3", 4, "a4"),
      U("U5", "A4", 5, "continue"),
      X("X6", 6, "U3", "A4"),
      C("C7", "U5", 7, "U5", SUM, 4),
      U("U8", "C7", 8, "u8"),
    ];
    const s = session(raws);
    expect(ids(s, "U8")).toEqual([["C7"], ["U5"], ["U8"]]);
    expect(texts(s, "U8")[1]).toBe("continue");
  });

  it("scorel-format §13 case 35: a snip covering a compact skips it: no summary, no reset", () => {
    const raws = [
      U("U1", null, 1, "u1"),
      A("A2", "U1", 2, "a2"),
      U("U3", "A2", 3, "u3"),
      A("A4", "U3", 4, "a4"),
      C("C5", "A4", 5, "A4", SUM, 0),
      U("U6", "C5", 6, "u6"),
      X("X7", 7, "U3", "C5"),
      A("A8", "U6", 8, "a8"),
    ];
    const s = session(raws, "p4");
    expect(ids(s, "A8")).toEqual([["U1"], ["A2"], ["U6"], ["A8"]]);
    expect(ids(s, "U6")).toEqual([["C5"], ["U6"]]);
  });

  it("scorel-format §13 case 36: a follow-up user message is included verbatim with a copied meta", () => {
    const meta = { source: "follow_up", queueItemId: "q_1" };
    const s = session([U("U1", null, 1, "go"), A("A2", "U1", 2, "ok"), U("U3", "A2", 3, "and then", meta)]);
    const m = ctx(s, "U3").messages[2];
    expect(m).toEqual({ role: "user", content: [text("and then")], meta });
    expect(m.meta).not.toBe((s.byId.get("U3")!.raw.message as any).meta);
  });

  it("scorel-format §13 case 37: the P5 message_ref sidecar is preserved and rendered into the provider user text", () => {
    const ref = {
      type: "system_reminder",
      kind: "message_ref",
      origin: "system",
      visibility: "model",
      scope: "message",
      text: "snip.userMessageId: u_12345678",
      data: { userMessageId: "u_12345678" },
    };
    const s = session([UC("U1", null, 1, [text("hello"), ref])]);
    const c = ctx(s, "U1");
    expect(c.messages[0].content).toEqual([text("hello"), ref]);
    const [m] = msgs(s, "U1");
    expect(m.text).toBe("hello\n<system-reminder>\nsnip.userMessageId: u_12345678\n</system-reminder>");
    expect(m.reminders).toEqual([{ kind: "message_ref", origin: "system", sourceId: "U1" }]);
  });

  it("scorel-format §13 case 38: a cancelled partial assistant reply is included as-is, its tool call orphaned", () => {
    const partial = { stopReason: "cancelled", meta: { partial: true, api: "openai-completions", provider: "x", model: "m" } };
    const s = session([
      U("U1", null, 1, "go"),
      A("A2", "U1", 2, "half", { ...partial, content: [text("half"), { type: "tool_call", toolCallId: "c9", toolName: "read", args: {} }] }),
      U("U3", "A2", 3, "again"),
    ]);
    const c = ctx(s, "U3");
    expect(c.messages[1]).toEqual({
      role: "assistant",
      content: [text("half"), { type: "tool_call", toolCallId: "c9", toolName: "read", args: {} }],
      ...partial,
    });
    expect(c.sourceIds).toEqual([["U1"], ["A2"], ["U3"]]);
  });
});
