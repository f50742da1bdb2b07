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
