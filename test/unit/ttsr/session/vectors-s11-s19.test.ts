import { describe, expect, it } from "vitest";
import { R, kinds, names, ofKind, persisted, setup, text, tool, vectorProfile } from "./builders.js";
import type { Effect } from "../../../../src/ttsr/session/types.js";

describe("ttsr-spec §14 session vectors S11–S19", () => {
  it("ttsr-spec §14 S11: write's matcherDigest lets a real-newline condition match (v17); seed sees JSON-escaped text", () => {
    const r = R("two-lines", "line1\nline2", { scope: ["tool:write(*.ts)"] });
    const args = { path: "a.ts", content: "line1\nline2" };
    const v17 = setup([r], { interruptMode: "never" }, "v17");
    v17.c.turnStart();
    const d = v17.c.delta(tool("w1", "write", args));
    expect(ofKind(d.effects, "match").map((e) => e.rules.map((x) => x.decision))).toEqual([["tool"]]);
    expect(v17.m.getBuffer({ source: "tool", streamKey: "toolcall:w1" })).toBe("line1\nline2");
    v17.c.assistantMessageEnd("toolUse");
    expect(v17.c.afterToolCall("w1", [{ type: "text", text: "Wrote a.ts" }]).content).toEqual([
      { type: "text", text: v17.render.toolReminder(r) },
      { type: "text", text: "Wrote a.ts" },
    ]);
    const seed = setup([r], { interruptMode: "never" }, "seed");
    seed.c.turnStart();
    expect(seed.c.delta(tool("w1", "write", args)).effects).toEqual([]);
    expect(seed.m.getBuffer({ source: "tool", streamKey: "toolcall:w1" })).toBe(JSON.stringify(args));
  });

  it("ttsr-spec §14 S12: path derivation against the recorded cwd: absolute path gives a relative candidate; *paths arrays count", () => {
    const edit = R("src-ts", "x", { scope: ["tool:edit(src/*.ts)"] });
    const multi = R("md", "x", { scope: ["tool:multi(*.md)"] });
    const { c } = setup([edit, multi], { interruptMode: "never" }, "seed", "/proj");
    c.turnStart();
    const a = c.delta(tool("e1", "edit", { path: "/proj/src/a.ts" }, "x"));
    const b = c.delta(tool("m1", "multi", { targetPaths: ["./docs/README.md"] }, "x"));
    expect(ofKind(a.effects, "match").flatMap((e) => e.rules.map((x) => x.rule.name))).toEqual(["src-ts"]);
    expect(ofKind(b.effects, "match").flatMap((e) => e.rules.map((x) => x.rule.name))).toEqual(["md"]);
  });

  // v18 announces a stream key's rules once per turn (docs/ttsr.md §17.4, v18-session.test.ts).
  it.skipIf(vectorProfile.current === "v18")(
    "ttsr-spec §14 S13: after-gap with gap 0 on two siblings: three events, only the first tool gets the reminder",
    () => {
      const r = R("r", "a|b", { scope: ["tool"] });
      const { c } = setup([r], { interruptMode: "never", repeatMode: "after-gap", repeatGap: 0 });
      c.turnStart();
      const all: Effect[] = [];
      all.push(...c.delta(tool("ta", "bash", {}, "a")).effects);
      all.push(...c.delta(tool("ta", "bash", {}, "a")).effects);
      all.push(...c.delta(tool("tb", "bash", {}, "b")).effects);
      expect(ofKind(all, "ttsr_triggered")).toHaveLength(3);
      expect(ofKind(all, "match").map((e) => [e.toolCallId, e.rules[0].decision])).toEqual([
        ["ta", "tool"],
        ["ta", "tool"],
        ["tb", "claimed-elsewhere"],
      ]);
      c.assistantMessageEnd("toolUse");
      expect(c.afterToolCall("ta", [{ type: "text", text: "A" }]).content).toHaveLength(2);
      expect(c.afterToolCall("tb", [{ type: "text", text: "B" }]).content).toBeUndefined();
    },
  );

  it("ttsr-spec §14 S14: text then tool in one message: double delivery (tool reminder and a deferred follow-up)", () => {
    const r = R("r", "x");
    const { c } = setup([r], { interruptMode: "never" });
    c.turnStart();
    c.delta(text("x"));
    c.delta(tool("ta", "bash", {}, "x"));
    const end = c.assistantMessageEnd("toolUse");
    expect(ofKind(end, "follow_up").map((e) => e.message.details.rules)).toEqual([["r"]]);
    expect(c.afterToolCall("ta", [{ type: "text", text: "out" }]).content).toHaveLength(2);
  });

  it("ttsr-spec §14 S15: tool then text: only the tool reminder (the mark silences the text)", () => {
    const r = R("r", "x");
    const { c } = setup([r], { interruptMode: "never" });
    c.turnStart();
    c.delta(tool("ta", "bash", {}, "x"));
    expect(c.delta(text("x")).effects).toEqual([]);
    const end = c.assistantMessageEnd("toolUse");
    expect(ofKind(end, "follow_up")).toEqual([]);
    expect(c.afterToolCall("ta", [{ type: "text", text: "out" }]).content).toHaveLength(2);
  });

  it("ttsr-spec §14 S16: tool-only: the text match is deferred, the tool match interrupts naming only its batch, injected once", () => {
    const r = R("x", "x");
    const { c, render } = setup([r], { interruptMode: "tool-only" });
    c.turnStart();
    const t = c.delta(text("x"));
    expect(t.consumed).toBe(false);
    expect(ofKind(t.effects, "match")[0].rules[0].decision).toBe("deferred");
    const d = c.delta(tool("t1", "bash", {}, "x"));
    expect(d.consumed).toBe(true);
    expect(ofKind(d.effects, "abort")[0].errorMessage).toBe("TTSR matched rule: x");
    c.assistantMessageEnd("aborted");
    c.turnEnd();
    const eff = c.runInterruptTask(ofKind(d.effects, "schedule_interrupt")[0].token);
    expect(ofKind(eff, "inject")).toEqual([{ kind: "inject", mode: "interrupt", rules: ["x"], text: render.interrupt(r) }]);
  });

  // v18 checks toolcall_end (docs/ttsr.md §17.2, v18-session.test.ts).
  it.skipIf(vectorProfile.current === "v18")("ttsr-spec §14 S17: end updates (toolcall_end, text_end) are never checked, only *_delta", () => {
    const r = R("r", "bad");
    const { c, m } = setup([r], { interruptMode: "always" });
    c.turnStart();
    const a = c.messageUpdate({ type: "toolcall_end", delta: "bad", contentIndex: 0, toolCall: { id: "t1", name: "bash", arguments: { command: "bad" } } });
    const b = c.messageUpdate({ type: "text_end", delta: "bad" });
    expect([a, b]).toEqual([
      { consumed: false, effects: [], streams: [] },
      { consumed: false, effects: [], streams: [] },
    ]);
    expect(m.getBuffer({ source: "text" })).toBeUndefined();
    expect(c.messageUpdate({ type: "text_delta", delta: "bad" }).consumed).toBe(true);
  });

  it("ttsr-spec §14 S18: no rules: a text delta returns false and buffers nothing", () => {
    const { c, m } = setup([]);
    c.turnStart();
    expect(c.delta(text("anything"))).toEqual({ consumed: false, effects: [], streams: [] });
    expect(m.getBuffer({ source: "text" })).toBeUndefined();
  });

  it("ttsr-spec §14 S19: a second interrupt before the abort lands aborts again; only the newest task injects [a,b]", () => {
    const a = R("a", "x");
    const b = R("b", "y");
    const { c, render } = setup([a, b], { interruptMode: "always" });
    c.turnStart();
    const first = c.delta(text("x"));
    const second = c.delta(text("y"));
    expect(ofKind(first.effects, "abort")[0].errorMessage).toBe("TTSR matched rule: a");
    expect(ofKind(second.effects, "abort")[0].errorMessage).toBe("TTSR matched rules: a, b");
    const tokens = [...ofKind(first.effects, "schedule_interrupt"), ...ofKind(second.effects, "schedule_interrupt")].map((e) => e.token);
    expect(tokens).toEqual([1, 2]);
    c.assistantMessageEnd("aborted");
    c.turnEnd();
    expect(c.runInterruptTask(tokens[0])).toEqual([{ kind: "resolve_gate" }]);
    const last = c.runInterruptTask(tokens[1]);
    expect(kinds(last)).toContain("append_message");
    expect(persisted(last)).toEqual([
      {
        type: "custom_message",
        customType: "ttsr-injection",
        content: `${render.interrupt(a)}\n\n${render.interrupt(b)}`,
        display: false,
        details: { rules: ["a", "b"] },
        attribution: "agent",
      },
      { type: "ttsr_injection", injectedRules: ["a", "b"] },
    ]);
    expect(names(ofKind(second.effects, "ttsr_triggered")[0].rules)).toEqual(["a", "b"]);
  });

  it("ttsr-spec §14 S19 (seed): both aborts carry no reason; the newest task injects [a,b] with the v14 template", () => {
    const a = R("a", "x");
    const b = R("b", "y");
    const { c, render } = setup([a, b], { interruptMode: "always" }, "seed");
    c.turnStart();
    const first = c.delta(text("x"));
    const second = c.delta(text("y"));
    expect([...ofKind(first.effects, "abort"), ...ofKind(second.effects, "abort")].map((e) => [e.reason, e.errorMessage])).toEqual([
      [undefined, "Request was aborted"],
      [undefined, "Request was aborted"],
    ]);
    c.assistantMessageEnd("aborted");
    c.turnEnd();
    expect(c.runInterruptTask(1)).toEqual([{ kind: "resolve_gate" }]);
    const injected = ofKind(c.runInterruptTask(2), "inject");
    expect(injected.map((e) => [e.rules, e.text])).toEqual([[["a", "b"], `${render.interrupt(a)}\n\n${render.interrupt(b)}`]]);
    expect(injected[0].text.split("\n")[1]).toBe("Your output was interrupted because it violated a user-defined rule.");
  });
});
