// Seeded randomness for the corpus generator. mulberry32 is tiny, fast and fully deterministic across
// platforms (32-bit integer arithmetic only), so the same seed always yields the same bytes.

/** @param {number} seed */
export function mulberry32(seed) {
  let a = seed >>> 0;
  return function next() {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A small random helper over mulberry32. Every draw goes through `next()`, so call order is the contract. */
export class Rng {
  /** @param {number} seed */
  constructor(seed) {
    this.next = mulberry32(seed);
  }
  /** Integer in [lo, hi] (inclusive). */
  int(lo, hi) {
    return lo + Math.floor(this.next() * (hi - lo + 1));
  }
  chance(p) {
    return this.next() < p;
  }
  pick(arr) {
    return arr[Math.floor(this.next() * arr.length)];
  }
  /** Picks from [[weight, value], ...]. */
  weighted(pairs) {
    let total = 0;
    for (const [w] of pairs) total += w;
    let r = this.next() * total;
    for (const [w, v] of pairs) {
      r -= w;
      if (r < 0) return v;
    }
    return pairs[pairs.length - 1][1];
  }
  /** `n` lowercase hex digits. */
  hex(n) {
    let s = "";
    while (s.length < n)
      s += Math.floor(this.next() * 0x10000)
        .toString(16)
        .padStart(4, "0");
    return s.slice(0, n);
  }
  /** A UUID-shaped string (version nibble `v`), deterministic. */
  uuid(v = 4) {
    const h = this.hex(32);
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-${v}${h.slice(13, 16)}-${"89ab"[this.int(0, 3)]}${h.slice(17, 20)}-${h.slice(20, 32)}`;
  }
  /** A derived generator, so one stream's length does not shift another's draws. */
  fork() {
    return new Rng(Math.floor(this.next() * 4294967296));
  }
}

/** Stable 32-bit seed from a string (FNV-1a). */
export function seedOf(text) {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}
