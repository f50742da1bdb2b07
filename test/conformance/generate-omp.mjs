// Random oh-my-pi 18 session files (fast-check): the shapes a hand-edited omp file can have. Trees with branches
// and second roots, a title slot (padded, unpadded or absent), messages (empty and whitespace error turns,
// retryRecovery turns, dangling tool calls), custom messages (deliveryId details, prewalk/vibe/interrupted-
// thinking types, attribution), context notes (valid, oversized keys, cleared), compactions (method, tokensAfter,
// providerReplayThroughEntryId, Anthropic / OpenAI payloads, rollover details, empty or missing kept id),
// branch summaries, model_usage, model changes (role form and legacy form), thinking levels, modes, TTSR
// injections, /clear boundaries, labels, title changes, credential pins. Read src/session/session-entries.ts.
import fc from "fast-check";

const CALLS = ["t0", "t1", "t2"];
const TS = "2026-09-27T10:00:00.000Z";
const text = (t) => ({ type: "text", text: t });
const U = { input: 1, output: 1, cacheRead: 0, cacheWrite: 0, totalTokens: 2, cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 } };
// Mostly what omp writes; sometimes a usage without cost (omp 18's loader throws on it: the session is refused).
const usage = fc.constantFrom(U, U, U, U, U, { input: 1, output: 0 });

const content = fc.oneof({ weight: 4, arbitrary: fc.constantFrom([text("a")], [text("b"), text("c")]) }, { weight: 1, arbitrary: fc.constant("plain") });
const block = fc.oneof(
  fc.constantFrom(text("x"), text(" ")),
  fc.record({ type: fc.constant("thinking"), thinking: fc.constantFrom("hm", " "), thinkingSignature: fc.constantFrom(undefined, "sig") }),
  fc.record({ type: fc.constant("toolCall"), id: fc.constantFrom(...CALLS), name: fc.constant("bash"), arguments: fc.constant({}) }),
);
const notes = fc.constantFrom({ version: 1, text: "keep going" }, { version: 1, text: "" }, { version: 2, text: "x" }, { version: 1, text: "x", extra: 1 });
const payload = fc.constantFrom(
  undefined,
  { anthropicCompaction: { provider: "anthropic", content: "native" } },
  { anthropicCompaction: { provider: "", content: "native" } },
  { openaiRemoteCompaction: { provider: "openai", replacementHistory: [{ type: "message", role: "user", content: "kept" }] } },
);

const kind = fc.oneof(
  { weight: 3, arbitrary: fc.record({ k: fc.constant("user"), c: content }) },
  {
    weight: 3,
    arbitrary: fc.record({
      k: fc.constant("assistant"),
      c: fc.array(block, { maxLength: 3 }),
      stop: fc.constantFrom("stop", "toolUse", "aborted", "error", "error"),
      retry: fc.boolean(),
      model: fc.constantFrom("m", "m2"),
      usage,
    }),
  },
  { weight: 2, arbitrary: fc.record({ k: fc.constant("toolResult"), id: fc.constantFrom(...CALLS), c: content }) },
  {
    weight: 2,
    arbitrary: fc.record({
      k: fc.constant("custom_message"),
      type: fc.constantFrom("ext", "ttsr-injection", "prewalk-plan", "vibe-mode-context", "interrupted-thinking"),
      c: fc.oneof(content, fc.constant("")),
      delivery: fc.boolean(),
      attribution: fc.constantFrom(undefined, "agent", "user"),
      display: fc.boolean(),
    }),
  },
  { weight: 1, arbitrary: fc.record({ k: fc.constant("notes"), data: notes }) },
  {
    weight: 2,
    arbitrary: fc.record({
      k: fc.constant("compaction"),
      kept: fc.nat(),
      mode: fc.constantFrom("kept", "kept", "empty", "missing"),
      method: fc.constantFrom(undefined, "remote", "snapcompact", "handoff", "soft", "shake"),
      tokensAfter: fc.boolean(),
      replay: fc.nat({ max: 3 }),
      payload,
      rollover: fc.boolean(),
    }),
  },
  { weight: 1, arbitrary: fc.record({ k: fc.constant("branch_summary"), summary: fc.constantFrom("", "s"), root: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant("model_usage"), usage }) },
  {
    weight: 1,
    arbitrary: fc.record({
      k: fc.constant("model_change"),
      m: fc.constantFrom("p/m1", "p/m2"),
      role: fc.constantFrom(undefined, "default", "smol"),
      legacy: fc.boolean(),
    }),
  },
  { weight: 1, arbitrary: fc.record({ k: fc.constant("thinking_level_change"), level: fc.constantFrom("low", "high", null) }) },
  {
    weight: 1,
    arbitrary: fc.record({
      k: fc.constant("other"),
      t: fc.constantFrom("mode_change", "ttsr_injection", "reset_boundary", "label", "title_change", "credential_pin"),
    }),
  },
);
const step = fc.record({ kind, branch: fc.nat({ max: 9 }), pick: fc.nat() });

