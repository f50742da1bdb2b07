// Compaction diffs pair kept messages by (role, source ids, text), then by (role, text) (design §3). The
// pairing keys the text on its own (no joined key string per message); it must pair exactly as one joined
// string key per message does, multiplicity and order included, and fall back to it where a NUL in a role
// or source id could make two key tuples one string.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { matchByStringKeys, matchPositions } from "../../../src/context/compaction.js";
import type { Msg, Role } from "../../../src/formats/types.js";

const msg = (role: string, text: string, sourceIds: string[]): Msg => ({ role: role as Role, nativeRole: role, text, blocks: [], sourceIds, reminders: [] });
const pairs = (m: Map<number, number>) => [...m];

describe("context/compaction: kept-message pairing", () => {
  // Few values, so that equal texts, shared ids and equal (role, text) under other ids are common.
  const arbMsg = (roles: string[], ids: string[]) =>
    fc
      .tuple(fc.constantFrom(...roles), fc.constantFrom("", "x", "y", "x\u0000y", "b\u0000y", "x,y"), fc.array(fc.constantFrom(...ids), { maxLength: 2 }))
      .map(([role, text, sourceIds]) => msg(role, text, sourceIds));
  const lists = (roles: string[], ids: string[]) => [fc.array(arbMsg(roles, ids), { maxLength: 12 }), fc.array(arbMsg(roles, ids), { maxLength: 12 })] as const;
  it("pairs as one joined string key per message does, on random before/after lists", () => {
    fc.assert(
      fc.property(...lists(["user", "assistant", "toolResult"], ["1", "2", "1,2", "b"]), (before, after) => {
        expect(pairs(matchPositions(before, after))).toEqual(pairs(matchByStringKeys(before, after)));
      }),
      { numRuns: 3000 },
    );
  });
  it("pairs as fresh keys do when one heads map serves several compactions over the same message objects", () => {
    const pool = fc.array(arbMsg(["user", "assistant"], ["1", "2", "1,2"]), { minLength: 1, maxLength: 10 });
    const picks = fc.array(fc.tuple(fc.array(fc.nat(), { maxLength: 10 }), fc.array(fc.nat(), { maxLength: 10 })), { minLength: 1, maxLength: 4 });
    fc.assert(
      fc.property(pool, picks, (msgs, sides) => {
        const heads = new Map<Msg, string>();
        for (const [b, a] of sides) {
          const before = b.map((i) => msgs[i % msgs.length]);
          const after = a.map((i) => msgs[i % msgs.length]);
          expect(pairs(matchPositions(before, after, heads))).toEqual(pairs(matchByStringKeys(before, after)));
        }
      }),
      { numRuns: 1000 },
    );
  });
  it("pairs as the joined key does when roles or ids hold a NUL", () => {
    fc.assert(
      fc.property(...lists(["user", "a\u0000b", "a"], ["1", "3\u0000", "b"]), (before, after) => {
        expect(pairs(matchPositions(before, after))).toEqual(pairs(matchByStringKeys(before, after)));
      }),
      { numRuns: 1000 },
    );
  });
  it("a NUL inside a role or id pairs as the joined key does (the keys that collide pair)", () => {
    const before = [msg("a\u0000b", "t", [])];
    const after = [msg("a", "b\u0000t", [])];
    expect(pairs(matchPositions(before, after))).toEqual([[0, 0]]);
  });
  it("repeated messages pair in order, first with first", () => {
    const before = [msg("user", "same", ["1"]), msg("user", "same", ["2"]), msg("user", "same", ["1"])];
    const after = [msg("user", "same", ["9"]), msg("user", "same", ["1"]), msg("user", "same", ["1"])];
    expect(pairs(matchPositions(before, after))).toEqual([
      [0, 1],
      [2, 2],
      [1, 0],
    ]);
  });
});
