// The Euler times answer "is a an ancestor of b (or b itself)" and "how deep is n" for every entry of a pi tree.
import { describe, expect, it } from "vitest";
import { eulerTimes } from "../../../../src/formats/pi/euler.js";
import { assistant, header, jsonl, parseText, text, user } from "./helpers.js";

describe("formats/pi/euler: DFS entry/exit times", () => {
  it("gives depths and ancestor tests that agree with walking the parents, on a tree with two branches", () => {
    const s = parseText(
      jsonl(
        header(),
        user("u1", null, "q1"),
        assistant("a1", "u1", [text("r1")]),
        user("u2", "a1", "q2"),
        assistant("a2", "u2", [text("r2")]),
        user("v1", "a1", "other"),
        assistant("b1", "v1", [text("rb")]),
        user("w1", "u1", "again"),
      ),
    );
    const { slot, tin, tout, depth } = eulerTimes(s);
    const ids = ["u1", "a1", "u2", "a2", "v1", "b1", "w1"];
    expect([...slot.keys()].sort()).toEqual([...ids].sort());
    const ancestors = (id: string): string[] => {
      const out: string[] = [];
      for (let c: string | null | undefined = id; c; c = s.tree.parent.get(c)) out.push(c);
      return out;
    };
    for (const b of ids) {
      expect(depth[slot.get(b)!]).toBe(ancestors(b).length - 1);
      for (const a of ids) {
        const x = slot.get(a)!;
        const y = slot.get(b)!;
        expect(tin[x] <= tin[y] && tout[y] <= tout[x]).toBe(ancestors(b).includes(a));
      }
    }
  });
});
