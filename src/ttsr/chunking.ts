// How replayed text is split into stream deltas (docs/product.md §3): whole, fixed:N code points, random:SEED (1–64).

export type Chunking = { kind: "whole" } | { kind: "fixed"; size: number } | { kind: "random"; seed: number };

/** Parses `whole`, `fixed:N` (N ≥ 1) or `random:SEED` (an integer); undefined when malformed. */
export function parseChunking(spec: string): Chunking | undefined {
  if (spec === "whole") return { kind: "whole" };
  let m = /^fixed:(\d+)$/.exec(spec);
  if (m) {
    const size = Number(m[1]);
    return size >= 1 && Number.isSafeInteger(size) ? { kind: "fixed", size } : undefined;
  }
  m = /^random:(-?\d+)$/.exec(spec);
  if (m && Number.isSafeInteger(Number(m[1]))) return { kind: "random", seed: Number(m[1]) };
  return undefined;
}

export const formatChunking = (c: Chunking): string => (c.kind === "whole" ? "whole" : c.kind === "fixed" ? `fixed:${c.size}` : `random:${c.seed}`);

/** mulberry32: a small, well-known seeded PRNG (32-bit state), named so runs are reproducible. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Splits text into deltas. Sizes count code points, so a surrogate pair is never split (a lone surrogate counts
 * as one). Empty text gives no deltas. One generator per call: the same seed gives the same split of the same text.
 */
export function chunkText(text: string, chunking: Chunking): string[] {
  if (text.length === 0) return [];
  if (chunking.kind === "whole") return [text];
  const points = Array.from(text);
  const next = chunking.kind === "random" ? mulberry32(chunking.seed) : undefined;
  const out: string[] = [];
  for (let i = 0; i < points.length; ) {
    const n = next ? 1 + Math.floor(next() * 64) : (chunking as { size: number }).size;
    out.push(points.slice(i, i + n).join(""));
    i += n;
  }
  return out;
}
