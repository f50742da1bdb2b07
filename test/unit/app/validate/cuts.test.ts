// Where a file read on several threads is cut (app/validate/cuts.ts): ranges of about 2 MiB, smaller ones at the end.
import { describe, expect, it } from "vitest";
import { CHUNK_BYTES, defaultCuts } from "../../../../src/app/validate/cuts.js";

const MiB = 2 ** 20;
const sizes = (from: number, size: number, cuts: number[]) => [from, ...cuts, size].slice(1).map((c, i) => c - [from, ...cuts][i]);

describe("defaultCuts", () => {
  it("a large file: ranges of about 2 MiB, then the last 8 MiB in ranges of 512 KiB", () => {
    const from = 70_000;
    const size = 94_453_952;
    const cuts = defaultCuts(from, size, 2);
    const s = sizes(from, size, cuts);
    expect(cuts).toEqual([...cuts].sort((a, b) => a - b));
    expect(s.every((x) => x > 0)).toBe(true);
    expect(s.slice(-16)).toEqual(Array(16).fill(MiB / 2));
    expect(s.slice(0, -16).every((x) => x <= CHUNK_BYTES && x > CHUNK_BYTES * 0.9)).toBe(true);
  });

  it("a file under 16 MiB past the head: equal ranges, at least one per thread", () => {
    expect(sizes(0, 3 * MiB, defaultCuts(0, 3 * MiB, 2))).toEqual([1.5 * MiB, 1.5 * MiB]);
    expect(defaultCuts(100, 1000, 4)).toEqual([325, 550, 775]);
    expect(sizes(0, 10 * MiB, defaultCuts(0, 10 * MiB, 2))).toEqual(Array(5).fill(2 * MiB));
  });
});
