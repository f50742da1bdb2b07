// Agreement compares the whole decision (ttsr-spec §11.2, §12): rules, delivery (interrupt, deferred follow-up and
// the response it came after, tool reminder and its call), text and order — not only the injected text.
import { describe, expect, it } from "vitest";
import { parsePi } from "../../../../src/formats/pi/parse.js";
import { renderRule } from "../../../../src/ttsr/templates.js";
import { simulateTtsr } from "../../../../src/ttsr/simulate/simulate.js";
import { attachEvidence } from "../../../../src/ttsr/simulate/agree.js";
import type { EvidenceItem } from "../../../../src/ttsr/simulate/evidence.js";
import type { SimTurn, SimulateOptions } from "../../../../src/ttsr/simulate/types.js";
import type { Rule } from "../../../../src/ttsr/types.js";

function session(...entries: Record<string, unknown>[]) {
  const lines = [JSON.stringify({ type: "session", version: 3, id: "s", timestamp: "2026-01-01T00:00:00.000Z", cwd: "/proj" })];
  entries.forEach((e, i) => lines.push(JSON.stringify({ id: `e${i + 1}`, parentId: i === 0 ? null : `e${i}`, timestamp: "2026-01-01T00:00:01.000Z", ...e })));
  return parsePi(lines.join("\n") + "\n", { file: "s.jsonl", profile: "omp17" });
}
const user = (text: string) => ({ type: "message", message: { role: "user", content: [{ type: "text", text }] } });
const assistant = (content: unknown[], stopReason: string) => ({ type: "message", message: { role: "assistant", content, stopReason } });
const call = (id: string, command: string) => ({ type: "toolCall", id, name: "bash", arguments: { command } });
const R = (name: string, condition: string, extra: Partial<Rule> = {}): Rule => ({
  name,
  path: `/proj/.omp/rules/${name}.md`,
  content: `Body of ${name}.`,
  condition: [condition],
  ...extra,
});
const interruptText = (r: Rule) => renderRule(r, { profile: "v17", cwd: "/proj", template: "interrupt" });
const reminderText = (r: Rule) => renderRule(r, { profile: "v17", cwd: "/proj", template: "tool-reminder" });
const custom = (rule: Rule) => [
  { type: "custom_message", customType: "ttsr-injection", content: interruptText(rule), display: false, details: { rules: [rule.name] }, attribution: "agent" },
  { type: "ttsr_injection", injectedRules: [rule.name] },
];
const result = (toolCallId: string, text: string, reminder?: Rule) => ({
  type: "message",
  message: {
    role: "toolResult",
    toolCallId,
    toolName: "bash",
    content: [...(reminder ? [{ type: "text", text: reminderText(reminder) }] : []), { type: "text", text }],
    isError: false,
  },
});
const run = (entries: Record<string, unknown>[], rules: Rule[], o: SimulateOptions) =>
  simulateTtsr(session(...entries), rules, { ttsrProfile: "v17", cwd: "/proj", home: "/root", ...o });

const sorry = R("no-sorry", "sorry", { scope: ["text"] });
// A recorded deferred (tool-only) delivery: the normal response, then the follow-up with the interrupt template.
const deferredLog = [user("q"), assistant([{ type: "text", text: "sorry about that" }], "stop"), ...custom(sorry)];

