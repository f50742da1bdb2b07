// The benchmark's archive workload input: copies of a real recording in the bench cache, made once and
// restored when a copy no longer matches its source.
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ARCHIVE_SOURCE, ensureArchive } from "../../bench/gen/corpus.mjs";

const dirs: string[] = [];
const cache = () => {
  const d = mkdtempSync(join(tmpdir(), "sightline-archive-test-"));
  dirs.push(d);
  return d;
};
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe("bench archive: copies of a real recording", () => {
  it("writes the requested number of byte-identical copies of the source, in one folder", () => {
    const a = ensureArchive(cache(), ARCHIVE_SOURCE, 3);
    const source = readFileSync(ARCHIVE_SOURCE);
    expect(readdirSync(a.dir).sort()).toEqual(["session-000.jsonl", "session-001.jsonl", "session-002.jsonl"]);
    for (const f of a.files) expect(readFileSync(f.path).equals(source)).toBe(true);
    expect(a.bytes).toBe(3 * source.length);
  });
  it("reuses intact copies and restores a copy that was changed", () => {
    const dir = cache();
    const first = ensureArchive(dir, ARCHIVE_SOURCE, 2);
    const before = statSync(first.files[1].path).mtimeMs;
    writeFileSync(first.files[0].path, "changed\n");
    const again = ensureArchive(dir, ARCHIVE_SOURCE, 2);
    expect(readFileSync(again.files[0].path).equals(readFileSync(ARCHIVE_SOURCE))).toBe(true);
    expect(statSync(again.files[1].path).mtimeMs).toBe(before);
  });
});
