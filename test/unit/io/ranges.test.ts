// io/ranges.ts: the bytes of a range as the usual read gives them, from one file opened once.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { lineStartsAt, RangeReader, readRange } from "../../../src/io/ranges.js";

const tmp = mkdtempSync(join(tmpdir(), "sightline-ranges-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe("io/ranges", () => {
  const path = join(tmp, "f.jsonl");
  const text = '{"a":1}\n{"b":"é"}\n\n{"c":[1,2,3]}\n{"torn"';
  writeFileSync(path, text);
  const size = Buffer.byteLength(text);

  it("RangeReader reads any range, several times, as readRange does", async () => {
    const r = new RangeReader(path);
    try {
      const cuts = [0, ...(await lineStartsAt(path, [1, 9, 20], size)), size];
      for (let i = 0; i + 1 < cuts.length; i++) {
        const got = r.read(cuts[i], cuts[i + 1]);
        expect(got.equals(await readRange(path, cuts[i], cuts[i + 1]))).toBe(true);
        expect(got.toString("utf8")).toBe(
          Buffer.from(text)
            .subarray(cuts[i], cuts[i + 1])
            .toString("utf8"),
        );
      }
      expect(r.read(0, size).toString("utf8")).toBe(text);
    } finally {
      r.close();
    }
  });

  it("view gives the same bytes as read, in one buffer reused while no range needs a larger one", () => {
    const r = new RangeReader(path);
    try {
      const whole = r.view(0, size);
      expect(whole.toString("utf8")).toBe(text);
      const first = r.view(0, 8);
      expect(first.toString("utf8")).toBe('{"a":1}\n');
      expect(first.buffer).toBe(whole.buffer);
      expect(r.view(8, 20).equals(r.read(8, 20))).toBe(true);
      expect(r.view(size - 3, size + 10).toString("utf8")).toBe('rn"');
    } finally {
      r.close();
    }
  });

  it("a range past the end of the file is cut short", () => {
    const r = new RangeReader(path);
    try {
      expect(r.read(size - 3, size + 10).toString("utf8")).toBe('rn"');
      expect(r.read(size + 1, size + 5).length).toBe(0);
    } finally {
      r.close();
    }
  });
});
