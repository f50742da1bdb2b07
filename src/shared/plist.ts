// A persistent (immutable, structure-sharing) list: appending or replacing the last item is O(1) and
// older versions stay valid. Context builders keep one per tree node, so the context of every turn
// costs O(changes), and two contexts on one root path share their common prefix by reference, which
// makes a turn's delta O(changed messages) (docs/product.md §3, §8 "O(events) in delta mode").

export interface PList<T> {
  readonly value: T;
  readonly prev: PList<T> | null;
  /** Number of items up to and including this cell. */
  readonly size: number;
}

export type List<T> = PList<T> | null;

export const size = <T>(l: List<T>): number => (l ? l.size : 0);

export const push = <T>(l: List<T>, value: T): PList<T> => ({ value, prev: l, size: size(l) + 1 });

export const pop = <T>(l: List<T>): List<T> => (l ? l.prev : null);

export const last = <T>(l: List<T>): T | undefined => (l ? l.value : undefined);

/** Replaces the last item (throws on an empty list: a caller bug). */
export const replaceLast = <T>(l: List<T>, value: T): PList<T> => {
  if (!l) throw new Error("replaceLast on an empty list");
  return { value, prev: l.prev, size: l.size };
};

export function fromArray<T>(items: readonly T[], base: List<T> = null): List<T> {
  let l = base;
  for (const v of items) l = push(l, v);
  return l;
}

export function toArray<T>(l: List<T>): T[] {
  const out = new Array<T>(size(l));
  for (let c = l, i = size(l) - 1; c; c = c.prev, i--) out[i] = c.value;
  return out;
}

/** The items after the first `keep` ones, in order. O(size − keep). */
export function tail<T>(l: List<T>, keep: number): T[] {
  const n = size(l) - keep;
  const out = new Array<T>(Math.max(0, n));
  let c = l;
  for (let i = n - 1; i >= 0 && c; i--, c = c.prev) out[i] = c.value;
  return out;
}

/**
 * Length of the longest shared prefix of two lists, found through shared cells (reference equality).
 * O(distance from both ends to the shared cell): cheap when b grew out of a.
 */
export function sharedPrefix<T>(a: List<T>, b: List<T>): number {
  let x = a;
  let y = b;
  while (size(x) > size(y)) x = x!.prev;
  while (size(y) > size(x)) y = y!.prev;
  while (x !== y) {
    x = x!.prev;
    y = y!.prev;
  }
  return size(x);
}
