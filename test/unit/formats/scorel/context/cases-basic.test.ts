// scorel-format §13 cases 1–20: linear paths, harness items, tool-result copies, branches, bad leaves.
import { describe, expect, it } from "vitest";
import { scorelTurns } from "../../../../../src/formats/scorel/context/turns.js";
import { A, AT, H, IS, Q, R, T, TR, U, ctx, ids, metaUser, msgs, session, text, texts, toolResult } from "./builders.js";

const P34 = ["p3", "p4a", "p4"] as const;

describe("scorel-format §13 (cases 1–20)", () => {
  it("scorel-format §13 case 1: linear U1, A2 → [user hello, assistant hi]", () => {
    const s = session([U("U1", null, 1, "hello"), A("A2", "U1", 2, "hi")]);
    const c = ctx(s, "A2");
    expect(c.messages).toEqual([
      { role: "user", content: [text("hello")] },
      { role: "assistant", content: [text("hi")], stopReason: "end_turn" },
    ]);
    expect(c.sourceIds).toEqual([["U1"], ["A2"]]);
    expect(c.error).toBeUndefined();
    expect(scorelTurns(s)).toEqual([{ index: 0, responseId: "A2", leafId: "U1" }]);
  });

  it("scorel-format §13 case 2: IS before the first user message gives the system prompt (trimmed blocks, blank-line join)", () => {
    const s = session([IS("IS1", 1, ["  Base rules  ", "", "AGENTS\n", "   "]), U("U1", null, 2, "hi"), A("A2", "U1", 3, "yo")]);
    const c = ctx(s, "A2");
    expect(c.sourceIds).toEqual([["U1"], ["A2"]]);
    expect(c.systemPrompt).toBe("Base rules\n\nAGENTS");
    expect(ctx(s, "U1").systemPrompt).toBe("Base rules\n\nAGENTS");
  });

  it("scorel-format §13 case 3: IS appended after messages leaves the context unchanged; only later responses see it", () => {
    const s = session([U("U1", null, 1, "a"), A("A2", "U1", 2, "b"), U("U3", "A2", 3, "c"), IS("IS4", 4, ["late"]), A("A5", "U3", 5, "d")]);
    expect(ctx(s, "A5").sourceIds).toEqual([["U1"], ["A2"], ["U3"], ["A5"]]);
    // The request of A2 happened before the snapshot existed; the one of A5 after.
    expect(ctx(s, "U1").systemPrompt).toBeNull();
    expect(ctx(s, "U3").systemPrompt).toBe("late");
  });

  it("scorel-format §13 case 4: a steer harness item after a user message becomes a meta-user message", () => {
    const raws = [U("U1", null, 1, "go"), H("H2", "U1", 2, "steer", "user", "focus on tests")];
    for (const p of P34) {
      expect(ctx(session(raws, p), "H2").messages[1]).toEqual(metaUser("steer", "user", text(R("focus on tests"))));
    }
    const c = ctx(session(raws, "p5"), "H2");
    expect(c.messages).toHaveLength(2);
    expect(c.messages[1]).toEqual(
      metaUser("steer", "user", {
        type: "system_reminder",
        kind: "steer",
        origin: "user",
        text: "focus on tests",
        visibility: "display",
        scope: "next_model_call",
      }),
    );
    expect(c.sourceIds).toEqual([["U1"], ["H2"]]);
  });

  it("scorel-format §13 case 5: a harness item after a tool result merges into its result content; the stored event is unchanged", () => {
    const raws = [U("U1", null, 1, "go"), T("T2", "U1", 2, "file content"), H("H3", "T2", 3, "runtime_notice", "system", "do not edit yet")];
    const before = structuredClone(raws);
    for (const p of P34) {
      const c = ctx(session(raws, p), "H3");
      expect(c.messages).toHaveLength(2);
      expect((c.messages[1].content as any)[0].result.content).toEqual([
        text("file content"),
        text("\n\n<system-reminder>\ndo not edit yet\n</system-reminder>"),
      ]);
      expect(c.sourceIds[1]).toEqual(["T2", "H3"]);
    }
    const c5 = ctx(session(raws, "p5"), "H3");
    expect((c5.messages[1].content as any)[0].result.content).toEqual([
      text("file content"),
      { type: "system_reminder", kind: "runtime_notice", origin: "system", text: "do not edit yet", visibility: "display", scope: "next_model_call" },
    ]);
    expect(raws).toEqual(before);
  });

  it("scorel-format §13 case 6: after an assistant message the harness item is a separate meta-user message", () => {
    const s = session(
      [U("U1", null, 1, "go"), AT("A2", "U1", 2), T("T3", "A2", 3, "out"), A("A4", "T3", 4, "done"), H("H5", "A4", 5, "memory", "system", "m")],
      "p4",
    );
    const c = ctx(s, "H5");
    expect(c.sourceIds).toEqual([["U1"], ["A2"], ["T3"], ["A4"], ["H5"]]);
    expect(c.messages[4]).toEqual(metaUser("memory", "system", text(R("m"))));
  });

  it("scorel-format §13 case 7: two harness items after a tool result both merge into it, in order", () => {
    const raws = [U("U1", null, 1, "go"), T("T2", "U1", 2, "out"), H("H3", "T2", 3, "steer", "user", "one"), H("H4", "H3", 4, "steer", "user", "two")];
    const c = ctx(session(raws, "p4"), "H4");
    expect(c.messages).toHaveLength(2);
    expect((c.messages[1].content as any)[0].result.content).toEqual([text("out"), text("\n\n" + R("one")), text("\n\n" + R("two"))]);
    expect(c.sourceIds[1]).toEqual(["T2", "H3", "H4"]);
    expect(texts(session(raws, "p5"), "H4")[1]).toBe("out\n" + R("one") + "\n" + R("two"));
  });

  it("scorel-format §13 case 8: consecutive harness items after a user message are not coalesced", () => {
    const s = session([U("U1", null, 1, "go"), H("H2", "U1", 2, "memory", "system", "a"), H("H3", "H2", 3, "memory", "system", "b")], "p3");
    expect(ctx(s, "H3").messages).toEqual([
      { role: "user", content: [text("go")] },
      metaUser("memory", "system", text(R("a"))),
      metaUser("memory", "system", text(R("b"))),
    ]);
  });

  it("scorel-format §13 case 9: a harness item as the root gives a leading reminder-only user message", () => {
    const s = session([H("H1", null, 1, "skill_listing", "system", "skills", "hidden"), U("U2", "H1", 2, "hi")]);
    const c = ctx(s, "U2");
    expect(c.sourceIds).toEqual([["H1"], ["U2"]]);
    expect(c.messages[0]).toEqual(
      metaUser("skill_listing", "system", {
        type: "system_reminder",
        kind: "skill_listing",
        origin: "system",
        text: "skills",
        visibility: "model",
        scope: "session",
      }),
    );
    expect(
      texts(
        session(
          s.events.map((e) => e.raw),
          "p4",
        ),
        "U2",
      ),
    ).toEqual([R("skills"), "hi"]);
  });

  it("scorel-format §13 case 10: P5 date_change/hidden → block kind time, visibility model, scope turn", () => {
    const s = session([U("U1", null, 1, "hi"), H("H2", "U1", 2, "date_change", "system", "d", "hidden")]);
    expect((ctx(s, "H2").messages[1].content as any)[0]).toEqual({
      type: "system_reminder",
      kind: "time",
      origin: "system",
      text: "d",
      visibility: "model",
      scope: "turn",
    });
  });

  it("scorel-format §13 case 11: P5 unknown harness kind → block kind runtime_notice, scope session", () => {
    const s = session([U("U1", null, 1, "hi"), H("H2", "U1", 2, "foo", "system", "x")]);
    const block = (ctx(s, "H2").messages[1].content as any)[0];
    expect(block.kind).toBe("runtime_notice");
    expect(block.scope).toBe("session");
    expect(msgs(s, "H2")[1].reminders).toEqual([{ kind: "runtime_notice", origin: "system", sourceId: "H2" }]);
  });

  it("scorel-format §13 case 12: result {text} without array content: P4/P5 reduce to {content: []} and merge; P3 keeps it and cannot merge", () => {
    const raws = [U("U1", null, 1, "go"), TR("T2", "U1", 2, [toolResult({ text: "x" })]), H("H3", "T2", 3, "steer", "user", "s")];
    for (const p of ["p4a", "p4"] as const) {
      const c = ctx(session(raws, p), "H3");
      expect(c.messages).toHaveLength(2);
      expect((c.messages[1].content as any)[0].result).toEqual({ content: [text("\n\n" + R("s"))] });
    }
    const c5 = ctx(session(raws, "p5"), "H3");
    expect((c5.messages[1].content as any)[0].result.content).toHaveLength(1);
    expect((c5.messages[1].content as any)[0].result.content[0].type).toBe("system_reminder");
    const c3 = ctx(session(raws, "p3"), "H3");
    expect(c3.messages).toHaveLength(3);
    expect((c3.messages[1].content as any)[0].result).toEqual({ text: "x" });
    expect(c3.messages[2]).toEqual(metaUser("steer", "user", text(R("s"))));
  });

  it("scorel-format §13 case 13: P4+ drops result details; P3 keeps them; the JSONL keeps them", () => {
    const raws = [U("U1", null, 1, "go"), TR("T2", "U1", 2, [toolResult({ content: [text("clean")], details: { diff: "+1" } })])];
    for (const p of ["p4a", "p4", "p5"] as const) {
      expect((ctx(session(raws, p), "T2").messages[1].content as any)[0].result).toEqual({ content: [text("clean")] });
    }
    expect((ctx(session(raws, "p3"), "T2").messages[1].content as any)[0].result).toEqual({ content: [text("clean")], details: { diff: "+1" } });
    expect((raws[1] as any).message.content[0].result.details).toEqual({ diff: "+1" });
  });

  it("scorel-format §13 case 14: a string result is copied as-is, cannot take a merge, and its provider text is JSON", () => {
    const raws = [U("U1", null, 1, "go"), TR("T2", "U1", 2, [toolResult("ok")]), H("H3", "T2", 3, "steer", "user", "s")];
    for (const p of ["p3", "p4", "p5"] as const) {
      const s = session(raws, p);
      const c = ctx(s, "H3");
      expect(c.messages).toHaveLength(3);
      expect((c.messages[1].content as any)[0].result).toBe("ok");
      expect(c.sourceIds[2]).toEqual(["H3"]);
      expect(texts(s, "H3")[1]).toBe('"ok"');
    }
  });

  it("scorel-format §13 case 15: with two tool_result blocks the reminder goes into the last block with array content", () => {
    const first = toolResult({ content: [text("a")] }, "c1");
    const raws = [U("U1", null, 1, "go"), TR("T2", "U1", 2, [first, toolResult("plain", "c2")]), H("H3", "T2", 3, "steer", "user", "s")];
    const c = ctx(session(raws, "p4"), "H3");
    expect((c.messages[1].content as any)[0].result.content).toEqual([text("a"), text("\n\n" + R("s"))]);
    expect((c.messages[1].content as any)[1].result).toBe("plain");
    const both = [U("U1", null, 1, "go"), TR("T2", "U1", 2, [first, toolResult({ content: [text("b")] }, "c2")]), H("H3", "T2", 3, "steer", "user", "s")];
    const c2 = ctx(session(both, "p4"), "H3");
    expect((c2.messages[1].content as any)[0].result.content).toEqual([text("a")]);
    expect((c2.messages[1].content as any)[1].result.content).toEqual([text("b"), text("\n\n" + R("s"))]);
    expect(texts(session(both, "p4"), "H3")[1]).toBe("a\nb\n\n\n" + R("s"));
  });

  it("scorel-format §13 case 16: branches build each root path separately", () => {
    const s = session([U("U1", null, 1, "root"), A("A2", "U1", 2, "first branch"), A("A3", "U1", 3, "second branch")]);
    expect(texts(s, "A3")).toEqual(["root", "second branch"]);
    expect(texts(s, "A2")).toEqual(["root", "first branch"]);
  });

  it("scorel-format §13 case 17: a queue_update between events changes nothing in the context", () => {
    const s = session([
      U("U1", null, 1, "go"),
      Q("Q2", 2, [{ id: "q", content: [text("later")], createdAt: 1, updatedAt: 1, clientId: "c" }]),
      A("A2", "U1", 3, "ok"),
    ]);
    expect(ids(s, "A2")).toEqual([["U1"], ["A2"]]);
  });

  it('scorel-format §13 case 18: building at a control event id returns invalid_parent "Unknown event id"', () => {
    const s = session([IS("IS1", 1, ["b"]), U("U1", null, 2, "go"), Q("Q2", 3)]);
    for (const id of ["IS1", "Q2", "nope"]) {
      const c = ctx(s, id);
      expect(c.error).toEqual({ code: "invalid_parent", message: "Unknown event id" });
      expect(c.messages).toEqual([]);
      expect(c.sourceIds).toEqual([]);
    }
  });

  it("scorel-format §13 case 19: a tree event parented to a control event is not a node: building at it is invalid_parent", () => {
    const s = session([U("U1", null, 1, "go"), Q("Q2", 2), A("A3", "Q2", 3, "orphan")]);
    expect(ctx(s, "A3").error?.code).toBe("invalid_parent");
    expect(ids(s, "U1")).toEqual([["U1"]]);
  });

  it("scorel-format §13 case 20: a second null-parent event is no node of the loaded tree; the first root's context is unaffected", () => {
    const s = session([U("U1", null, 1, "go"), U("U2", null, 2, "again"), A("A3", "U1", 3, "ok")]);
    expect(ctx(s, "U2").error).toEqual({ code: "invalid_parent", message: "Unknown event id" });
    expect(ids(s, "A3")).toEqual([["U1"], ["A3"]]);
  });
});
