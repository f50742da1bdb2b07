import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { largestFirst, runOrdered, unitsLargestFirst } from "../../../../src/app/workers/schedule.js";

describe("app/workers/schedule: largest first, a bounded number in flight", () => {
  it("orders positions by size, largest first, equal sizes in input order", () => {
    expect(largestFirst([5, 100, 5, 0, 100])).toEqual([1, 4, 0, 2, 3]);
    expect(largestFirst([])).toEqual([]);
  });

  it("is a permutation whose sizes never increase (property)", () => {
    fc.assert(
      fc.property(fc.array(fc.nat(1000), { maxLength: 60 }), (sizes) => {
        const o = largestFirst(sizes);
        expect([...o].sort((a, b) => a - b)).toEqual(sizes.map((_, i) => i));
        for (let k = 1; k < o.length; k++) {
          expect(sizes[o[k - 1]]).toBeGreaterThanOrEqual(sizes[o[k]]);
          if (sizes[o[k - 1]] === sizes[o[k]]) expect(o[k - 1]).toBeLessThan(o[k]);
        }
      }),
    );
  });

  it("runs every position once, starts them in the given order, never more than `width` at a time", async () => {
    const order = [3, 0, 4, 1, 2, 6, 5];
    const started: number[] = [];
    let inFlight = 0;
    let most = 0;
    await runOrdered(order, 3, async (i) => {
      started.push(i);
      most = Math.max(most, ++inFlight);
      await new Promise((r) => setTimeout(r, (i * 7) % 5));
      inFlight--;
    });
    expect(started).toEqual(order);
    expect(most).toBe(3);
  });

  it("one huge file first does not hold back the rest: the small ones finish on the other runner meanwhile", async () => {
    const done: number[] = [];
    let release!: () => void;
    const huge = new Promise<void>((r) => (release = r));
    await runOrdered(largestFirst([1, 1, 1_000_000, 1]), 2, async (i) => {
      if (i === 2) {
        await huge;
      } else {
        await new Promise((r) => setTimeout(r, 1));
        if (done.length === 2) release();
      }
      done.push(i);
    });
    // The huge one (position 2) started first and ended after the others had run beside it.
    expect(done.slice(0, 3)).toEqual([0, 1, 3]);
    expect(done[3]).toBe(2);
  });

  it("a session folder's segments go to one unit, in their listed order; other files stay alone", () => {
    const u = unitsLargestFirst([10, 3, 2, 50, 4, 1], [undefined, "a/s", "a/s", undefined, "b/s", "b/s"]);
    expect(u).toEqual([[3], [0], [1, 2], [4, 5]]);
    // The same key further on (not next to the run) starts a unit of its own.
    expect(unitsLargestFirst([1, 1, 1], ["d", undefined, "d"])).toEqual([[0], [1], [2]]);
  });

  it("no unit outgrows the largest file: a run is cut before the file that would take it past", () => {
    expect(unitsLargestFirst([6, 3, 3, 1], ["d", "d", "d", "d"])).toEqual([[0], [1, 2], [3]]);
    expect(unitsLargestFirst([5, 5, 5], ["d", "d", "d"])).toEqual([[0], [1], [2]]);
  });

  it("every position once, runs of one key in input order, each unit within the largest file's size, largest first (property)", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.nat(1000), fc.option(fc.constantFrom("a", "b"), { nil: undefined })), { maxLength: 60 }), (rows) => {
        const sizes = rows.map((r) => r[0]);
        const keys = rows.map((r) => r[1]);
        const units = unitsLargestFirst(sizes, keys);
        expect(units.flat().sort((a, b) => a - b)).toEqual(sizes.map((_, i) => i));
        const cap = Math.max(0, ...sizes);
        const sizeOf = (u: number[]) => u.reduce((a, i) => a + sizes[i], 0);
        for (const u of units) {
          for (let k = 1; k < u.length; k++) {
            expect(u[k]).toBe(u[k - 1] + 1);
            expect(keys[u[k]]).toBeDefined();
            expect(keys[u[k]]).toBe(keys[u[0]]);
          }
          expect(sizeOf(u)).toBeLessThanOrEqual(cap);
        }
        for (let k = 1; k < units.length; k++) expect(sizeOf(units[k - 1])).toBeGreaterThanOrEqual(sizeOf(units[k]));
      }),
    );
  });
});
