// scorel-format §15: corrections found by running the shipped code (they override earlier paragraphs).
import { describe, expect, it } from "vitest";
import { A, AT, C, H, T, U, UC, X, ctx, ids, session, text } from "./builders.js";

describe("scorel-format §15 corrections", () => {
  it("scorel-format §15.1: P5 copies harness data only when truthy, with an object spread", () => {
    const dataOf = (data: unknown) => {
      const s = session([U("U1", null, 1, "q"), H("H2", "U1", 2, "memory", "system", "m", "hidden", data)]);
      return (ctx(s, "H2").messages[1].content as any)[0];
    };
    expect(dataOf("abc").data).toEqual({ 0: "a", 1: "b", 2: "c" });
    expect(dataOf([1, 2]).data).toEqual({ 0: 1, 1: 2 });
    expect(dataOf(7).data).toEqual({});
    expect(dataOf({ date: "d" }).data).toEqual({ date: "d" });
    for (const falsy of [false, 0, "", null]) expect("data" in dataOf(falsy)).toBe(false);
  });

  it("scorel-format §15.1: stored system_reminder blocks get the same data spread", () => {
    const block = (data: unknown) => ({
      type: "system_reminder",
      kind: "message_ref",
      origin: "system",
      text: "t",
      visibility: "model",
      scope: "message",
      data,
    });
    const s = session([UC("U1", null, 1, [text("q"), block("ab")]), UC("U2", "U1", 2, [block(null)])]);
    const c = ctx(s, "U2");
    expect((c.messages[0].content as any)[1].data).toEqual({ 0: "a", 1: "b" });
    expect("data" in (c.messages[1].content as any)[0]).toBe(false);
  });

  it('scorel-format §15.2: a truthy meta is object-spread; null, 0 and "" stay as they are', () => {
    const metaOf = (meta: unknown) => ctx(session([U("U1", null, 1, "q", meta)]), "U1").messages[0].meta;
    expect(metaOf("ab")).toEqual({ 0: "a", 1: "b" });
    expect(metaOf(["x", "y"])).toEqual({ 0: "x", 1: "y" });
    expect(metaOf(null)).toBeNull();
    expect(metaOf(0)).toBe(0);
    expect(metaOf("")).toBe("");
  });

  it("scorel-format §15.3: P4a has no context_control (the loader rejects it); P4b applies it", () => {
    const raws = [U("U1", null, 1, "u1"), A("A2", "U1", 2, "a2"), U("U3", "A2", 3, "u3"), X("X4", 4, "U1", "A2"), A("A5", "U3", 5, "a5")];
    expect(ids(session(raws, "p4a"), "A5")).toHaveLength(4);
    expect(ids(session(raws, "p4"), "A5")).toEqual([["U3"], ["A5"]]);
  });

  it('scorel-format §15.4 / §14: buildContext unions every span (no "same anchor replaces")', () => {
    const raws = [
      U("U1", null, 1, "u1"),
      A("A2", "U1", 2, "a2"),
      U("U3", "A2", 3, "u3"),
      A("A4", "U3", 4, "a4"),
      U("U5", "A4", 5, "u5"),
      X("X6", 6, "U3", "A4"),
      X("X7", 7, "U3", "U3"),
      A("A8", "U5", 8, "a8"),
    ];
    expect(ids(session(raws), "A8")).toEqual([["U1"], ["A2"], ["U5"], ["A8"]]);
  });

  it("scorel-format §15.5: a non-integer retainedEventCount finds no window start: nothing is retained", () => {
    const raws = [
      U("U1", null, 1, "u1"),
      A("A2", "U1", 2, "a2"),
      U("U3", "A2", 3, "u3"),
      AT("A4", "U3", 4),
      T("T5", "A4", 5, "t5"),
      A("A6", "T5", 6, "a6"),
      C("C7", "A6", 7, "A6", "s", 2.5),
      U("U8", "C7", 8, "u8"),
    ];
    expect(ids(session(raws), "U8")).toEqual([["C7"], ["U8"]]);
    // a non-numeric count behaves the same (NaN indexes); a negative one is "≤ 0"
    for (const n of ["x", undefined, -3]) {
      const r = raws.slice();
      r[6] = C("C7", "A6", 7, "A6", "s", n);
      expect(ids(session(r), "U8")).toEqual([["C7"], ["U8"]]);
    }
  });

  it("scorel-format invariant 13: a string message.content makes the shipped builder fail (returned as a type_error)", () => {
    const s = session([UC("U1", null, 1, "plain"), A("A2", "U1", 2, "a")]);
    const c = ctx(s, "A2");
    expect(c.error).toMatchObject({ code: "type_error", eventId: "U1" });
    expect(c.messages).toEqual([]);
    // hidden, the bad message is never copied
    const hidden = session([U("U0", null, 1, "ok"), UC("U1", "U0", 2, "plain"), U("U2", "U1", 3, "next"), X("X4", 4, "U1", "U1"), A("A5", "U2", 5, "a")]);
    expect(ids(hidden, "A5")).toEqual([["U0"], ["U2"], ["A5"]]);
  });
});
