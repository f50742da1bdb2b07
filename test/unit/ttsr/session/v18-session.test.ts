// The v18 session layer (docs/ttsr.md §17): each test is named after the section it pins.
import { describe, expect, it } from "vitest";
import { TtsrManager } from "../../../../src/ttsr/manager.js";
import { TtsrCoordinator } from "../../../../src/ttsr/session/coordinator.js";
import { TTSR_WARNING_V18, verdictsByName } from "../../../../src/ttsr/session/judged.js";
import { ruleRenderer } from "../../../../src/ttsr/session/renderer.js";
import type { Rule, TtsrProfile } from "../../../../src/ttsr/types.js";
import { R, names, ofKind, persisted, setup, text, tool } from "./builders.js";

const judged = (name: string, extra: Partial<Rule> = {}): Rule =>
  ({ name, path: `/proj/.omp/rules/${name}.md`, content: `Body of ${name}.`, ...extra, question: "Q?" }) as Rule;

function withVerdicts(rules: Rule[], verdicts: Record<string, boolean>, profile: TtsrProfile = "v18") {
  const m = new TtsrManager({ interruptMode: "never" }, { profile });
  for (const r of rules) m.addRule(r);
  const c = new TtsrCoordinator({ manager: m, cwd: "/proj", home: "/root", verdict: verdictsByName(new Map(Object.entries(verdicts))) });
  return { c, m };
}

describe("docs/ttsr.md §17.1 buffer resets", () => {
  it("§17.1: v18 resets buffers at assistant message start; v17 keeps them within the turn", () => {
    for (const [profile, buffer] of [
      ["v18", undefined],
      ["v17", "hel"],
    ] as const) {
      const { c, m } = setup([R("a", "hello")], { interruptMode: "never" }, profile);
      c.turnStart();
      c.delta(text("hel"));
      c.assistantMessageStart();
      expect(m.getBuffer({ source: "text" })).toBe(buffer);
      // Across the boundary the two halves never make one match in v18.
      const d = c.delta(text("lo"));
      expect(ofKind(d.effects, "match").length).toBe(profile === "v18" ? 0 : 1);
    }
  });

  it("§17.1: a provider `start` inside one response (a retry) resets buffers in v18 only", () => {
    for (const profile of ["v18", "v17"] as const) {
      const { c, m } = setup([R("a", "hello")], { interruptMode: "never" }, profile);
      c.turnStart();
      c.messageUpdate({ type: "text_delta", delta: "hel" });
      c.messageUpdate({ type: "start" });
      expect(m.getBuffer({ source: "text" })).toBe(profile === "v18" ? undefined : "hel");
    }
  });
});

describe("docs/ttsr.md §17.2 toolcall_end", () => {
  it("§17.2: a call without deltas is matched at toolcall_end on its final arguments' JSON (v18); v17 ignores the end", () => {
    for (const profile of ["v18", "v17"] as const) {
      const { c, m } = setup([R("no-sudo", "sudo", { scope: ["tool:bash"] })], { interruptMode: "never" }, profile);
      c.turnStart();
      const d = c.messageUpdate({ type: "toolcall_end", contentIndex: 0, toolCall: { id: "b1", name: "bash", arguments: { command: "sudo ls" } } });
      if (profile === "v18") {
        expect(m.getBuffer({ source: "tool", streamKey: "toolcall:b1" })).toBe('{"command":"sudo ls"}');
        expect(c.bucketNames("b1")).toEqual(["no-sudo"]);
      } else {
        expect(d.streams).toEqual([]);
        expect(c.bucketNames("b1")).toBeUndefined();
      }
    }
  });

  it("§17.2: the final arguments replace the raw streamed buffer (a string argument as is)", () => {
    const { c, m } = setup([R("x", "zzz", { scope: ["tool"] })], { interruptMode: "never" }, "v18");
    c.turnStart();
    c.delta(tool("t1", "bash", { command: "ls" }, '{ "command" : "ls" }'));
    c.delta({ source: "tool", delta: "", contentIndex: 0, toolCall: { id: "t1", name: "bash", arguments: "raw text" }, final: true });
    expect(m.getBuffer({ source: "tool", streamKey: "toolcall:t1" })).toBe("raw text");
  });

  it("§17.2: a rule already bucketed during the deltas is not bucketed or announced again at toolcall_end", () => {
    const { c } = setup([R("no-sudo", "sudo", { scope: ["tool:bash"] })], { interruptMode: "never", repeatMode: "after-gap", repeatGap: 0 }, "v18");
    c.turnStart();
    const first = c.delta(tool("b1", "bash", { command: "sudo ls" }));
    const end = c.delta({ source: "tool", delta: "", contentIndex: 0, toolCall: { id: "b1", name: "bash", arguments: { command: "sudo ls" } }, final: true });
    expect(ofKind(first.effects, "ttsr_triggered")).toHaveLength(1);
    expect(ofKind(end.effects, "match")).toHaveLength(1);
    expect(ofKind(end.effects, "ttsr_triggered")).toHaveLength(0);
    expect(c.bucketNames("b1")).toEqual(["no-sudo"]);
  });
});

