// TreeIndex (the incremental builder's tree questions) against their definitions, walked parent by parent, on
// parent maps with roots, missing parents, self-parents and cycles.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { ScorelSession } from "../../../../../src/formats/scorel/model.js";
import { TreeIndex } from "../../../../../src/formats/scorel/context/tree-index.js";

const sessionOf = (parent: Map<string, string | null>): ScorelSession => ({ tree: { parent } }) as unknown as ScorelSession;

/** The ids from `id` up to its root, or null when the walk meets a cycle (such nodes are not numbered). */
function chain(parent: Map<string, string | null>, id: string): string[] | null {
  const out: string[] = [];
  for (let cur: string | null | undefined = id; cur != null && parent.has(cur); cur = parent.get(cur)) {
    if (out.includes(cur)) return null;
    out.push(cur);
  }
  return out;
}

// Node i's parent: null, a missing id, or any node (earlier, later, itself: cycles included).
const parents = fc.array(fc.oneof(fc.constant<number | null>(null), fc.constant(-1), fc.nat(30)), { maxLength: 30 }).map((ps) => {
  const m = new Map<string, string | null>();
  for (const [i, p] of ps.entries()) m.set(`e${i}`, p === null ? null : p === -1 ? "missing" : `e${p % ps.length}`);
  return m;
});

describe("TreeIndex", () => {
  it("has, depth and isAncestorOrSelf follow the parent chains; nodes on a cycle are not numbered", () => {
    fc.assert(
      fc.property(parents, (parent) => {
        const t = new TreeIndex(sessionOf(parent));
        const ids = [...parent.keys(), "missing", "unknown"];
        for (const b of ids) {
          const up = parent.has(b) ? chain(parent, b) : null;
          expect(t.has(b)).toBe(up !== null);
          expect(t.depth(b)).toBe(up === null ? undefined : up.length - 1);
          for (const a of ids) expect(t.isAncestorOrSelf(a, b)).toBe(up?.includes(a) ?? false);
        }
      }),
    );
  });

  it("answers for a deep chain without recursion", () => {
    const parent = new Map<string, string | null>([["n0", null]]);
    for (let i = 1; i < 100_000; i++) parent.set(`n${i}`, `n${i - 1}`);
    const t = new TreeIndex(sessionOf(parent));
    expect(t.depth("n99999")).toBe(99_999);
    expect(t.isAncestorOrSelf("n5", "n99999")).toBe(true);
    expect(t.isAncestorOrSelf("n99999", "n5")).toBe(false);
    expect(t.upTo("n10", "n7")).toEqual(["n10", "n9", "n8", "n7"]);
  });
});
