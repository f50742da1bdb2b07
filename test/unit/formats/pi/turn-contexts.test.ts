// Turn contexts (design §3): per turn, toArray(messages) equals toMsgs(buildContext(leafId)); unchanged
// messages share list cells with the previous turn on the path.
import { describe, expect, it } from "vitest";
import { buildPiContext } from "../../../../src/formats/pi/context.js";
import { piFormat } from "../../../../src/formats/pi/index.js";
import { piToMsgs } from "../../../../src/formats/pi/lower.js";
import type { PiSession } from "../../../../src/formats/pi/model.js";
import { piTurnContexts } from "../../../../src/formats/pi/turn-contexts.js";
import { piCompactions, piTurns } from "../../../../src/formats/pi/turns.js";
import { sharedPrefix, size, toArray } from "../../../../src/shared/plist.js";
import { entry, header, jsonl, parseFixture, parseText, user } from "./helpers.js";

function expectTurnContextsExact(s: PiSession, profile: "pi" | "omp17"): void {
  const turns = [...piTurnContexts(s, { profile })];
  expect(turns.map((t) => t.ref)).toEqual(piTurns(s));
  for (const t of turns) {
    const full = piToMsgs(s, buildPiContext(s, t.ref.leafId, { profile }), { profile });
    expect(toArray(t.messages)).toEqual(full);
  }
}

const FILES = [
  "before-compaction.jsonl",
  "omp17-written-tool-reminder.jsonl",
  "omp17-branch-after-gap/session.jsonl",
  "omp17-deferred-then-compaction/session.jsonl",
  "omp17-interrupt-then-tool-reminder/session.jsonl",
  "hand/three-errors.jsonl",
];

describe("design §3 turn contexts", () => {
  it.each(
    FILES.flatMap(
      (f) =>
        [
          [f, "pi"],
          [f, "omp17"],
        ] as const,
    ),
  )("%s (%s): every turn equals toMsgs(buildPiContext(parent))", (f, profile) => {
    expectTurnContextsExact(parseFixture(f), profile);
  });

  it("consecutive turns share list cells: the real fixture's delta is small", () => {
    const s = parseFixture("before-compaction.jsonl");
    const turns = [...piTurnContexts(s, { profile: "omp17" })];
    let kept = 0;
    for (let i = 1; i < turns.length; i++) kept += sharedPrefix(turns[i - 1].messages, turns[i].messages);
    const total = turns.slice(1).reduce((n, t) => n + size(t.messages), 0);
    expect(kept / total).toBeGreaterThan(0.95);
  });

  it("turns record the prompt tokens the log has (input + cacheRead + cacheWrite)", () => {
    const s = parseFixture("omp17-branch-after-gap/session.jsonl");
    expect([...piTurnContexts(s)][0].loggedTokens).toBe(1100);
  });
});

describe("compactions", () => {
  it("before = the compaction's parent, after = the compaction; the capsule from details or data", () => {
    const s = parseText(
      jsonl(
        header(),
        user("u1", null, "a"),
        entry("compaction", "c1", "u1", { summary: "S", firstKeptEntryId: "u1", tokensBefore: 10, tokensAfter: 4, details: { capsule: { v: 1 } } }),
        entry("compaction", "c2", "c1", { summary: "T", firstKeptEntryId: "u1", tokensBefore: 11, data: { capsule: { v: 2 } } }),
      ),
    );
    expect(piCompactions(s)).toEqual([
      { id: "c1", beforeLeafId: "u1", afterLeafId: "c1", line: 3, summary: "S", tokensBefore: 10, tokensAfter: 4, capsule: { v: 1 } },
      { id: "c2", beforeLeafId: "c1", afterLeafId: "c2", line: 4, summary: "T", tokensBefore: 11, capsule: { v: 2 } },
    ]);
  });

  it("the real v17 compaction fixture", () => {
    const s = parseFixture("omp17-deferred-then-compaction/session.jsonl");
    expect(piCompactions(s).map((c) => [c.id, c.beforeLeafId, c.afterLeafId])).toEqual([["0000000e", "0000000d", "0000000e"]]);
  });
});

