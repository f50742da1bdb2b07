// Who reads which range of a file read on several threads: one shared counter holds the first range nobody
// has taken yet. Every thread takes the next one with one atomic add, so ranges are read about in file order
// (the reading thread hands each on as soon as every range before it is in) and no range is read twice.
// A second counter says how many ranges' facts the workers have sent: the reading thread, out of ranges of its
// own, sleeps on it until the next one comes rather than going back to its event loop for it.

/** A claim over ranges [0, n), to share with the workers (its buffer crosses threads): [next, n, sent]. */
export function newClaim(n: number): Int32Array {
  const c = new Int32Array(new SharedArrayBuffer(12));
  c[1] = n;
  return c;
}

/** The first untaken range, now taken; undefined when none is left. */
export function take(c: Int32Array): number | undefined {
  const i = Atomics.add(c, 0, 1);
  return i < c[1] ? i : undefined;
}

/** A worker has sent the facts of one more range (or its failure). */
export function sent(c: Int32Array): void {
  Atomics.add(c, 2, 1);
  Atomics.notify(c, 2);
}

/** How many ranges' facts the workers have sent so far. */
export const sentSoFar = (c: Int32Array): number => Atomics.load(c, 2);

/** Sleeps until a worker sends more than `seen` ranges' facts, or `ms` pass. */
export function waitForMore(c: Int32Array, seen: number, ms: number): void {
  Atomics.wait(c, 2, seen, ms);
}
