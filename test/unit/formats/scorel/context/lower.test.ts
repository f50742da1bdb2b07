// scorel-format §9.1 provider lowering into Msg views (design §5 "Msg"), SC-REM5 rendering.
import { describe, expect, it } from "vitest";
import { renderScorelReminder } from "../../../../../src/formats/scorel/context/reminders.js";
import { A, C, H, R, T, TR, U, UC, msgs, session, text, toolResult } from "./builders.js";

describe("scorel-format §9.1 provider lowering", () => {
  it("scorel-format §9.1: renderScorelReminder is the SC-REM5 envelope, whatever the text", () => {
    expect(renderScorelReminder("t")).toBe("<system-reminder>\nt\n</system-reminder>");
    expect(renderScorelReminder("")).toBe("<system-reminder>\n\n</system-reminder>");
    expect(renderScorelReminder("  a\n")).toBe("<system-reminder>\n  a\n\n</system-reminder>");
  });

  it("scorel-format §9.1: user/system text = text blocks and rendered reminders joined with \\n; other blocks dropped; model-visibility text kept", () => {
    const blocks = [
      text("a"),
      { type: "thinking", text: "hmm" },
      { type: "text", text: "b", visibility: "model" },
      { type: "system_reminder", kind: "time", origin: "system", text: "now", visibility: "model", scope: "turn" },
    ];
    const s = session([UC("U1", null, 1, blocks), { ...UC("S2", "U1", 2, [text("sys")]), message: { role: "system", content: [text("sys")] } }]);
    const [u, sys] = msgs(s, "S2");
    expect(u.text).toBe("a\nb\n" + R("now"));
    expect(u.blocks).toEqual(blocks);
    expect(u.role).toBe("user");
    expect(sys.role).toBe("system");
    expect(sys.nativeRole).toBe("system");
    expect(sys.text).toBe("sys");
  });

  it("scorel-format §9.1: assistant text = text blocks and rendered reminders (thinking and tool calls are not text)", () => {
    const s = session([
      U("U1", null, 1, "q"),
      A("A2", "U1", 2, "x", {
        content: [{ type: "thinking", text: "t" }, text("one"), { type: "tool_call", toolCallId: "c", toolName: "r", args: {} }, text("two")],
      }),
    ]);
    expect(msgs(s, "A2")[1].text).toBe("one\ntwo");
  });

  it("scorel-format §9.1: tool_result text per block (items joined with \\n, else JSON), blocks joined with \\n; P4 merged reminder keeps its blank line", () => {
    const s = session([
      U("U1", null, 1, "q"),
      TR("T2", "U1", 2, [
        toolResult({ content: [text("l1"), { type: "image", data: "…" }, text("l2")] }, "c1"),
        toolResult({ n: 1 }, "c2"),
        toolResult([1, 2], "c3"),
      ]),
    ]);
    // P4+ reduce the object result without content to {content: []} (an empty part); P3 keeps it → JSON.
    expect(msgs(s, "T2")[1].text).toBe("l1\nl2\n\n[1,2]");
    expect(
      msgs(
        session(
          s.events.map((e) => e.raw),
          "p3",
        ),
        "T2",
      )[1].text,
    ).toBe('l1\nl2\n{"n":1}\n[1,2]');
    const s4 = session([U("U1", null, 1, "q"), T("T2", "U1", 2, "out"), H("H3", "T2", 3, "steer", "user", "s")], "p4");
    const m = msgs(s4, "H3")[1];
    expect(m.text).toBe("out\n\n\n<system-reminder>\ns\n</system-reminder>");
    expect(m.sourceIds).toEqual(["T2", "H3"]);
    expect(m.reminders).toEqual([{ kind: "steer", origin: "user", sourceId: "H3" }]);
    // P5 merges a block: one newline only (§7.5 separator caveat)
    const s5 = session(
      s4.events.map((e) => e.raw),
      "p5",
    );
    expect(msgs(s5, "H3")[1].text).toBe("out\n<system-reminder>\ns\n</system-reminder>");
  });

  it("scorel-format §9.1: reminder kinds — P3/P4 keep the harness kind, P5 the block kind; summaries carry the raw summary", () => {
    const raws = [
      U("U1", null, 1, "q"),
      H("H2", "U1", 2, "date_change", "system", "d", "hidden"),
      C("C3", "H2", 3, "H2", "  raw sum  ", 0),
      U("U4", "C3", 4, "next"),
    ];
    const p4 = msgs(session(raws, "p4"), "H2");
    expect(p4[1].reminders).toEqual([{ kind: "date_change", origin: "system", sourceId: "H2" }]);
    expect(p4[1].text).toBe(R("d"));
    const p5 = msgs(session(raws, "p5"), "H2");
    expect(p5[1].reminders).toEqual([{ kind: "time", origin: "system", sourceId: "H2" }]);
    expect(p5[1].text).toBe(R("d"));
    const after = msgs(session(raws, "p5"), "U4");
    expect(after[0].summary).toBe("  raw sum  ");
    expect(after[0].reminders).toEqual([{ kind: "compact_summary", origin: "system", sourceId: "C3" }]);
    expect(after[0].text).toBe(
      R("Earlier session context has been compacted.\n\nraw sum\n\nUse this summary as continuity context. Verify current repository facts before acting."),
    );
    expect(after[0].sourceIds).toEqual(["C3"]);
  });
});
