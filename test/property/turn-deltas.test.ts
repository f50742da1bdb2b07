// design §8: delta views recompose to the full views, against the right base turn and with the right removed list — over generated pi v3 session trees with branches,
// tool loops, compactions and custom messages, under both context profiles.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { recompose, turnViews, type DeltaMessages, type FullTurn } from "../../src/context/turns.js";
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
    const assistant = (stopReason: string, content: unknown[]) => ({
      role: "assistant",
      content,
      api: "x",
      provider: "p",
      model: "m",
      usage,
      stopReason,
      timestamp: i,
    });
    let entry: Record<string, unknown>;
    switch (st.kind) {
      case "user":
        entry = { type: "message", ...base, message: { role: "user", content: [{ type: "text", text: st.text }], timestamp: i } };
        break;
      case "assistant":
        entry = {
          type: "message",
          ...base,
          message: assistant("toolUse", [
            { type: "text", text: st.text },
            { type: "toolCall", id: `c${i}`, name: "bash", arguments: { command: st.text } },
          ]),
        };
        break;
      case "aborted":
        entry = { type: "message", ...base, message: { ...assistant("aborted", [{ type: "text", text: st.text }]), errorMessage: "Request was aborted." } };
        break;
      case "tool": {
        const callId = `c${Math.max(0, i - 1)}`;
        entry = {
          type: "message",
          ...base,
          message: { role: "toolResult", toolCallId: callId, toolName: "bash", content: [{ type: "text", text: st.text }], isError: false, timestamp: i },
        };
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

/** Each generated entry's parent index (piFile hangs entry i under `parent % i`). */
const parentIndex = (steps: Array<{ parent: number }>): Array<number | null> => steps.map((st, i) => (i === 0 ? null : st.parent % i));

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

    it(`pi trees under ${profile}: the base is the nearest earlier turn on the root path, and removed lists exactly the base's dropped tail`, () => {
      fc.assert(
        fc.property(linearish, (steps) => {
          const s = parseSession(piFile(steps), { profile });
          if (!isSession(s)) throw new Error("generated file did not parse as a session");
          const full = turnViews(s, { scope: "all" }).turns as FullTurn[];
          const delta = turnViews(s, { scope: "all", delta: true }).turns;
          // The expectation comes from the generator's own parent links, not from the parsed tree.
          const parents = parentIndex(steps);
          const turnAt = new Map(full.map((t) => [Number(t.responseId.slice(1)), t]));
          const expectedBase = (leafId: string | null): FullTurn | null => {
            for (let i = leafId === null ? null : Number(leafId.slice(1)); i !== null; i = parents[i]) {
              const hit = turnAt.get(i);
              if (hit) return hit;
            }
            return null;
          };
          delta.forEach((d, k) => {
            const t = full[k];
            const dm = d.messages as DeltaMessages;
            const base = expectedBase(t.leafId);
            expect(dm.base).toBe(base ? base.index : null);
            const baseMessages = base ? base.messages : [];
            expect(dm.keep).toBeLessThanOrEqual(Math.min(baseMessages.length, t.messages.length));
            expect(t.messages.slice(0, dm.keep)).toEqual(baseMessages.slice(0, dm.keep));
            expect(dm.added).toEqual(t.messages.slice(dm.keep));
            expect(dm.removed).toEqual(baseMessages.map((_, i) => i).slice(dm.keep));
            // Under pi, without a compaction in between, a later turn's context extends its base's list: the
            // delta keeps all of it. (omp17 rebuilds each context, so its deltas may keep less than is equal.)
            if (profile === "pi" && base && t.compactions === undefined) expect([dm.keep, dm.removed]).toEqual([baseMessages.length, []]);
          });
        }),
        { numRuns: 150 },
      );
    });
  }
});
