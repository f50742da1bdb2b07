// Properties of the pi context builders on random session trees: the incremental turn contexts equal the
// full buildSessionContext + lowering at every turn (every profile), and building leaves the input unchanged.
// The trees carry the pi 1.x entry kinds too (context edits, also ahead of their target; system messages;
// compactions with a system message or keeping nothing; usage entries; null content; second roots) and the
// oh-my-pi 18 ones (docs/pi.md §8: context notes, vibe-mode and user-request customs, model_usage entries, compactions
// with a method, tokensAfter, providerReplayThroughEntryId, an Anthropic payload or rollover details, empty error turns).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { buildPiContext } from "../../src/formats/pi/context.js";
import { piToMsgs } from "../../src/formats/pi/lower.js";
import { PI_PROFILES } from "../../src/formats/pi/model.js";
import { parsePi } from "../../src/formats/pi/parse.js";
import { piContextsAt, piTurnContexts } from "../../src/formats/pi/turn-contexts.js";
import { toArray } from "../../src/shared/plist.js";

const CALLS = ["t0", "t1", "t2", "t3"];
const ts = "2026-01-01T00:00:00.000Z";

const block = fc.oneof(
  fc.record({ type: fc.constant("text"), text: fc.constantFrom("a", "  ", "b c") }),
  fc.record(
    { type: fc.constant("thinking"), thinking: fc.constantFrom("hm", " "), thinkingSignature: fc.constantFrom("sig", undefined) },
    { requiredKeys: ["type", "thinking"] },
  ),
  fc.record({ type: fc.constant("redactedThinking"), data: fc.constant("enc") }),
  fc.record({ type: fc.constant("toolCall"), id: fc.constantFrom(...CALLS), name: fc.constant("bash"), arguments: fc.constant({}) }),
);

const kind = fc.oneof(
  { weight: 3, arbitrary: fc.record({ k: fc.constant("user"), steering: fc.boolean() }) },
  {
    weight: 4,
    arbitrary: fc.record({
      k: fc.constant("assistant"),
      content: fc.array(block, { maxLength: 3 }),
      stop: fc.constantFrom("stop", "toolUse", "toolUse", "aborted", "error"),
      retry: fc.boolean(),
    }),
  },
  { weight: 4, arbitrary: fc.record({ k: fc.constant("toolResult"), id: fc.constantFrom(...CALLS) }) },
  {
    weight: 2,
    arbitrary: fc.record({
      k: fc.constant("custom_message"),
      t: fc.constantFrom("ttsr-injection", "interrupted-thinking", "prewalk-plan", "ext", "vibe-mode-context", "skill-prompt", "collab-prompt"),
      user: fc.boolean(),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      k: fc.constant("compaction"),
      kept: fc.nat(),
      remote: fc.boolean(),
      v18: fc.constantFrom("none", "handoff", "anthropic", "anthropic-snapshot", "remote-replay", "rollover"),
      through: fc.nat(),
    }),
  },
  { weight: 1, arbitrary: fc.record({ k: fc.constant("notes"), text: fc.constantFrom("keep", "", null) }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant("model_usage") }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant("reset_boundary") }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant("branch_summary"), summary: fc.constantFrom("", "s") }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant("ttsr_injection") }) },
  {
    weight: 2,
    arbitrary: fc.record({
      k: fc.constant("context_edit"),
      target: fc.nat(),
      ahead: fc.nat({ max: 6 }),
      rep: fc.constantFrom(null, { content: "x" }, { content: [{ type: "text", text: "y" }] }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ k: fc.constant("system"), content: fc.constantFrom("p", null), sections: fc.constantFrom(undefined, { s: "v" }) }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant("usage") }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant("null_content"), role: fc.constantFrom("user", "assistant", "toolResult") }) },
);
const step = fc.record({ kind, branch: fc.nat({ max: 9 }), pick: fc.nat() });

