// `validate` loads a format when a file needs it (formats/registry.ts), not every format up front: on one large
// pi file, loading them all came before the other threads started (docs/performance.md §4.22). Vitest gives each
// test file its own module graph, so nothing here was loaded before the first test.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { type ChunkTask, chunkFacts } from "../../../../src/app/validate/chunks.js";
import { readSessionParallel } from "../../../../src/app/validate/parallel.js";
import { validatePaths } from "../../../../src/app/validate/validate.js";
import { loadedFormats } from "../../../../src/formats/registry.js";

const fixture = (p: string) => join(__dirname, "../../../../fixtures", p);
const loaded = () => loadedFormats().map((f) => f.name);

describe("validate loads formats as files need them", () => {
  it("a file of another format is left to the usual reader, and loads nothing", async () => {
    expect(loaded()).toEqual([]);
    const cc = fixture("claude-code/2.1.220/autocompact/projects/-tmp-cc-project/12e2eef0-b7ed-400e-8444-f35f7799a081.jsonl");
    expect(await readSessionParallel(cc, { minBytes: 1, headBytes: 64, runChunk: chunkFacts, workers: 2 })).toBeUndefined();
    expect(loaded()).toEqual([]);
  });

  it("a pi file whose header the reader refuses is left to the usual reader, nothing read on other threads", async () => {
    const dir = mkdtempSync(join(tmpdir(), "sightline-vloaded-"));
    try {
      const f = join(dir, "refused.jsonl");
      writeFileSync(f, `${JSON.stringify({ type: "session", version: 3 })}\n${'{"type":"custom","id":"a","parentId":null}\n'.repeat(50)}`);
      const ranges: number[] = [];
      const run = async (t: ChunkTask) => {
        ranges.push(t.start);
        return chunkFacts(t);
      };
      expect(await readSessionParallel(f, { minBytes: 1, headBytes: 64, runChunk: run, workers: 2 })).toBeUndefined();
      expect(ranges).toEqual([]);
      expect(loaded()).toEqual(["pi"]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("a pi file read on several threads loads the pi format only, and is read", async () => {
    const s = await readSessionParallel(fixture("pi/before-compaction.jsonl"), { minBytes: 1, headBytes: 64, runChunk: chunkFacts, workers: 2 });
    expect(s?.format).toBe("pi");
    expect(loaded()).toEqual(["pi"]);
  });

  it("a rule file and a session of another format load that format (and the rule checker) when they come", async () => {
    const r = await validatePaths([fixture("pi/before-compaction.jsonl"), fixture("capsules/null-stop-hook.json")], { workers: 1 });
    expect(r.files.map((f) => f.kind)).toEqual(["session", "capsule"]);
    expect(loaded()).toEqual(["pi"]);
    const cc = await validatePaths([fixture("claude-code/2.1.220/autocompact/projects/-tmp-cc-project/12e2eef0-b7ed-400e-8444-f35f7799a081.jsonl")]);
    expect(cc.files[0].format).toBe("claude-code");
    expect(loaded()).toEqual(["claude-code", "pi"]);
  });
});