describe("docs/ttsr.md §17.4 ttsr_triggered once", () => {
  it("§17.4: v18 announces a stream key's rules once per turn; v17 announces every match", () => {
    for (const profile of ["v18", "v17"] as const) {
      const { c } = setup([R("no-sudo", "sudo", { scope: ["tool:bash"] })], { interruptMode: "never", repeatMode: "after-gap", repeatGap: 0 }, profile);
      c.turnStart();
      const count = () => ofKind(c.delta(tool("b1", "bash", { command: "sudo" }, "sudo ")).effects, "ttsr_triggered").length;
      expect([count(), count()]).toEqual(profile === "v18" ? [1, 0] : [1, 1]);
      c.turnEnd();
      c.turnStart();
      expect(count()).toBe(1);
    }
  });

  it("§17.4: text carries no stream key: every interrupting batch is announced", () => {
    const { c } = setup([R("a", "x")], { interruptMode: "always" }, "v18");
    c.turnStart();
    expect(ofKind(c.delta(text("x")).effects, "ttsr_triggered")).toHaveLength(1);
  });
});

describe("docs/ttsr.md §17.5 deferred follow-ups reserve their rules", () => {
  it("§17.5: the follow-up carries {rules, deliveryId}; its rules are reserved until delivered, then marked and released", () => {
    const { c, m } = setup([R("a", "x", { scope: ["text"] })], { interruptMode: "never", repeatMode: "after-gap", repeatGap: 0 }, "v18");
    c.turnStart();
    c.delta(text("x"));
    const end = c.assistantMessageEnd("stop");
    const follow = ofKind(end, "follow_up")[0].message;
    expect(follow.details).toEqual({ rules: ["a"], deliveryId: 1 });
    expect([...c.reservations]).toEqual([["a", 1]]);
    // A new message matches again before delivery: the rule is reserved, not pending again.
    c.assistantMessageStart();
    const again = c.delta(text("x"));
    expect(ofKind(again.effects, "match")[0].rules.map((r) => r.decision)).toEqual(["reserved"]);
    expect(c.pendingNames).toEqual([]);
    const delivered = c.customMessageEnd({ customType: "ttsr-injection", content: follow.content, details: follow.details });
    expect(persisted(delivered)).toEqual([
      {
        type: "custom_message",
        customType: "ttsr-injection",
        content: follow.content,
        display: false,
        details: { rules: ["a"], deliveryId: 1 },
        attribution: "agent",
      },
      { type: "ttsr_injection", injectedRules: ["a"] },
    ]);
    expect(c.reservations.size).toBe(0);
    expect(m.getInjectedRuleNames()).toEqual(["a"]);
  });

  it("§17.5: a discarded follow-up releases only its own reservation; deliveryIds count per coordinator", () => {
    const { c } = setup([R("a", "x", { scope: ["text"] }), R("b", "y", { scope: ["text"] })], { interruptMode: "never" }, "v18");
    c.turnStart();
    c.delta(text("x"));
    const first = ofKind(c.assistantMessageEnd("stop"), "follow_up")[0].message;
    c.assistantMessageStart();
    c.delta(text("y"));
    const second = ofKind(c.assistantMessageEnd("stop"), "follow_up")[0].message;
    expect([first.details.deliveryId, second.details.deliveryId]).toEqual([1, 2]);
    c.releaseDeferred({ rules: ["a", "b"], deliveryId: 2 });
    expect([...c.reservations]).toEqual([["a", 1]]);
  });

  it("§17.5: v17 follow-ups carry {rules} only and reserve nothing", () => {
    const { c } = setup([R("a", "x", { scope: ["text"] })], { interruptMode: "never" }, "v17");
    c.turnStart();
    c.delta(text("x"));
    expect(ofKind(c.assistantMessageEnd("stop"), "follow_up")[0].message.details).toEqual({ rules: ["a"] });
    expect(c.reservations.size).toBe(0);
  });

  it("§17.7: an interrupt persists details {rules} only, with v17's interrupt text", () => {
    const { c, render } = setup([R("a", "x")], { interruptMode: "always" }, "v18");
    c.turnStart();
    const d = c.delta(text("x"));
    c.assistantMessageEnd("aborted");
    const eff = c.runInterruptTask(ofKind(d.effects, "schedule_interrupt")[0].token);
    const custom = persisted(eff).find((r) => r.type === "custom_message");
    expect(custom).toEqual({
      type: "custom_message",
      customType: "ttsr-injection",
      content: render.interrupt(R("a", "x")),
      display: false,
      details: { rules: ["a"] },
      attribution: "agent",
    });
    expect(custom && "content" in custom ? custom.content : "").toContain("\nOutput interrupted: violated user-defined rule.\n");
  });
});

