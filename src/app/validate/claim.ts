// Who reads which range of a file read on several threads: one shared counter holds the first range nobody
// has taken yet. Every thread takes the next one with one atomic add, so ranges are read about in file order
// (the reading thread hands each on as soon as every range before it is in) and no range is read twice.

/** A claim over ranges [0, n), to share with the workers (its buffer crosses threads): [next, n]. */
export function newClaim(n: number): Int32Array {
  const c = new Int32Array(new SharedArrayBuffer(8));
  c[1] = n;
  return c;
}

/** The first untaken range, now taken; undefined when none is left. */
export function take(c: Int32Array): number | undefined {
  const i = Atomics.add(c, 0, 1);
  return i < c[1] ? i : undefined;
}
