// Who reads which range of a file read on several threads: one shared word holds the first and the end of the
// ranges nobody has taken yet. The reading thread takes from the front (in order), the workers from the back,
// each with one compare-and-swap, so no range is read twice and none waits in a queue: where the two ends
// meet, the reading thread waits for at most the range each worker is reading.

/** Ranges are counted in 16 bits (a file of 2 MiB ranges up to 128 GiB). */
export const MAX_RANGES = 0xffff;

/** A claim word over ranges [0, n), to share with the workers (its buffer crosses threads). */
export function newClaim(n: number): Int32Array {
  if (n > MAX_RANGES) throw new RangeError(`${n} ranges: at most ${MAX_RANGES}`);
  const c = new Int32Array(new SharedArrayBuffer(4));
  Atomics.store(c, 0, n << 16);
  return c;
}

/** The first untaken range, now taken; undefined when none is left. */
export const takeFront = (c: Int32Array): number | undefined => take(c, true);

/** The last untaken range, now taken; undefined when none is left. */
export const takeBack = (c: Int32Array): number | undefined => take(c, false);

function take(c: Int32Array, front: boolean): number | undefined {
  for (;;) {
    const w = Atomics.load(c, 0);
    const first = w & 0xffff;
    const end = w >>> 16;
    if (first >= end) return undefined;
    const next = front ? (first + 1) | (end << 16) : first | ((end - 1) << 16);
    if (Atomics.compareExchange(c, 0, w, next) === w) return front ? first : end - 1;
  }
}
