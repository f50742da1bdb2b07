// The order a pool is fed its files in: largest first (ties in input order). A huge file then starts at
// once on one worker while the others work through the small ones, instead of arriving last and keeping
// one core busy alone after every other file is done (head-of-line blocking at the end of a run).
// Results are still stored by input position, so outputs keep input order whatever the order of work.

/** Input positions, largest size first; equal sizes keep input order. */
export function largestFirst(sizes: readonly number[]): number[] {
  return sizes.map((_, i) => i).sort((a, b) => sizes[b] - sizes[a] || a - b);
}

/**
 * Runs `work` on every position of `order` with at most `width` in flight; `order` is taken in turn, so
 * the number of pending promises stays at `width` however many files there are.
 */
export async function runOrdered(order: readonly number[], width: number, work: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  const runner = async (): Promise<void> => {
    while (next < order.length) await work(order[next++]);
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(width, order.length)) }, runner));
}

/**
 * Units of work, largest first: runs of consecutive positions with the same defined key (a session folder's
 * segments in their listed order, so that one worker reads each after the one it continues and can reuse that
 * parse as its origin), every other position alone. A run is cut before a position that would take its size
 * past the largest single size: no unit is larger than the largest file, so grouping adds no head-of-line
 * blocking the largest file does not already cause.
 */
export function unitsLargestFirst(sizes: readonly number[], keys: readonly (string | undefined)[]): number[][] {
  const cap = sizes.reduce((a, b) => Math.max(a, b), 0);
  const units: number[][] = [];
  const unitSize: number[] = [];
  for (let i = 0; i < sizes.length; i++) {
    const last = units.length - 1;
    const k = keys[i];
    if (k !== undefined && i > 0 && keys[i - 1] === k && unitSize[last] + sizes[i] <= cap) {
      units[last].push(i);
      unitSize[last] += sizes[i];
    } else {
      units.push([i]);
      unitSize.push(sizes[i]);
    }
  }
  return largestFirst(unitSize).map((u) => units[u]);
}
