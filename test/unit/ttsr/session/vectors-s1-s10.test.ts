import { describe, expect, it } from "vitest";
import { R, kinds, names, ofKind, persisted, setup, text, tool, vectorProfile, withMode } from "./builders.js";
import type { Effect } from "../../../../src/ttsr/session/types.js";

describe("ttsr-spec §14 session vectors S1–S10", () => {
  it("ttsr-spec §14 S1: interruptMode never, two rules fold onto t1 once; t2 and a second t1 call unchanged", () => {
    const noAny = R("no-any", "any", { scope: ["tool:edit(*.ts)"] });
    const noConsole = R("no-console", "console", { scope: ["tool"] });
    const { c, m, render } = setup([noAny, noConsole], { interruptMode: "never" });
    c.turnStart();
    const d1 = c.delta(tool("t1", "edit", { path: "a.ts" }, "…any console"));
    const d2 = c.delta(tool("t2", "edit", { path: "b.ts" }, "…any console"));
    const end = c.assistantMessageEnd("toolUse");
    const f1 = c.afterToolCall("t1", [{ type: "text", text: "OK1" }]);
    const f2 = c.afterToolCall("t2", [{ type: "text", text: "OK2" }]);
    const f1again = c.afterToolCall("t1", [{ type: "text", text: "OK1" }]);
    const all: Effect[] = [...d1.effects, ...d2.effects, ...end, ...f1.effects, ...f2.effects, ...f1again.effects];
    expect(ofKind(all, "abort")).toEqual([]);
    expect(ofKind(all, "ttsr_triggered").map((e) => names(e.rules))).toEqual([["no-any", "no-console"]]);
    expect(f1.content).toEqual([
      { type: "text", text: `${render.toolReminder(noAny)}\n\n${render.toolReminder(noConsole)}` },
      { type: "text", text: "OK1" },
    ]);
    expect(f2.content).toBeUndefined();
    expect(f1again.content).toBeUndefined();
    expect(persisted(all)).toEqual([{ type: "ttsr_injection", injectedRules: ["no-any", "no-console"] }]);
    expect(m.getInjectedRuleNames()).toEqual(["no-any", "no-console"]);
  });

  it("ttsr-spec §14 S2: bucket cleared on an aborted end, nothing persisted, and the mark stays (t9 gets no match)", () => {
    const r = R("r", "bad", { scope: ["tool"] });
    const { c, m } = setup([r], { interruptMode: "never" });
    c.turnStart();
    expect(ofKind(c.delta(tool("t1", "bash", { command: "bad" })).effects, "match")[0].rules[0].decision).toBe("tool");
    const end = c.assistantMessageEnd("aborted");
    expect(ofKind(end, "dropped")).toEqual([{ kind: "dropped", why: "bucket", rules: [r], toolCallId: "t1" }]);
    const fold = c.afterToolCall("t1", [{ type: "text", text: "out" }]);
    expect(fold).toEqual({ effects: [] });
    c.turnEnd();
    c.turnStart();
    const next = c.delta(tool("t9", "bash", { command: "bad" }));
    expect(next.effects).toEqual([]);
    expect(m.getInjectedRuleNames()).toEqual(["r"]);
  });

  // v18's follow-up also carries a deliveryId (docs/ttsr.md §17.5, v18-session.test.ts).
  it.skipIf(vectorProfile.current === "v18")(
    "ttsr-spec §14 S3: a deferred text rule is sent as a follow-up (interrupt template) and marked only on delivery",
    () => {
      const r = R("no-sorry", "sorry");
      const { c, m, render } = setup([r], { interruptMode: "never" });
      c.turnStart();
      const a = c.delta(text("I am sorry"));
      const b = c.delta(text(" again sorry"));
      expect(kinds([...a.effects, ...b.effects]).filter((k) => k !== "match")).toEqual([]);
      expect(c.pendingNames).toEqual(["no-sorry"]);
      const end = c.assistantMessageEnd("stop");
      const followUps = ofKind(end, "follow_up");
      expect(followUps).toHaveLength(1);
      expect(followUps[0].message).toEqual({
        role: "custom",
        customType: "ttsr-injection",
        content: render.interrupt(r),
        display: false,
        details: { rules: ["no-sorry"] },
        attribution: "agent",
      });
      expect(followUps[0].message.content.startsWith("<system-interrupt ")).toBe(true);
      expect(ofKind(end, "schedule_continue")).toEqual([{ kind: "schedule_continue", delayMs: 1 }]);
      expect(m.getInjectedRuleNames()).toEqual([]);
      const delivered = c.customMessageEnd({
        customType: "ttsr-injection",
        content: followUps[0].message.content,
        details: { rules: ["no-sorry", 7, " no-sorry "] },
      });
      expect(persisted(delivered)).toEqual([
        {
          type: "custom_message",
          customType: "ttsr-injection",
          content: render.interrupt(r),
          display: false,
          details: { rules: ["no-sorry", 7, " no-sorry "] },
          attribution: "agent",
        },
        { type: "ttsr_injection", injectedRules: ["no-sorry"] },
      ]);
      expect(m.getInjectedRuleNames()).toEqual(["no-sorry"]);
    },
  );

  it("ttsr-spec §14 S4: a deferred match is dropped on an error end; a later stop end queues nothing", () => {
    const r = R("r", "bad");
    const { c, m } = setup([r], { interruptMode: "never" });
    c.turnStart();
    c.delta(text("bad"));
    const err = c.assistantMessageEnd("error");
    expect(ofKind(err, "dropped")).toEqual([{ kind: "dropped", why: "pending", rules: [r] }]);
    const stop = c.assistantMessageEnd("stop");
    expect(ofKind([...err, ...stop], "follow_up")).toEqual([]);
    expect(persisted([...err, ...stop])).toEqual([]);
    expect(m.getInjectedRuleNames()).toEqual([]);
  });

  // Host state for S5/S6: the agent messages the interrupt task edits.
  function runS5(contextMode: "discard" | "keep", profile: "seed" | "v17") {
    const r1 = R("r1", "bad");
    const r2 = R("r2", "ba");
    const r3 = R("r3", "bad", { scope: ["thinking"] });
    const { c, m, render } = setup([r1, r2, r3], { interruptMode: "always", contextMode }, profile);
    const state: { role: string; timestamp?: number }[] = [{ role: "user" }, { role: "assistant", timestamp: 100 }];
    c.turnStart();
    const d = c.delta(text("bad"));
    const task = ofKind(d.effects, "schedule_interrupt")[0];
    c.assistantMessageEnd("aborted");
    c.turnEnd();
    const eff = c.runInterruptTask(task.token, { targetFound: true });
    const target = state.findLastIndex((x) => x.role === "assistant" && x.timestamp === 100);
    for (const e of eff) {
      if (e.kind === "replace_messages") state.splice(target);
      if (e.kind === "append_message") state.push({ role: e.message.role });
    }
    return { d, task, eff, state, m, expected: `${render.interrupt(r1)}\n\n${render.interrupt(r2)}` };
  }

  it("ttsr-spec §14 S5: always + discard: abort naming the batch, event, 50 ms task, discard, custom message, records, continue", () => {
    const v17 = runS5("discard", "v17");
    expect(v17.d.consumed).toBe(true);
    expect(ofKind(v17.d.effects, "abort")).toEqual([{ kind: "abort", reason: "TTSR matched rules: r1, r2", errorMessage: "TTSR matched rules: r1, r2" }]);
    expect(ofKind(v17.d.effects, "ttsr_triggered").map((e) => names(e.rules))).toEqual([["r1", "r2"]]);
    expect(v17.task).toEqual({ kind: "schedule_interrupt", token: 1, delayMs: 50 });
    expect(kinds(v17.eff)).toEqual(["replace_messages", "inject", "append_message", "persist", "mark", "persist", "continue"]);
    expect(persisted(v17.eff)).toEqual([
      { type: "custom_message", customType: "ttsr-injection", content: v17.expected, display: false, details: { rules: ["r1", "r2"] }, attribution: "agent" },
      { type: "ttsr_injection", injectedRules: ["r1", "r2"] },
    ]);
    expect(v17.state).toEqual([{ role: "user" }, { role: "custom" }]);
    const seed = runS5("discard", "seed");
    expect(ofKind(seed.d.effects, "abort")).toEqual([{ kind: "abort", reason: undefined, errorMessage: "Request was aborted" }]);
  });

  it("ttsr-spec §14 S6: always + keep: no replaceMessages; state keeps the partial assistant", () => {
    const keep = runS5("keep", "v17");
    expect(kinds(keep.eff)).not.toContain("replace_messages");
    expect(keep.state).toEqual([{ role: "user" }, { role: "assistant", timestamp: 100 }, { role: "custom" }]);
    expect(keep.m.getInjectedRuleNames()).toEqual(["r1", "r2"]);
  });

  it("ttsr-spec §14 S7: a tool-source interrupt gets a tool-scoped abort reason (v17); seed aborts with no reason", () => {
    const r1 = R("r1", "bad", { scope: ["tool"] });
    const v17 = setup([r1], { interruptMode: "always" });
    v17.c.turnStart();
    expect(ofKind(v17.c.delta(tool("t1", "bash", { command: "bad" })).effects, "abort")[0].reason).toEqual({
      kind: "tool-scoped-abort",
      message: "TTSR matched rule: r1",
      toolCallMessages: { t1: "TTSR matched rule: r1" },
      defaultToolCallMessage: "TTSR interrupt on another tool call",
    });
    const seed = setup([r1], { interruptMode: "always" }, "seed");
    seed.c.turnStart();
    expect(ofKind(seed.c.delta(tool("t1", "bash", { command: "bad" })).effects, "abort")[0].reason).toBeUndefined();
  });

  it("ttsr-spec §14 S8: prose-only does not interrupt a tool match; the reminder is folded into t1", () => {
    const r1 = R("r1", "bad");
    const { c, render } = setup([r1], { interruptMode: "prose-only" });
    c.turnStart();
    const d = c.delta(tool("t1", "bash", { command: "bad" }));
    expect(ofKind(d.effects, "abort")).toEqual([]);
    expect(c.bucketNames("t1")).toEqual(["r1"]);
    c.assistantMessageEnd("toolUse");
    const f = c.afterToolCall("t1", [{ type: "text", text: "ran" }]);
    expect(f.content).toEqual([
      { type: "text", text: render.toolReminder(r1) },
      { type: "text", text: "ran" },
    ]);
    expect(persisted(f.effects)).toEqual([{ type: "ttsr_injection", injectedRules: ["r1"] }]);
  });

  it("ttsr-spec §14 S9: global never, one rule with its own always: one interrupt carrying both rules", () => {
    const quiet = R("quiet", "bad");
    const loud = withMode(R("loud", "bad"), "always");
    const { c, render } = setup([quiet, loud], { interruptMode: "never" });
    c.turnStart();
    const d = c.delta(tool("t1", "bash", { command: "bad" }));
    expect(d.consumed).toBe(true);
    c.assistantMessageEnd("aborted");
    c.turnEnd();
    const eff = c.runInterruptTask(ofKind(d.effects, "schedule_interrupt")[0].token);
    expect(persisted(eff).filter((p) => p.type === "custom_message")).toEqual([
      {
        type: "custom_message",
        customType: "ttsr-injection",
        content: `${render.interrupt(quiet)}\n\n${render.interrupt(loud)}`,
        display: false,
        details: { rules: ["quiet", "loud"] },
        attribution: "agent",
      },
    ]);
  });

  it("ttsr-spec §14 S10: a tool call with an empty id gets no bucket; the match is deferred to a follow-up", () => {
    const r = R("r", "bad");
    const { c } = setup([r], { interruptMode: "never" });
    c.turnStart();
    const d = c.delta(tool("", "bash", { command: "bad" }));
    expect(ofKind(d.effects, "match")[0]).toMatchObject({ streamKey: "tool:bash:0", rules: [{ rule: r, decision: "deferred" }] });
    expect(ofKind(d.effects, "ttsr_triggered")).toEqual([]);
    expect(c.bucketNames("")).toBeUndefined();
    const end = c.assistantMessageEnd("toolUse");
    expect(ofKind(end, "follow_up").map((e) => e.message.details.rules)).toEqual([["r"]]);
  });
});
