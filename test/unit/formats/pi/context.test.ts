// buildSessionContext rules (pi-session-format §6.1 baseline, §6.2 v17; strings.md §2.5–2.7) on small
// hand-built sessions; each expectation is the stated upstream behaviour.
import { describe, expect, it } from "vitest";
import { buildPiContext } from "../../../../src/formats/pi/context.js";
import { assistant, call, entry, header, json, jsonl, parseText, text, toolResult, user } from "./helpers.js";

const build = (records: unknown[], leaf: string | null | undefined, profile: "pi" | "omp17") =>
  buildPiContext(parseText(jsonl(header(), ...records)), leaf, { profile });
const ids = (c: ReturnType<typeof buildPiContext>) => c.sourceIds.map((s) => s.join("+"));
const chain = [user("u1", null, "one"), assistant("a1", "u1", [text("r1")]), user("u2", "a1", "two"), assistant("a2", "u2", [text("r2")])];

describe("pi-session-format §6.1 baseline", () => {
  it("§6.1 leafId null gives an empty context; an unknown leaf falls back to the last entry", () => {
    expect(build(chain, null, "pi").messages).toEqual([]);
    expect(ids(build(chain, "nope", "pi"))).toEqual(["u1", "a1", "u2", "a2"]);
    expect(ids(build(chain, undefined, "pi"))).toEqual(["u1", "a1", "u2", "a2"]);
    expect(ids(build(chain, "a1", "pi"))).toEqual(["u1", "a1"]);
  });

  it("§6.1 compaction: summary first, then path entries from firstKeptEntryId, then everything after", () => {
    const recs = [...chain, entry("compaction", "c1", "a2", { summary: "S1", firstKeptEntryId: "u2", tokensBefore: 100 }), user("u3", "c1", "three")];
    const c = build(recs, undefined, "pi");
    expect(ids(c)).toEqual(["c1", "u2", "a2", "u3"]);
    expect(json(c.messages[0])).toEqual({ role: "compactionSummary", summary: "S1", tokensBefore: 100, timestamp: json(c.messages[0]).timestamp });
  });

  it("§6.1 no entry matches firstKeptEntryId: nothing before the compaction is emitted", () => {
    const recs = [...chain, entry("compaction", "c1", "a2", { summary: "S1", firstKeptEntryId: "ghost", tokensBefore: 1 }), user("u3", "c1", "three")];
    expect(ids(build(recs, undefined, "pi"))).toEqual(["c1", "u3"]);
  });

  it("§6.1 only the latest compaction on the path matters", () => {
    const recs = [
      ...chain,
      entry("compaction", "c1", "a2", { summary: "S1", firstKeptEntryId: "u1", tokensBefore: 1 }),
      user("u3", "c1", "x"),
      entry("compaction", "c2", "u3", { summary: "S2", firstKeptEntryId: "a2", tokensBefore: 1 }),
      user("u4", "c2", "y"),
    ];
    expect(ids(build(recs, undefined, "pi"))).toEqual(["c2", "a2", "u3", "u4"]);
  });

  it("§6.1 custom_message → custom; branch_summary only when its summary is non-empty; other types give nothing", () => {
    const recs = [
      user("u1", null, "one"),
      entry("custom_message", "cm", "u1", { customType: "ext", content: "hello", display: true, details: { a: 1 } }),
      entry("branch_summary", "b0", "cm", { fromId: "u1", summary: "" }),
      entry("branch_summary", "b1", "b0", { fromId: "u1", summary: "went elsewhere" }),
      entry("custom", "x1", "b1", { customType: "state", data: {} }),
      entry("label", "l1", "x1", { targetId: "u1", label: "L" }),
      entry("some_future_type", "f1", "l1"),
    ];
    const c = build(recs, undefined, "pi");
    expect(ids(c)).toEqual(["u1", "cm", "b1"]);
    expect(json(c.messages[1])).toMatchObject({ role: "custom", customType: "ext", content: "hello", display: true, details: { a: 1 } });
    expect(json(c.messages[2])).toMatchObject({ role: "branchSummary", summary: "went elsewhere", fromId: "u1" });
    expect(typeof c.messages[2].timestamp).toBe("number");
  });

  it("§6.1 state: last thinking_level_change, pi model, omp models per role, injected rules on the path only, mode", () => {
    const recs = [
      user("u1", null, "one"),
      entry("thinking_level_change", "t1", "u1", { thinkingLevel: "high" }),
      entry("model_change", "m1", "t1", { model: "openai/gpt-x", role: "smol" }),
      entry("ttsr_injection", "r1", "m1", { injectedRules: ["a", "b"] }),
      entry("ttsr_injection", "r2", "r1", { injectedRules: ["b", "c"] }),
      entry("ttsr_injection", "abandoned", "u1", { injectedRules: ["z"] }),
      entry("mode_change", "md", "r2", { mode: "plan" }),
      assistant("a1", "md", [text("x")]),
    ];
    const c = build(recs, "a1", "pi");
    expect([c.thinkingLevel, c.models, c.injectedTtsrRules, c.mode, c.model]).toEqual([
      "high",
      { smol: "openai/gpt-x", default: "anthropic/m1" },
      ["a", "b", "c"],
      "plan",
      { provider: "anthropic", modelId: "m1" },
    ]);
  });

  it("§6.1 pi keeps aborted turns and dangling tool calls", () => {
    const recs = [
      user("u1", null, "one"),
      assistant("a1", "u1", [text("part"), call("t1")], { stopReason: "aborted", errorMessage: "Request was aborted." }),
      user("u2", "a1", "again"),
    ];
    const c = build(recs, undefined, "pi");
    expect(ids(c)).toEqual(["u1", "a1", "u2"]);
    expect(c.messages[1].content).toHaveLength(2);
  });
});

