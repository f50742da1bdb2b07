import { describe, expect, it } from "vitest";
import { TtsrManager } from "../../../../src/ttsr/manager.js";
import { TtsrCoordinator } from "../../../../src/ttsr/session/coordinator.js";
import { R, ofKind, persisted, setup, text, thinking, tool } from "./builders.js";

describe("session layer API beyond the §14 vectors", () => {
  it("strings.md §3 coordinator use: hashline entries check per-file snapshots (toolcall:<id>#<path>) with that file's paths; the bucket uses the base id", () => {
    const ts = R("ts-any", "any", { scope: ["tool:edit(*.ts)"] });
    const md = R("md-todo", "TODO", { scope: ["tool:edit(*.md)"] });
    const { c, m } = setup([ts, md], { interruptMode: "never" });
    c.turnStart();
    const input = "[src/a.ts#1a2b]\n+const a: any = 1;\n[docs/x.md]\n+TODO later\n";
    const d = c.delta(tool("h1", "edit", { input }, "raw-ignored"));
    expect(ofKind(d.effects, "match").map((e) => [e.streamKey, e.toolCallId, e.rules.map((r) => r.rule.name)])).toEqual([
      ["toolcall:h1#src/a.ts", "h1", ["ts-any"]],
      ["toolcall:h1#docs/x.md", "h1", ["md-todo"]],
    ]);
    expect(m.getBuffer({ source: "tool", streamKey: "toolcall:h1#src/a.ts" })).toBe("const a: any = 1;");
    expect(m.getBuffer({ source: "tool", streamKey: "toolcall:h1" })).toBeUndefined();
    expect(c.bucketNames("h1")).toEqual(["ts-any", "md-todo"]);
  });

  it("strings.md §3: before the digest key has streamed, raw deltas are appended; the later snapshot replaces them", () => {
    const r = R("w", "secret", { scope: ["tool:write"] });
    const { c, m } = setup([r], { interruptMode: "never" });
    c.turnStart();
    c.delta(tool("w1", "write", { path: "a.ts" }, '{"path":"a.ts",'));
    expect(m.getBuffer({ source: "tool", streamKey: "toolcall:w1" })).toBe('{"path":"a.ts",');
    const d = c.delta(tool("w1", "write", { path: "a.ts", content: "top secret" }, '"content":"top secret"}'));
    expect(m.getBuffer({ source: "tool", streamKey: "toolcall:w1" })).toBe("top secret");
    expect(ofKind(d.effects, "match")).toHaveLength(1);
  });

  it("ttsr-spec §9.5 c: a task that finds no target drops pending rules and buckets; nothing is injected or marked", () => {
    const a = R("a", "x");
    const { c, m } = setup([a], { interruptMode: "always" });
    c.turnStart();
    const d = c.delta(text("x"));
    c.assistantMessageEnd("aborted");
    const eff = c.runInterruptTask(ofKind(d.effects, "schedule_interrupt")[0].token, { targetFound: false });
    expect(eff).toEqual([{ kind: "dropped", why: "pending", rules: [a] }, { kind: "resolve_gate" }]);
    expect(c.pendingNames).toEqual([]);
    expect(c.abortPending).toBe(false);
    expect(m.getInjectedRuleNames()).toEqual([]);
  });

  it("ttsr-spec §9.1: only ttsr-injection custom messages are handled at message_end", () => {
    const { c } = setup([R("a", "x")]);
    expect(c.customMessageEnd({ customType: "other", content: "x", details: { rules: ["a"] } })).toEqual([]);
    expect(persisted(c.customMessageEnd({ customType: "ttsr-injection", content: "x", details: { rules: [" ", 3] } }))).toEqual([
      { type: "custom_message", customType: "ttsr-injection", content: "x", display: false, details: { rules: [" ", 3] }, attribution: "agent" },
    ]);
  });

  it("ttsr-spec §9.6: the persisted custom_message is the message the agent writes: its details object as given, extra keys kept", () => {
    const { c } = setup([R("a", "x")]);
    const details = { rules: ["a"], note: "kept" };
    const [record] = persisted(c.customMessageEnd({ customType: "ttsr-injection", content: "x", display: false, details, attribution: "agent" }));
    expect(record).toEqual({
      type: "custom_message",
      customType: "ttsr-injection",
      content: "x",
      display: false,
      details: { rules: ["a"], note: "kept" },
      attribution: "agent",
    });
    expect(record.type === "custom_message" && record.details).toBe(details);
  });

  it("ttsr-spec §9.5 f: an interrupt persists the appended message itself (same details object)", () => {
    const { c } = setup([R("a", "x")], { interruptMode: "always" });
    c.turnStart();
    const d = c.delta(text("x"));
    c.assistantMessageEnd("aborted");
    const eff = c.runInterruptTask(ofKind(d.effects, "schedule_interrupt")[0].token);
    const [appended] = ofKind(eff, "append_message");
    const [record] = persisted(eff);
    expect(record).toEqual({ type: "custom_message", ...appended.message, role: undefined });
    expect(record.type === "custom_message" && record.details).toBe(appended.message.details);
  });

  it("design §6: without a renderer the coordinator renders with sightline's templates for the manager's profile", () => {
    for (const profile of ["seed", "v17"] as const) {
      const rule = R("a", "x");
      const { c, render } = setup([rule], { interruptMode: "always" }, profile);
      const m = new TtsrManager({ interruptMode: "always" }, { profile });
      m.addRule(rule);
      const plain = new TtsrCoordinator({ manager: m, cwd: "/proj", home: "/root" });
      for (const k of [c, plain]) {
        k.turnStart();
        const d = k.delta(text("x"));
        k.assistantMessageEnd("aborted");
        const [inject] = ofKind(k.runInterruptTask(ofKind(d.effects, "schedule_interrupt")[0].token), "inject");
        expect(inject.text, profile).toBe(render.interrupt(rule));
      }
    }
  });

  it("ttsr-spec §9.1: thinking deltas use their own context; default scope leaves thinking out", () => {
    const plain = R("plain", "x");
    const deep = R("deep", "x", { scope: ["thinking"] });
    const { c } = setup([plain, deep], { interruptMode: "never" });
    c.turnStart();
    expect(ofKind(c.delta(thinking("x")).effects, "match").flatMap((e) => e.rules.map((r) => r.rule.name))).toEqual(["deep"]);
    expect(ofKind(c.messageUpdate({ type: "thinking_delta", delta: "x" }).effects, "match")[0].source).toBe("thinking");
  });

  it("ttsr-spec §9.2: a tool delta without a toolCall block at contentIndex has the bare {source:'tool'} context (shared 'tool' buffer, no bucket)", () => {
    const r = R("r", "ab", { scope: ["tool"] });
    const { c, m } = setup([r], { interruptMode: "never" });
    c.turnStart();
    c.delta({ source: "tool", delta: "a", contentIndex: 0 });
    const d = c.delta({ source: "tool", delta: "b", contentIndex: 1 });
    expect(m.getBuffer({ source: "tool" })).toBe("ab");
    expect(ofKind(d.effects, "match")[0]).toMatchObject({ streamKey: "tool", rules: [{ decision: "deferred" }] });
  });
});