describe("docs/ttsr.md §17.6 judged rules", () => {
  const content = [
    { type: "thinking", thinking: "plan" },
    { type: "text", text: "All done." },
    { type: "toolCall", id: "e1", name: "edit", arguments: { path: "src/a.ts", old_string: "a", new_string: "b" } },
  ];

  it("§17.6: judged rules never match a stream and do not make text bufferable", () => {
    const { c, m } = setup([judged("j", { condition: ["done"] })], { interruptMode: "always" }, "v18");
    c.turnStart();
    expect(c.delta(text("All done.")).effects).toEqual([]);
    expect(m.getBuffer({ source: "text" })).toBeUndefined();
    expect(m.hasJudgedRules()).toBe(true);
  });

  it("§17.6: without a verdict each candidate is reported undecided and nothing is delivered or marked", () => {
    const { c, m } = setup([judged("j")], {}, "v18");
    c.turnStart();
    const end = c.assistantMessageEnd("stop", content);
    // Outputs: the tool call (per file), then the reply; thinking is outside the default scope.
    expect(ofKind(end, "judged").map((e) => [e.subject, e.rules.map((r) => [r.rule.name, r.verdict, r.delivered])])).toEqual([
      ["`edit` call on `src/a.ts`", [["j", undefined, false]]],
      ["reply", [["j", undefined, false]]],
    ]);
    expect(ofKind(end, "aside")).toEqual([]);
    expect(m.getInjectedRuleNames()).toEqual([]);
  });

  it("§17.6: a yes is claimed once (the first output), marked, announced and delivered as a warning naming the output", () => {
    const { c, m } = withVerdicts([judged("j", { scope: ["text", "tool"] })], { j: true });
    c.turnStart();
    const end = c.assistantMessageEnd("stop", content);
    expect(ofKind(end, "judged").map((e) => e.rules[0].delivered)).toEqual([true, false]);
    expect(names(ofKind(end, "ttsr_triggered")[0].rules)).toEqual(["j"]);
    const aside = ofKind(end, "aside")[0].message;
    expect(aside.details).toEqual({ rules: ["j"] });
    expect(aside.content).toBe(
      TTSR_WARNING_V18.replace("{{name}}", "j")
        .replace("{{path}}", ".omp/rules/j.md")
        .replace("{{subject}}", "`edit` call on `src/a.ts`")
        .replace("{{content}}", "Body of j.")
        .trimEnd(),
    );
    expect(m.getInjectedRuleNames()).toEqual(["j"]);
    // Persisting the warning marks again and writes the ttsr_injection entry.
    expect(persisted(c.customMessageEnd({ customType: "ttsr-injection", content: aside.content, details: aside.details }))[1]).toEqual({
      type: "ttsr_injection",
      injectedRules: ["j"],
    });
  });

  it("§17.6: a no is judged-clean; an aborted message is not judged; a prefilter condition must match the output", () => {
    const { c } = withVerdicts([judged("j", { condition: ["done"], scope: ["text"] })], { j: false });
    c.turnStart();
    expect(ofKind(c.assistantMessageEnd("aborted", content), "judged")).toEqual([]);
    expect(ofKind(c.assistantMessageEnd("stop", content), "judged").map((e) => e.rules.map((r) => r.verdict))).toEqual([[false]]);
    expect(ofKind(c.assistantMessageEnd("stop", [{ type: "text", text: "nothing" }]), "judged")).toEqual([]);
  });

  it("§17.6: a question left to the host's judge is claimed when the judge answers, so until then later messages ask again", () => {
    const { c, m } = setup([judged("j", { scope: ["text"] })], {}, "v18");
    c.turnStart();
    const first = ofKind(c.assistantMessageEnd("stop", content), "judged");
    expect(first.map((e) => [e.subject, e.request])).toEqual([["reply", 1]]);
    expect(m.getInjectedRuleNames()).toEqual([]);
    // No answer yet: the next message is asked about the same rule (18.3.4 claims on the answer, not at message end).
    const second = ofKind(c.assistantMessageEnd("stop", content), "judged");
    expect(second.map((e) => e.request)).toEqual([2]);
    expect([...c.openQuestions.keys()]).toEqual([1, 2]);
    const answered = c.judgeAnswer(1, ["j"]);
    expect(names(ofKind(answered, "ttsr_triggered")[0].rules)).toEqual(["j"]);
    expect(ofKind(answered, "aside")[0].message.details).toEqual({ rules: ["j"] });
    expect(m.getInjectedRuleNames()).toEqual(["j"]);
    // The second answer finds the rule claimed: nothing is delivered twice; an answer is taken once.
    expect(c.judgeAnswer(2, ["j"])).toEqual([]);
    expect(c.judgeAnswer(1, ["j"])).toEqual([]);
    expect(c.openQuestions.size).toBe(0);
  });

  it("§17.6: an answer that flags nothing, or arrives after the session was replaced, delivers nothing", () => {
    const { c, m } = setup([judged("j", { scope: ["text"] })], {}, "v18");
    c.turnStart();
    c.assistantMessageEnd("stop", content);
    c.assistantMessageEnd("stop", content);
    expect(c.judgeAnswer(1, [])).toEqual([]);
    expect(c.judgeAnswer(2, ["j"], { generationChanged: true })).toEqual([]);
    expect(m.getInjectedRuleNames()).toEqual([]);
  });

  it("§17.6: with judge off no output is judged", () => {
    const m = new TtsrManager({ judge: "off" }, { profile: "v18" });
    m.addRule(judged("j"));
    const c = new TtsrCoordinator({ manager: m, cwd: "/proj", verdict: () => true });
    expect(c.assistantMessageEnd("stop", content)).toEqual([{ kind: "resolve_gate" }]);
  });

  it("§17.6: v17 has no judged rules: a rule with a question alone is not registered", () => {
    const m = new TtsrManager({}, { profile: "v17" });
    expect(m.addRule(judged("j"))).toBe(false);
    expect(new TtsrManager({}, { profile: "v18" }).addRule(judged("j"))).toBe(true);
  });

  it("§17.6: the warning renders with the default renderer's paths (cwd-relative, ~ for home)", () => {
    const render = ruleRenderer({ profile: "v18", cwd: "/proj", home: "/root" });
    const w = render.warning?.({ name: "j", path: "/root/rules/j.md", content: "C" }, "reply") ?? "";
    expect(w.split("\n")[0]).toBe('<system-reminder reason="rule_violation" rule="j" path="~/rules/j.md">');
    expect(w).toContain("\nRule judge flagged your reply as likely violating a user-defined rule.");
  });
});