function other(t, base, ids, pick) {
  switch (t) {
    case "mode_change":
      return { type: t, ...base, mode: pick % 2 ? "plan" : "none" };
    case "ttsr_injection":
      return { type: t, ...base, injectedRules: [`r${pick % 2}`] };
    case "label":
      return { type: t, ...base, targetId: ids[pick % Math.max(ids.length, 1)] ?? "nowhere", label: "l" };
    case "title_change":
      return { type: t, ...base, title: "T", source: "user" };
    case "credential_pin":
      return { type: t, ...base, provider: "p", hash: "h" };
    default:
      return { type: t, ...base };
  }
}

function entryOf(st, i, ids) {
  const id = `e${i}`;
  const parentId = ids.length === 0 ? null : st.branch < 7 ? ids[ids.length - 1] : st.branch < 9 ? ids[st.pick % ids.length] : ids[0];
  const base = { id, parentId, timestamp: TS };
  const k = st.kind;
  const m = (message) => ({ type: "message", ...base, message: { ...message, timestamp: i } });
  switch (k.k) {
    case "user":
      return m({ role: "user", content: k.c });
    case "assistant": {
      const extra = { ...(k.stop === "error" ? { errorMessage: "boom" } : {}), ...(k.retry ? { retryRecovery: true } : {}) };
      return m({ role: "assistant", content: k.c, api: "x", provider: "p", model: k.model, usage: k.usage, stopReason: k.stop, ...extra });
    }
    case "toolResult":
      return m({ role: "toolResult", toolCallId: k.id, toolName: "bash", content: k.c, isError: false });
    case "custom_message": {
      const details = k.delivery ? { deliveryId: `d${i}` } : undefined;
      return {
        type: "custom_message",
        ...base,
        customType: k.type,
        content: k.c,
        display: k.display,
        ...(details ? { details } : {}),
        ...(k.attribution ? { attribution: k.attribution } : {}),
      };
    }
    case "notes":
      return { type: "custom", ...base, customType: "experimental_context_notes", data: k.data };
    case "compaction": {
      const firstKeptEntryId = k.mode === "empty" || ids.length === 0 ? "" : k.mode === "missing" ? "nowhere" : ids[k.kept % ids.length];
      const replay = k.replay > 0 && ids.length > 0 ? { providerReplayThroughEntryId: ids[(k.kept + k.replay) % ids.length] } : {};
      return {
        type: "compaction",
        ...base,
        summary: `S${i}`,
        firstKeptEntryId,
        tokensBefore: 10,
        ...(k.tokensAfter ? { tokensAfter: 4 } : {}),
        ...(k.method ? { method: k.method } : {}),
        ...replay,
        ...(k.payload ? { preserveData: k.payload } : {}),
        ...(k.rollover ? { details: { kind: "experimental-context-rollover", version: 1 } } : {}),
      };
    }
    case "branch_summary":
      return { type: "branch_summary", ...base, parentId: k.root ? null : parentId, fromId: ids[0] ?? "root", summary: k.summary };
    case "model_usage":
      return { type: "model_usage", ...base, purpose: "title", api: "x", provider: "p", model: "small", usage: k.usage, stopReason: "stop" };
    case "model_change":
      return k.legacy
        ? { type: "model_change", ...base, provider: "p", modelId: "legacy" }
        : { type: "model_change", ...base, model: k.m, ...(k.role ? { role: k.role } : {}) };
    case "thinking_level_change":
      return { type: "thinking_level_change", ...base, thinkingLevel: k.level };
    default:
      return other(k.t, base, ids, st.pick);
  }
}

/** The 256-byte first line omp 17+ writes (or a hand-edited one without the pad). */
function titleSlot(padded) {
  const slot = { type: "title", v: 1, title: "", updatedAt: TS };
  if (!padded) return JSON.stringify(slot);
  const bare = JSON.stringify({ ...slot, pad: "" });
  return JSON.stringify({ ...slot, pad: " ".repeat(255 - Buffer.byteLength(bare)) });
}

/** One session file's text from a title-slot choice and generated steps. */
export function sessionText(slot, steps) {
  const lines = [
    ...(slot === "none" ? [] : [titleSlot(slot === "padded")]),
    JSON.stringify({ type: "session", version: 3, id: "gen", timestamp: TS, cwd: "/w" }),
  ];
  const ids = [];
  steps.forEach((st, i) => {
    lines.push(JSON.stringify(entryOf(st, i, ids)));
    ids.push(`e${i}`);
  });
  return lines.join("\n") + "\n";
}

/** `runs` generated session texts, reproducible from `seed`. */
export function generateOmpSessions(runs, seed) {
  const arb = fc.tuple(fc.constantFrom("padded", "padded", "bare", "none"), fc.array(step, { minLength: 1, maxLength: 30 }));
  return fc.sample(arb, { numRuns: runs, seed }).map(([slot, steps]) => sessionText(slot, steps));
}
