// `replay` loads the format of the file it reads, not all five: the job's modules reach the format registry,
// never src/formats/index.ts (which imports every format's reader), nor the compaction diffs only
// `diff <session>` uses. A pi replay then starts ≈ 40 ms sooner (docs/performance.md §4.23).
import { relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { staticGraph } from "../module-graph.js";

const SRC = resolve(import.meta.dirname, "../../../../src");

describe("the replay job's module graph", () => {
  it("holds no format's reader before a file is read, nor the compaction diffs", () => {
    const graph = new Set<string>();
    for (const entry of ["app/replay/replay.ts", "report/replay-view.ts", "report/replay-json.ts"])
      for (const f of staticGraph(resolve(SRC, entry))) graph.add(relative(SRC, f));
    expect(graph).toContain("formats/registry.ts");
    expect(graph).not.toContain("formats/index.ts");
    expect([...graph].filter((f) => /^formats\/[^/]+\/index\.ts$/.test(f))).toEqual([]);
    expect(graph).not.toContain("context/compaction.ts");
  });
});
