// dropLastUserTurns (docs/codex.md §2.3): the cut at the N-th last user turn, and 0.169.0's trim of the context
// messages just before it. The recorded rollbacks (recorded.test.ts) check both against the binaries.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { CodexItem } from "../../../../src/formats/codex/model.js";
import { dropLastUserTurns } from "../../../../src/formats/codex/rollback.js";

const msg = (role: string, text: string): CodexItem => ({
  item: { type: "message", role, content: [{ type: "input_text", text }] },
  sourceId: `${role}:${text}`,
});
const history: CodexItem[] = [
  msg("developer", "base"),
  msg("user", "<environment_context>one</environment_context>"),
  msg("user", "first"),
  msg("assistant", "a1"),
  msg("developer", "<permissions instructions>"),
  msg("user", "# AGENTS.md instructions for /w"),
  msg("user", "second"),
  msg("assistant", "a2"),
];
const ids = (h: CodexItem[]) => h.map((x) => x.sourceId);

describe("dropLastUserTurns", () => {
  it("cuts at the N-th last user turn; context messages do not count as turns", () => {
    expect(ids(dropLastUserTurns(history, 1))).toEqual(ids(history.slice(0, 6)));
    expect(ids(dropLastUserTurns(history, 2))).toEqual(ids(history.slice(0, 2)));
    // More turns than there are: everything from the first turn on.
    expect(ids(dropLastUserTurns(history, 9))).toEqual(ids(history.slice(0, 2)));
    expect(ids(dropLastUserTurns(history, 0))).toEqual(ids(history));
  });

  it("0.169.0's reader also drops the context messages just before the cut", () => {
    expect(ids(dropLastUserTurns(history, 1, true))).toEqual(ids(history.slice(0, 4)));
    expect(ids(dropLastUserTurns(history, 2, true))).toEqual([]);
  });

  it("the trimmed history is a prefix of the untrimmed one, and never keeps the dropped turn", () => {
    const item = fc.constantFrom(msg("user", "turn"), msg("developer", "dev"), msg("user", "<environment_context>x"), msg("assistant", "reply"), {
      item: { type: "function_call", call_id: "c" },
      sourceId: "call",
    });
    fc.assert(
      fc.property(fc.array(item, { maxLength: 20 }), fc.integer({ min: 1, max: 5 }), (h, n) => {
        const plain = dropLastUserTurns(h, n);
        const trimmed = dropLastUserTurns(h, n, true);
        expect(ids(plain).slice(0, trimmed.length)).toEqual(ids(trimmed));
        const turns = h.filter((x) => x.sourceId === "user:turn").length;
        const kept = plain.filter((x) => x.sourceId === "user:turn").length;
        expect(kept).toBe(Math.max(0, turns - n));
      }),
    );
  });
});