describe("pi-session-format §6.2 v17 additions", () => {
  it("§6.2 a reset_boundary after the latest compaction: emission starts after it, the compaction is ignored", () => {
    const recs = [
      ...chain,
      entry("compaction", "c1", "a2", { summary: "S", firstKeptEntryId: "u2", tokensBefore: 1 }),
      user("u3", "c1", "x"),
      entry("reset_boundary", "rb", "u3"),
      user("u4", "rb", "fresh"),
    ];
    expect(ids(build(recs, undefined, "omp17"))).toEqual(["u4"]);
    // The baseline has no reset boundary.
    expect(ids(build(recs, undefined, "pi"))).toEqual(["c1", "u2", "a2", "u3", "u4"]);
  });

  it("§6.2 a reset_boundary before the latest compaction is superseded by it", () => {
    const recs = [
      user("u1", null, "a"),
      entry("reset_boundary", "rb", "u1"),
      user("u2", "rb", "b"),
      entry("compaction", "c1", "u2", { summary: "S", firstKeptEntryId: "u1", tokensBefore: 1 }),
      user("u3", "c1", "c"),
    ];
    expect(ids(build(recs, undefined, "omp17"))).toEqual(["c1", "u1", "u2", "u3"]);
  });

  it("strings.md §2.7 openaiRemoteCompaction: providerPayload on the summary, kept entries not emitted (also v14, so profile pi)", () => {
    const remote = { provider: "openai", replacementHistory: [{ type: "compaction", encrypted_content: "x" }] };
    const recs = [
      ...chain,
      entry("compaction", "c1", "a2", { summary: "S", firstKeptEntryId: "u2", tokensBefore: 1, preserveData: { openaiRemoteCompaction: remote } }),
      user("u3", "c1", "x"),
    ];
    for (const p of ["omp17", "pi"] as const) {
      const c = build(recs, undefined, p);
      expect(ids(c)).toEqual(["c1", "u3"]);
      expect(c.messages[0].providerPayload).toEqual({ type: "openaiResponsesHistory", provider: "openai", items: remote.replacementHistory });
    }
    const bad = [
      ...chain,
      entry("compaction", "c1", "a2", {
        summary: "S",
        firstKeptEntryId: "u2",
        tokensBefore: 1,
        preserveData: { openaiRemoteCompaction: { provider: "", replacementHistory: [] } },
      }),
    ];
    expect(ids(build(bad, undefined, "omp17"))).toEqual(["c1", "u2", "a2"]);
  });

  it("§2.6 retryRecovery assistants and prewalk-plan custom messages are not emitted", () => {
    const recs = [
      user("u1", null, "a"),
      assistant("a1", "u1", [text("x")], { retryRecovery: true }),
      entry("custom_message", "pw", "a1", {
        customType: "prewalk-plan",
        content: "STOP: In NEXT reply, before further exploration, write complete plan. Enough known; do not defer.",
        display: false,
        attribution: "agent",
      }),
      user("u2", "pw", "b"),
    ];
    expect(ids(build(recs, undefined, "omp17"))).toEqual(["u1", "u2"]);
    expect(ids(build(recs, undefined, "pi"))).toEqual(["u1", "a1", "pw", "u2"]);
  });

  it("§6.2 dangling tool calls are removed, with redactedThinking and thinking signatures; an emptied turn is dropped", () => {
    const recs = [
      user("u1", null, "a"),
      assistant("a1", "u1", [
        { type: "thinking", thinking: "hm", thinkingSignature: "sig" },
        { type: "redactedThinking", data: "enc" },
        text("go"),
        call("t1"),
        call("t2"),
      ]),
      toolResult("r1", "a1", "t1", "ok"),
      assistant("a2", "r1", [call("t9")]),
    ];
    const c = build(recs, undefined, "omp17");
    expect(ids(c)).toEqual(["u1", "a1", "r1"]);
    expect(json(c.messages[1].content)).toEqual([{ type: "thinking", thinking: "hm" }, text("go"), call("t1")]);
    // The input entry is unchanged.
    const s = parseText(jsonl(header(), ...recs));
    buildPiContext(s, undefined, { profile: "omp17" });
    expect((s.byId.get("a1")!.raw.message as { content: unknown[] }).content).toHaveLength(5);
  });

  it("§6.2 failed turns (aborted/error) and their paired tool results are dropped", () => {
    const recs = [
      user("u1", null, "a"),
      assistant("a1", "u1", [text("x"), call("t1")], { stopReason: "aborted", errorMessage: "TTSR matched rule: r" }),
      toolResult("r1", "a1", "t1", "Tool execution was aborted: TTSR matched rule: r", { isError: true }),
      user("u2", "r1", "b"),
      assistant("a2", "u2", [text("y")], { stopReason: "error", errorMessage: "400" }),
      user("u3", "a2", "c"),
    ];
    expect(ids(build(recs, undefined, "omp17"))).toEqual(["u1", "u2", "u3"]);
  });

  it("§2.5 an aborted turn immediately followed by the interrupted-thinking message is kept", () => {
    const recs = [
      user("u1", null, "a"),
      assistant("a1", "u1", [{ type: "thinking", thinking: "half a thought" }], { stopReason: "aborted", errorMessage: "Interrupted by user" }),
      entry("custom_message", "it", "a1", {
        customType: "interrupted-thinking",
        content: "<system-notice …>",
        display: false,
        attribution: "agent",
        details: { blockCount: 1 },
      }),
      user("u2", "it", "go on"),
    ];
    expect(ids(build(recs, undefined, "omp17"))).toEqual(["u1", "a1", "it", "u2"]);
  });

  it("§6.2 v17 models: assistant messages set models.default only until an explicit default model_change", () => {
    const recs = [
      user("u1", null, "a"),
      entry("model_change", "m1", "u1", { model: "anthropic/chosen" }),
      assistant("a1", "m1", [text("x")]),
      user("u2", "a1", "b"),
    ];
    expect(build(recs, undefined, "omp17").models).toEqual({ default: "anthropic/chosen" });
    expect(build(recs, undefined, "pi").models).toEqual({ default: "anthropic/m1" });
  });

  it("§4 v17 thinkingLevel null means off; custom messages get v17 defaults", () => {
    const recs = [
      user("u1", null, "a"),
      entry("thinking_level_change", "t1", "u1", { thinkingLevel: null }),
      entry("custom_message", "cm", "t1", { customType: "", content: "x", attribution: "bot" }),
    ];
    const c = build(recs, undefined, "omp17");
    expect(c.thinkingLevel).toBe("off");
    expect(json(c.messages[1])).toEqual({
      role: "custom",
      customType: "custom-message",
      content: "x",
      display: false,
      attribution: "agent",
      timestamp: json(c.messages[1]).timestamp,
    });
  });
});
