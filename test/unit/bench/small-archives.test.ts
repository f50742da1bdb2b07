// The many-small-file inputs of issue 21's bench rows: real-content pi sessions of 10–200 KB, and small
// generated sessions; both made once, readable as sessions, deterministic.
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { smallGeneratedArchive, smallRealArchive } from "../../bench/gen/archives.mjs";
import { readSession } from "../../../src/app/read/read.js";

const dir = mkdtempSync(join(tmpdir(), "sightline-small-archives-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("bench small archives", () => {
  it("real-content sessions: sizes between 10 and 200 KB, each read as a pi session with its own id, cached", async () => {
    const a = smallRealArchive(dir, 12);
    expect(a.files).toHaveLength(12);
    for (const f of a.files) {
      expect(f.bytes).toBeGreaterThanOrEqual(10_000);
      expect(f.bytes).toBeLessThan(200_000 + 100_000);
    }
    const ids = new Set<string | undefined>();
    for (const f of a.files.slice(0, 4)) {
      const s = await readSession(f.path);
      expect(s.format).toBe("pi");
      ids.add("id" in s ? s.id : undefined);
    }
    expect(ids.size).toBe(4);
    expect(smallRealArchive(dir, 12)).toEqual(a);
    expect(readdirSync(a.dir)).toHaveLength(13);
  });
  it("generated sessions: pi, omp17 and scorel in turn", () => {
    const g = smallGeneratedArchive(dir, 6);
    expect(g.files.map((f) => f.path.split("/").pop()!.split("-")[0])).toEqual(["pi", "omp17", "scorel", "pi", "omp17", "scorel"]);
    expect(g.bytes).toBe(g.files.reduce((n, f) => n + f.bytes, 0));
  });
});