function toText(steps: { kind: Record<string, any>; branch: number; pick: number }[]): string {
  const lines: unknown[] = [{ type: "session", version: 3, id: "s", timestamp: ts, cwd: "/w" }];
  const ids: string[] = [];
  steps.forEach((st, i) => {
    const id = `e${i}`;
    // Mostly continue the last entry; sometimes branch from an earlier one or start at the root.
    const parentId = ids.length === 0 ? null : st.branch < 7 ? ids[ids.length - 1] : st.branch < 9 ? ids[st.pick % ids.length] : ids[0];
    const base = { id, parentId, timestamp: ts };
    const k = st.kind;
    let e: Record<string, unknown>;
    if (k.k === "user") e = { type: "message", ...base, message: { role: "user", content: "u" + i, timestamp: i, ...(k.steering ? { steering: true } : {}) } };
    else if (k.k === "assistant")
      e = {
        type: "message",
        ...base,
        message: {
          role: "assistant",
          content: k.content,
          api: "x",
          provider: "p",
          model: "m",
          usage: {},
          stopReason: k.stop,
          timestamp: i,
          ...(k.retry && i % 5 === 0 ? { retryRecovery: true } : {}),
        },
      };
    else if (k.k === "toolResult")
      e = {
        type: "message",
        ...base,
        message: { role: "toolResult", toolCallId: k.id, toolName: "bash", content: [{ type: "text", text: "r" + i }], isError: false, timestamp: i },
      };
    else if (k.k === "custom_message")
      e = {
        type: "custom_message",
        ...base,
        customType: k.t,
        content: "c" + i,
        display: false,
        attribution: k.user ? "user" : "agent",
        details: { deliveryId: "d" + i },
      };
    else if (k.k === "compaction") {
      const pre = ids.length ? ids[k.kept % ids.length] : "none";
      // Every fifth keeps nothing (firstKeptEntryId = its own id, pi 1.x retain-none); remote ones carry a system message.
      const firstKeptEntryId = k.kept % 5 === 0 ? id : pre;
      const extra = k.remote
        ? {
            preserveData: { openaiRemoteCompaction: { provider: "openai", replacementHistory: [] } },
            systemMessage: { role: "system", content: "folded", timestamp: i },
          }
        : {};
      const through = ids.length ? ids[k.through % ids.length] : "none";
      const v18: Record<string, Record<string, unknown>> = {
        none: {},
        handoff: { method: "handoff", tokensAfter: 1 },
        anthropic: { method: "remote", preserveData: { anthropicCompaction: { provider: "anthropic", content: "native" } } },
        "anthropic-snapshot": {
          method: "remote",
          firstKeptEntryId: "",
          providerReplayThroughEntryId: through,
          preserveData: { anthropicCompaction: { provider: "anthropic", content: "native" } },
        },
        "remote-replay": {
          method: "remote",
          providerReplayThroughEntryId: through,
          preserveData: { openaiRemoteCompaction: { provider: "openai", replacementHistory: [{ type: "message" }] } },
        },
        rollover: { details: { kind: "experimental-context-rollover" } },
      };
      e = { type: "compaction", ...base, summary: "S" + i, firstKeptEntryId, tokensBefore: 1, ...extra, ...v18[k.v18] };
    } else if (k.k === "branch_summary")
      e = { type: "branch_summary", ...base, ...(st.pick % 4 === 0 ? { parentId: null } : {}), fromId: ids[0] ?? "root", summary: k.summary };
    else if (k.k === "context_edit")
      e = {
        type: "context_edit",
        ...base,
        targetId: k.ahead === 0 || ids.length === 0 ? `e${i + 1 + (k.target % 3)}` : ids[k.target % ids.length],
        replacement: k.rep,
      };
    else if (k.k === "system")
      e = { type: "message", ...base, message: { role: "system", content: k.content, ...(k.sections ? { sections: k.sections } : {}), timestamp: i } };
    else if (k.k === "usage") e = { type: "usage", ...base, kind: "cache_warm", usage: {} };
    else if (k.k === "model_usage") e = { type: "model_usage", ...base, purpose: "title", api: "x", provider: "p", model: "m", usage: {}, stopReason: "stop" };
    else if (k.k === "notes")
      e = {
        type: "custom",
        ...base,
        customType: "experimental_context_notes",
        data: k.text === null ? { version: 2, text: "x" } : { version: 1, text: k.text },
      };
    else if (k.k === "null_content")
      e = { type: "message", ...base, message: { role: k.role, content: null, timestamp: i, ...(k.role === "toolResult" ? { toolCallId: "t0" } : {}) } };
    else if (k.k === "ttsr_injection") e = { type: "ttsr_injection", ...base, injectedRules: ["r"] };
    else e = { type: "reset_boundary", ...base };
    lines.push(e);
    ids.push(id);
  });
  return lines.map((l) => JSON.stringify(l)).join("\n") + "\n";
}

describe("pi context properties", () => {
  it("incremental turn contexts equal toMsgs(buildPiContext) at every turn, every profile", () => {
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 40 }), (steps) => {
        const s = parsePi(toText(steps), { file: "p" });
        for (const profile of PI_PROFILES) {
          for (const t of piTurnContexts(s, { profile })) {
            expect(toArray(t.messages)).toEqual(piToMsgs(s, buildPiContext(s, t.ref.leafId, { profile }), { profile }));
          }
        }
      }),
      { numRuns: 400 },
    );
  });

  it("contextsAt (compaction diffs' shortcut) equals toMsgs(buildPiContext) at every entry, every profile", () => {
    let shortcuts = 0; // the shortcut must apply, or this property says nothing
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 40 }), (steps) => {
        const s = parsePi(toText(steps), { file: "p" });
        for (const profile of PI_PROFILES) {
          // As in an audit, after the turn contexts (sharing their builder) or on its own, in another order.
          if (s.entries.length % 2) [...piTurnContexts(s, { profile })];
          const at = piContextsAt(s, { profile });
          for (const e of [...s.entries].reverse()) {
            const fast = at(e.id);
            if (fast) shortcuts++;
            if (fast) expect(fast).toEqual({ systemPrompt: null, messages: piToMsgs(s, buildPiContext(s, e.id, { profile }), { profile }) });
          }
        }
      }),
      { numRuns: 300 },
    );
    expect(shortcuts).toBeGreaterThan(0);
  });

  it("buildContext leaves its input unchanged", () => {
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 25 }), (steps) => {
        const s = parsePi(toText(steps), { file: "p" });
        const before = JSON.stringify(s.entries.map((e) => e.raw));
        for (const e of s.entries) for (const profile of PI_PROFILES) piToMsgs(s, buildPiContext(s, e.id, { profile }), { profile });
        for (const profile of PI_PROFILES) [...piTurnContexts(s, { profile })];
        expect(JSON.stringify(s.entries.map((e) => e.raw))).toBe(before);
      }),
      { numRuns: 100 },
    );
  });
});
