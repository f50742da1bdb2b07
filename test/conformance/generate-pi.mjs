// Random pi session files (fast-check): trees with branches and second roots, compactions (kept range,
// retain-none, with a system message), context edits (replace, omit, latest wins, off-branch, ahead of their
// target), system messages with sections, usage entries, null content and custom message fields. Shared by the
// pi adapter; shapes are those pi 1.5.2 writes plus the hand-edited variants its loader tolerates.
import fc from "fast-check";

const CALLS = ["t0", "t1", "t2"];
const TS = "2026-01-01T00:00:00.000Z";

const text = (t) => ({ type: "text", text: t });
const content = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom([text("a")], [text("b"), text("c")]) },
  { weight: 1, arbitrary: fc.constant("plain") },
  { weight: 1, arbitrary: fc.constant(null) },
);
const block = fc.oneof(
  fc.constantFrom(text("x"), text(" ")),
  fc.record({ type: fc.constant("thinking"), thinking: fc.constant("hm") }),
  fc.record({ type: fc.constant("toolCall"), id: fc.constantFrom(...CALLS), name: fc.constant("bash"), arguments: fc.constant({}) }),
);
const replacement = fc.oneof(fc.constant(null), fc.constant({ content: "edited" }), fc.constant({ content: [text("edited"), text("twice")] }), fc.constant({}));

const kind = fc.oneof(
  { weight: 3, arbitrary: fc.record({ k: fc.constant("user"), c: content }) },
  {
    weight: 3,
    arbitrary: fc.record({
      k: fc.constant("assistant"),
      c: fc.oneof({ weight: 5, arbitrary: fc.array(block, { maxLength: 3 }) }, { weight: 1, arbitrary: fc.constant(null) }),
      stop: fc.constantFrom("stop", "toolUse", "aborted", "error"),
    }),
  },
  { weight: 2, arbitrary: fc.record({ k: fc.constant("toolResult"), id: fc.constantFrom(...CALLS), c: content }) },
  {
    weight: 2,
    arbitrary: fc.record({
      k: fc.constant("system"),
      c: fc.constantFrom("You are a coding agent.", "", null, [text("sys")]),
      sections: fc.constantFrom(undefined, { rules: "r1" }, { rules: null, mcp: "m" }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ k: fc.constant("custom_message"), c: content, attribution: fc.constantFrom(undefined, "agent", "user"), display: fc.boolean() }),
  },
  { weight: 3, arbitrary: fc.record({ k: fc.constant("context_edit"), target: fc.nat(), ahead: fc.nat({ max: 9 }), rep: replacement }) },
  {
    weight: 1,
    arbitrary: fc.record({ k: fc.constant("compaction"), kept: fc.nat(), mode: fc.constantFrom("kept", "kept", "self", "missing"), sys: fc.boolean() }),
  },
  { weight: 1, arbitrary: fc.record({ k: fc.constant("branch_summary"), summary: fc.constantFrom("", "s"), root: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant("usage") }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant("model_change"), m: fc.constantFrom("m1", "m2") }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant("thinking_level_change"), level: fc.constantFrom("low", "high") }) },
);
const step = fc.record({ kind, branch: fc.nat({ max: 9 }), pick: fc.nat() });

function entryOf(st, i, ids) {
  const id = `e${i}`;
  const parentId = ids.length === 0 ? null : st.branch < 7 ? ids[ids.length - 1] : st.branch < 9 ? ids[st.pick % ids.length] : ids[0];
  const base = { id, parentId, timestamp: TS };
  const k = st.kind;
  const m = (message) => ({ type: "message", ...base, message: { ...message, timestamp: i } });
  switch (k.k) {
    case "user":
      return m({ role: "user", content: k.c });
    case "assistant":
      return m({ role: "assistant", content: k.c, api: "x", provider: "p", model: "m", usage: {}, stopReason: k.stop });
    case "toolResult":
      return m({ role: "toolResult", toolCallId: k.id, toolName: "bash", content: k.c, isError: false });
    case "system":
      return m({ role: "system", content: k.c, ...(k.sections ? { sections: k.sections } : {}) });
    case "custom_message":
      return { type: "custom_message", ...base, customType: "ext", content: k.c, display: k.display, ...(k.attribution ? { attribution: k.attribution } : {}) };
    case "context_edit": {
      // Mostly an earlier entry (on or off the branch); sometimes one written later (an edit ahead of its target).
      const targetId = k.ahead === 0 || ids.length === 0 ? `e${i + 1 + (k.target % 3)}` : ids[k.target % ids.length];
      return { type: "context_edit", ...base, targetId, replacement: k.rep };
    }
    case "compaction": {
      const firstKeptEntryId = k.mode === "self" || ids.length === 0 ? id : k.mode === "missing" ? "nowhere" : ids[k.kept % ids.length];
      const sys = k.sys ? { systemMessage: { role: "system", content: "folded prompt", sections: { rules: "r" }, timestamp: i } } : {};
      return { type: "compaction", ...base, summary: `S${i}`, firstKeptEntryId, tokensBefore: 10, ...sys };
    }
    case "branch_summary":
      return { type: "branch_summary", ...base, parentId: k.root ? null : parentId, fromId: ids[0] ?? "root", summary: k.summary };
    case "usage":
      return { type: "usage", ...base, kind: "cache_warm", provider: "p", model: "m", usage: { input: 1, output: 0 } };
    case "model_change":
      return { type: "model_change", ...base, provider: "p", modelId: k.m };
    default:
      return { type: "thinking_level_change", ...base, thinkingLevel: k.level };
  }
}

/** One session file's text from generated steps. */
export function sessionText(steps) {
  const lines = [{ type: "session", version: 3, id: "gen", timestamp: TS, cwd: "/w" }];
  const ids = [];
  steps.forEach((st, i) => {
    lines.push(entryOf(st, i, ids));
    ids.push(`e${i}`);
  });
  return lines.map((l) => JSON.stringify(l)).join("\n") + "\n";
}

/** `runs` generated session texts, reproducible from `seed`. */
export function generatePiSessions(runs, seed) {
  return fc.sample(fc.array(step, { minLength: 1, maxLength: 30 }), { numRuns: runs, seed }).map(sessionText);
}
