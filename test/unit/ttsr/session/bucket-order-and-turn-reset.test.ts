// Two session-layer facts the §14 vectors leave implicit: a tool call's bucket keeps its rules in match order
// (ttsr-spec §9.4, §9.8), and turn_start clears every stream buffer (§9.1 "Buffers are reset only at
// turn_start", §8.8).
import { describe, expect, it } from "vitest";
import { R, names, ofKind, persisted, setup, text, tool } from "./builders.js";

describe("ttsr-spec §9.4/§9.8: one tool call's reminders in the order its rules matched", () => {
  it("rules matched on later deltas follow earlier ones, whatever their registration order; one delta's batch keeps registration order", () => {
    const [a, b, c, d] = [
      R("a", "alpha", { scope: ["tool"] }),
      R("b", "bravo", { scope: ["tool"] }),
      R("c", "charlie", { scope: ["tool"] }),
      R("d", "delta", { scope: ["tool"] }),
    ];
    const { c: co, render } = setup([a, b, c, d], { interruptMode: "never" });
    co.turnStart();
    co.delta(tool("t1", "bash", { command: "charlie" }, "charlie "));
    co.delta(tool("t1", "bash", { command: "charlie alpha" }, "alpha "));
    co.delta(tool("t1", "bash", { command: "charlie alpha delta bravo" }, "delta bravo"));
    expect(co.bucketNames("t1")).toEqual(["c", "a", "b", "d"]);
    co.assistantMessageEnd("toolUse");
    const fold = co.afterToolCall("t1", [{ type: "text", text: "ok" }]);
    expect(fold.content).toEqual([
      { type: "text", text: [c, a, b, d].map((r) => render.toolReminder(r)).join("\n\n") },
      { type: "text", text: "ok" },
    ]);
    expect(persisted(fold.effects)).toEqual([{ type: "ttsr_injection", injectedRules: ["c", "a", "b", "d"] }]);
    expect(ofKind(fold.effects, "inject").map((e) => e.rules)).toEqual([["c", "a", "b", "d"]]);
  });
});

describe("ttsr-spec §9.1: turn_start resets the stream buffers", () => {
  it("a condition split across two turns' text does not match; within one turn it does", () => {
    const rule = R("split", "foobar");
    const { c, m } = setup([rule], { interruptMode: "never" });
    c.turnStart();
    expect(ofKind(c.delta(text("say foo")).effects, "match")).toEqual([]);
    expect(m.getBuffer({ source: "text" })).toBe("say foo");
    c.assistantMessageEnd("stop");
    c.turnEnd();
    c.turnStart();
    expect(m.getBuffer({ source: "text" })).toBeUndefined();
    expect(ofKind(c.delta(text("bar now")).effects, "match")).toEqual([]);
    expect(m.getBuffer({ source: "text" })).toBe("bar now");
    // The same two deltas inside one turn do match: only the turn start separated them.
    expect(ofKind(c.delta(text(" foo")).effects, "match")).toEqual([]);
    expect(ofKind(c.delta(text("bar")).effects, "match").flatMap((e) => names(e.rules.map((r) => r.rule)))).toEqual(["split"]);
  });

  it("tool-call buffers are cleared too: the next turn's call with the same id starts empty", () => {
    const rule = R("push", "git push --force", { scope: ["tool"] });
    const { c, m } = setup([rule], { interruptMode: "never" });
    c.turnStart();
    c.delta(tool("same", "bash", { command: "git push" }, "git push"));
    expect(m.getBuffer({ source: "tool", streamKey: "toolcall:same" })).toBe("git push");
    c.assistantMessageEnd("toolUse");
    c.turnEnd();
    c.turnStart();
    expect(m.getBuffer({ source: "tool", streamKey: "toolcall:same" })).toBeUndefined();
    expect(ofKind(c.delta(tool("same", "bash", { command: " --force" }, " --force")).effects, "match")).toEqual([]);
  });
});
