// The message table interns by identity, then by content: two messages share an index exactly when their JSON is
// equal. Candidates are found by the first source id (or a fingerprint without one) and compared by shape before
// any JSON is made; that must never split or merge what JSON keys would.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MessageTable } from "../../../../src/app/audit/session.js";
import type { Msg } from "../../../../src/formats/types.js";

/** The reference: one JSON key per message, indices in order of first appearance. */
function byJson(ms: readonly Msg[]): number[] {
  const seen = new Map<string, number>();
  return ms.map((m) => {
    const k = JSON.stringify(m);
    let i = seen.get(k);
    if (i === undefined) {
      i = seen.size;
      seen.set(k, i);
    }
    return i;
  });
}

// Few values, so that equal first ids with other shapes, equal shapes with other content and equal JSON are common.
const arbMsg = fc
  .record({
    role: fc.constantFrom("user", "assistant", "toolResult"),
    text: fc.constantFrom("", "ab", "cd", "abc"),
    blocks: fc.array(fc.constantFrom<unknown>({ type: "text", text: "ab" }, { type: "toolCall", name: "x" }, null), { maxLength: 2 }),
    sourceIds: fc.array(fc.constantFrom<unknown>("e1", "e2", "e1,e2", null, undefined), { maxLength: 3 }),
  })
  .map((r) => ({ ...r, nativeRole: r.role, reminders: [] }) as unknown as Msg);

describe("app/audit/session: MessageTable interns as JSON keys do", () => {
  it("gives equal indices exactly to messages with equal JSON, on random lists", () => {
    fc.assert(
      fc.property(fc.array(arbMsg, { maxLength: 30 }), (ms) => {
        const t = new MessageTable();
        expect(ms.map((m) => t.index(m))).toEqual(byJson(ms));
        expect(t.messages.length).toBe(new Set(ms.map((m) => JSON.stringify(m))).size);
      }),
      { numRuns: 2000 },
    );
  });

  it("a repeated object keeps its index; a copy with the same JSON gets it too, a same-shaped other does not", () => {
    const t = new MessageTable();
    const a = { role: "user", nativeRole: "user", text: "ab", blocks: [], sourceIds: ["e1"], reminders: [] } as unknown as Msg;
    expect(t.index(a)).toBe(0);
    expect(t.index(a)).toBe(0);
    expect(t.index({ ...a })).toBe(0);
    expect(t.index({ ...a, text: "cd" })).toBe(1);
    expect(t.index({ ...a, sourceIds: [] })).toBe(2);
    expect(t.index({ ...a, sourceIds: [] })).toBe(2);
    expect(t.messages).toHaveLength(3);
  });
});