describe("incremental contexts: long open tails", () => {
  it("an assistant whose call is answered only after more than 64 messages still gives exact contexts (rebuild on the late result)", () => {
    const recs: unknown[] = [header(), user("u0", null, "go")];
    recs.push(
      entry("message", "a0", "u0", {
        message: {
          role: "assistant",
          content: [
            { type: "toolCall", id: "late", name: "bash", arguments: {} },
            { type: "text", text: "x" },
          ],
          api: "a",
          provider: "p",
          model: "m",
          usage: {},
          stopReason: "toolUse",
          timestamp: 1,
        },
      }),
    );
    let parent = "a0";
    for (let i = 0; i < 70; i++) {
      recs.push(user(`u${i + 1}`, parent, `m${i}`));
      recs.push(
        entry("message", `b${i}`, `u${i + 1}`, {
          message: {
            role: "assistant",
            content: [{ type: "text", text: "ok" }],
            api: "a",
            provider: "p",
            model: "m",
            usage: {},
            stopReason: "stop",
            timestamp: 1,
          },
        }),
      );
      parent = `b${i}`;
    }
    recs.push(
      entry("message", "r", parent, {
        message: { role: "toolResult", toolCallId: "late", toolName: "bash", content: [{ type: "text", text: "done" }], isError: false, timestamp: 1 },
      }),
    );
    recs.push(
      entry("message", "z", "r", {
        message: {
          role: "assistant",
          content: [{ type: "text", text: "end" }],
          api: "a",
          provider: "p",
          model: "m",
          usage: {},
          stopReason: "stop",
          timestamp: 1,
        },
      }),
    );
    const s = parseText(jsonl(...recs));
    expectTurnContextsExact(s, "omp17");
    expectTurnContextsExact(s, "pi");
  });
});

describe("incremental contexts: chains of failed turns (§6.2 drop order)", () => {
  const asst = (id: string, parentId: string, content: unknown[], stopReason: string) =>
    entry("message", id, parentId, { message: { role: "assistant", content, api: "a", provider: "p", model: "m", usage: {}, stopReason, timestamp: 1 } });
  const result = (id: string, parentId: string, callId: string) =>
    entry("message", id, parentId, {
      message: { role: "toolResult", toolCallId: callId, toolName: "bash", content: [{ type: "text", text: "r" }], isError: true, timestamp: 1 },
    });
  const it_ = (id: string, parentId: string) =>
    entry("custom_message", id, parentId, { customType: "interrupted-thinking", content: "n", display: false, attribution: "agent" });
  const thinking = { type: "thinking", thinking: "half" };

  it("a failed turn whose follower is a dropped failed turn and its result, then interrupted-thinking, is kept", () => {
    const s = parseText(
      jsonl(
        header(),
        user("u", null, "go"),
        asst("y", "u", [thinking], "aborted"),
        asst("z", "y", [{ type: "toolCall", id: "c", name: "bash", arguments: {} }], "error"),
        result("r", "z", "c"),
        it_("i", "r"),
        asst("end", "i", [{ type: "text", text: "ok" }], "stop"),
      ),
    );
    expect(buildPiContext(s, "i", { profile: "omp17" }).sourceIds).toEqual([["u"], ["y"], ["i"]]);
    expectTurnContextsExact(s, "omp17");
  });

  it("consecutive failed turns followed by a user message are all dropped", () => {
    const s = parseText(
      jsonl(
        header(),
        user("u", null, "go"),
        asst("a", "u", [thinking], "aborted"),
        asst("b", "a", [thinking], "aborted"),
        asst("c", "b", [thinking], "error"),
        user("u2", "c", "again"),
        asst("end", "u2", [{ type: "text", text: "ok" }], "stop"),
      ),
    );
    expect(buildPiContext(s, "u2", { profile: "omp17" }).sourceIds).toEqual([["u"], ["u2"]]);
    expectTurnContextsExact(s, "omp17");
  });

  it("a failed turn followed by a failed turn rescued by interrupted-thinking is dropped; the rescued one stays", () => {
    const s = parseText(
      jsonl(
        header(),
        user("u", null, "go"),
        asst("a", "u", [thinking], "aborted"),
        asst("b", "a", [thinking], "aborted"),
        it_("i", "b"),
        asst("end", "i", [{ type: "text", text: "ok" }], "stop"),
      ),
    );
    expect(buildPiContext(s, "i", { profile: "omp17" }).sourceIds).toEqual([["u"], ["b"], ["i"]]);
    expectTurnContextsExact(s, "omp17");
  });
});

describe("systemPromptAt: the system prompt buildContext gives, without building the context", () => {
  it("equals buildContext's at every leaf, at entries along the way and at no leaf, for every profile, on the fixtures listed here", () => {
    for (const file of FILES) {
      const s = parseFixture(file);
      const leaves = [null, ...s.tree.leaves, ...s.tree.nodes.filter((_, i) => i % 100 === 0)];
      for (const profile of ["pi", "omp17", "omp18", "pi-1.5"] as const)
        for (const leaf of leaves) expect(piFormat.systemPromptAt!(s, leaf, { profile })).toBe(buildPiContext(s, leaf, { profile }).systemPrompt);
    }
  }, 60_000);
});