describe("docs/ttsr.md §17.9 hosts running the coordinator with v18", () => {
  it("§17.9: for v17 the v18 host calls change nothing (buffers, pending, reservations, effects)", () => {
    const { c, m } = setup([R("a", "x", { scope: ["text"] }), judged("j")], { interruptMode: "never" }, "v17");
    c.turnStart();
    c.delta(text("x"));
    expect(c.assistantMessageStart()).toEqual([]);
    expect(c.providerStart()).toEqual([]);
    c.releaseDeferred({ rules: ["a"], deliveryId: 1 });
    expect(m.getBuffer({ source: "text" })).toBe("x");
    expect(c.pendingNames).toEqual(["a"]);
    const end = c.assistantMessageEnd("stop", [{ type: "text", text: "x" }]);
    expect(ofKind(end, "judged")).toEqual([]);
    expect(ofKind(end, "follow_up")[0].message.details).toEqual({ rules: ["a"] });
  });

  it("§17.9: toolcall_end of a write call matches its final content digest (the host passes the final tool call)", () => {
    const { c, m } = setup([R("no-secret", "SECRET", { scope: ["tool:write"] })], { interruptMode: "never" }, "v18");
    c.turnStart();
    c.messageUpdate({ type: "toolcall_delta", delta: '{"path":"a.ts"', contentIndex: 0, toolCall: { id: "w1", name: "write", arguments: { path: "a.ts" } } });
    const end = c.messageUpdate({
      type: "toolcall_end",
      contentIndex: 0,
      toolCall: { id: "w1", name: "write", arguments: { path: "a.ts", content: "SECRET=1" } },
    });
    expect(m.getBuffer({ source: "tool", streamKey: "toolcall:w1" })).toBe("SECRET=1");
    expect(ofKind(end.effects, "match").map((e) => e.rules.map((r) => [r.rule.name, r.decision]))).toEqual([[["no-secret", "tool"]]]);
  });
});
