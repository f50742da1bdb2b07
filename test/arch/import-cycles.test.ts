// No import cycle in src/ (issue 20): files that import each other cannot be read, tested or moved apart.
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { cycles, importGraph } from "./import-graph.js";

const SRC = resolve(import.meta.dirname, "../../src");

describe("architecture: import cycles", () => {
  it("finds a planted cycle, a self-import, and none in a tree", () => {
    const g = new Map([
      ["a.ts", ["b.ts"]],
      ["b.ts", ["c.ts"]],
      ["c.ts", ["a.ts", "d.ts"]],
      ["d.ts", []],
      ["e.ts", ["e.ts"]],
    ]);
    expect(cycles(g)).toEqual([["a.ts", "b.ts", "c.ts"], ["e.ts"]]);
    expect(
      cycles(
        new Map([
          ["x.ts", ["y.ts"]],
          ["y.ts", []],
        ]),
      ),
    ).toEqual([]);
  });

  it("reads the imports of src/ (type-only imports and re-exports included)", () => {
    const g = importGraph(SRC);
    expect(g.size).toBeGreaterThan(200);
    expect(g.get("audit/summary.ts")).toContain("audit/store.ts");
    expect(g.get("index.ts")?.length).toBeGreaterThan(5);
  });

  it("src/ has none", () => {
    expect(cycles(importGraph(SRC))).toEqual([]);
  });
});
