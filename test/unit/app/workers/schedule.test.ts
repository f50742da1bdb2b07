import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { largestFirst, runOrdered } from "../../../../src/app/workers/schedule.js";

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
});
