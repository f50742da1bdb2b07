// design §8: delta views recompose to the full views — over generated pi v3 session trees with branches,
// tool loops, compactions and custom messages, under both context profiles.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { recompose, turnViews } from "../../src/context/turns.js";
import { isSession, parseSession } from "../../src/formats/index.js";

type Kind = "user" | "assistant" | "tool" | "compaction" | "custom" | "aborted";

/** A v3 file: each entry hangs under a random earlier entry (branches) or the previous one. */
function piFile(steps: Array<{ kind: Kind; parent: number; text: string }>): string {
  const lines = [JSON.stringify({ type: "session", version: 3, id: "s", timestamp: "2026-01-01T00:00:00.000Z", cwd: "/p" })];
  const ids: string[] = [];
  steps.forEach((st, i) => {
    const id = `e${i}`;
    const parentId = i === 0 ? null : ids[st.parent % ids.length];
    const base = { id, parentId, timestamp: "2026-01-01T00:00:00.000Z" };
    const usage = { input: 1, output: 1, cacheRead: 0, cacheWrite: 0, totalTokens: 2, cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 } };
    const assistant = (stopReason: string, content: unknown[]) => ({ role: "assistant", content, api: "x", provider: "p", model: "m", usage, stopReason, timestamp: i });
    let entry: Record<string, unknown>;
    switch (st.kind) {
      case "user":
        entry = { type: "message", ...base, message: { role: "user", content: [{ type: "text", text: st.text }], timestamp: i } };
        break;
      case "assistant":
        entry = { type: "message", ...base, message: assistant("toolUse", [{ type: "text", text: st.text }, { type: "toolCall", id: `c${i}`, name: "bash", arguments: { command: st.text } }]) };
        break;
      case "aborted":
        entry = { type: "message", ...base, message: { ...assistant("aborted", [{ type: "text", text: st.text }]), errorMessage: "Request was aborted." } };
        break;
      case "tool": {
        const callId = `c${Math.max(0, i - 1)}`;
        entry = { type: "message", ...base, message: { role: "toolResult", toolCallId: callId, toolName: "bash", content: [{ type: "text", text: st.text }], isError: false, timestamp: i } };
        break;
      }
      case "compaction":
        entry = { type: "compaction", ...base, summary: st.text, firstKeptEntryId: ids[st.parent % ids.length] ?? "none", tokensBefore: 10 };
        break;
      case "custom":
        entry = { type: "custom_message", customType: "note", content: st.text, display: false, ...base };
        break;
    }
    ids.push(id);
    lines.push(JSON.stringify(entry));
  });
  return lines.join("\n") + "\n";
}

const step = fc.record({
  kind: fc.constantFrom<Kind>("user", "assistant", "assistant", "tool", "tool", "compaction", "custom", "aborted"),
  parent: fc.nat(),
  text: fc.string({ maxLength: 12 }),
});
const linearish = fc.array(step, { minLength: 1, maxLength: 40 }).map((steps) =>
  // Mostly chain to the previous entry, sometimes branch off an earlier one.
  steps.map((s, i) => ({ ...s, parent: s.parent % 5 === 0 ? s.parent : Math.max(0, i - 1) })),
);

describe("property: delta views recompose to the full views", () => {
  for (const profile of ["pi", "omp17"]) {
    it(`pi trees under ${profile}`, () => {
      fc.assert(
        fc.property(linearish, (steps) => {
          const s = parseSession(piFile(steps), { profile });
          if (!isSession(s)) throw new Error("generated file did not parse as a session");
          const full = turnViews(s, { scope: "all" }).turns;
          const delta = turnViews(s, { scope: "all", delta: true }).turns;
          const rebuilt = recompose(delta);
          expect(delta.map((t) => t.index)).toEqual(full.map((t) => t.index));
          for (const t of full) expect(rebuilt.get(t.index)).toEqual(t.messages);
        }),
        { numRuns: 150 },
      );
    });
  }
});