describe("whole-decision agreement (ttsr-spec §9.3–§9.8)", () => {
  it("a recorded deferred follow-up agrees with a replayed deferred one delivered after the same response", () => {
    const r = run(deferredLog, [sorry], { settings: { interruptMode: "tool-only" } });
    expect(r.turns[0].recorded.map((x) => [x.kind, x.delivery, x.deliveredAfter])).toEqual([
      ["custom_message", "deferred", "e2"],
      ["ttsr_injection", "deferred", undefined],
    ]);
    expect(r.turns[0].agree).toBe(true);
  });

  it("the same text replayed as an interrupt (interruptMode always) disagrees with the recorded deferred delivery", () => {
    const r = run(deferredLog, [sorry], { settings: { interruptMode: "always" } });
    expect(r.turns[0].injected.map((i) => [i.mode, i.text])).toEqual([["interrupt", interruptText(sorry)]]);
    expect(r.turns[0].agree).toBe(false);
  });

  it("a follow-up the replay delivers after another response than the recorded one disagrees (delivery point)", () => {
    // Recorded: delivered right after e2. Replayed: the response also calls a tool, so the follow-up waits for the
    // end of the run (after e4) — the recording says the agent did otherwise.
    const log = [
      user("q"),
      assistant([{ type: "text", text: "sorry" }, call("t1", "ls")], "toolUse"),
      ...custom(sorry),
      result("t1", "a"),
      assistant([{ type: "text", text: "done" }], "stop"),
    ];
    const r = run(log, [sorry], { settings: { interruptMode: "never" } });
    expect(r.turns[0].injected.map((i) => [i.mode, i.deliveredAfter])).toEqual([["deferred", "e6"]]);
    expect(r.turns[0].recorded[0].deliveredAfter).toBe("e2");
    expect(r.turns[0].agree).toBe(false);
  });

  it("a tool reminder agrees only on the call that carries it: same text on the sibling call disagrees", () => {
    const sudo = R("no-sudo", "sudo", { scope: ["tool:bash"], interruptMode: "never" });
    const turn = assistant([call("t1", "sudo ls"), call("t2", "pwd")], "toolUse");
    const right = run([user("q"), turn, { type: "ttsr_injection", injectedRules: ["no-sudo"] }, result("t1", "x", sudo), result("t2", "/")], [sudo], {});
    expect(right.turns[0].recorded.filter((x) => x.kind === "tool_reminder").map((x) => x.toolCallId)).toEqual(["t1"]);
    expect(right.turns[0].agree).toBe(true);
    const wrong = run([user("q"), turn, result("t1", "x"), { type: "ttsr_injection", injectedRules: ["no-sudo"] }, result("t2", "/", sudo)], [sudo], {});
    expect(wrong.turns[0].injected.map((i) => i.toolCallId)).toEqual(["t1"]);
    expect(wrong.turns[0].agree).toBe(false);
  });

  it("order counts: the same deliveries recorded in another order than the replay delivered them disagree", () => {
    const turn = (): SimTurn => ({
      responseId: "r1",
      stopReason: "toolUse",
      matches: [],
      injected: [
        { rules: ["a"], mode: "tool", text: "A", toolCallId: "t1" },
        { rules: ["b"], mode: "tool", text: "B", toolCallId: "t2" },
      ],
      recorded: [],
      agree: null,
    });
    const item = (entryId: string, rule: string, text: string, toolCallId: string): EvidenceItem => ({
      record: { kind: "tool_reminder", entryId, rules: [rule], text, delivery: "tool", toolCallId },
      afterResponse: "r1",
      role: "tool",
      toolResponse: "r1",
    });
    const same = [turn()];
    attachEvidence(same, [item("x1", "a", "A", "t1"), item("x2", "b", "B", "t2")]);
    expect(same[0].agree).toBe(true);
    const reversed = [turn()];
    attachEvidence(reversed, [item("x2", "b", "B", "t2"), item("x1", "a", "A", "t1")]);
    expect(reversed[0].agree).toBe(false);
  });

  it("reminders are compared per call: the replay follows the recorded result order; crossed reminders disagree", () => {
    const a = R("no-sudo", "sudo", { scope: ["tool:bash"], interruptMode: "never" });
    const b = R("no-rm", "rm -rf", { scope: ["tool:bash"], interruptMode: "never" });
    const turn = assistant([call("t1", "sudo ls"), call("t2", "rm -rf x")], "toolUse");
    const inOrder = run([user("q"), turn, result("t1", "x", a), result("t2", "y", b)], [a, b], {});
    expect(inOrder.turns[0].agree).toBe(true);
    // The tool results (and their reminders) recorded t2 first: the agent ran them in that order, the replay too.
    const swapped = run([user("q"), turn, result("t2", "y", b), result("t1", "x", a)], [a, b], {});
    expect(swapped.turns[0].injected.map((i) => i.toolCallId)).toEqual(["t2", "t1"]);
    expect(swapped.turns[0].agree).toBe(true);
    // Same recorded results, but the reminders' texts swapped between them: each call's reminder is wrong.
    const crossed = run([user("q"), turn, result("t1", "x", b), result("t2", "y", a)], [a, b], {});
    expect(crossed.turns[0].agree).toBe(false);
  });

  it("replayed injections are listed in delivery order: tool reminders before the run-end follow-up of the same turn", () => {
    const sudo = R("no-sudo", "sudo", { scope: ["tool:bash"], interruptMode: "never" });
    const log = [
      user("q"),
      assistant([{ type: "text", text: "sorry" }, call("t1", "sudo ls")], "toolUse"),
      result("t1", "x", sudo),
      assistant([{ type: "text", text: "ok" }], "stop"),
      ...custom(sorry),
    ];
    const r = run(log, [sorry, sudo], { settings: { interruptMode: "never" } });
    expect(r.turns[0].injected.map((i) => i.mode)).toEqual(["tool", "deferred"]);
    expect(r.turns[0].recorded.filter((x) => x.kind !== "ttsr_injection").map((x) => x.delivery)).toEqual(["tool", "deferred"]);
    expect(r.turns[0].agree).toBe(true);
  });

  it("rules count: a recorded interrupt naming another rule set than the replay disagrees even with one rule in common", () => {
    const bad = R("bad", "bad", { scope: ["text"] });
    const worse = R("worse", "worse", { scope: ["text"] });
    const both = {
      type: "custom_message",
      customType: "ttsr-injection",
      content: `${interruptText(bad)}\n\n${interruptText(worse)}`,
      display: false,
      details: { rules: ["bad", "worse"] },
      attribution: "agent",
    };
    const r = run(
      [user("q"), assistant([{ type: "text", text: "bad" }], "aborted"), both, { type: "ttsr_injection", injectedRules: ["bad", "worse"] }],
      [bad, worse],
      { settings: { interruptMode: "always" } },
    );
    expect(r.turns[0].injected.map((i) => i.rules)).toEqual([["bad"]]);
    expect(r.turns[0].agree).toBe(false);
  });
});
