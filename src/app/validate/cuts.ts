// Where a file read on several threads is cut (parallel.ts; each cut then moves to the next line start): ranges of
// about 2 MiB, and smaller ones over the last few MiB. Near the end, the reading thread waits for the last range a
// worker is reading and then hands it on alone; with small last ranges both take less (a 2 MiB range is ≈ 15 ms
// of one quiet core), while the per-range costs (a message, a JSON text) stay small beside the whole.

/** Ranges of about this size: at the end, this thread waits for at most the range a worker is reading. */
export const CHUNK_BYTES = 2 * 2 ** 20;
/** The last bytes of a file large enough, in ranges of TAIL_CHUNK_BYTES. */
const TAIL_BYTES = 8 * 2 ** 20;
const TAIL_CHUNK_BYTES = 2 ** 19;

/** Cut offsets in (from, size), ascending: at least one range per thread. */
export function defaultCuts(from: number, size: number, workers: number): number[] {
  const tail = size - from > 2 * TAIL_BYTES ? TAIL_BYTES : 0;
  const bodyEnd = size - tail;
  const n = Math.max(workers, Math.ceil((bodyEnd - from) / CHUNK_BYTES));
  const cuts = Array.from({ length: n - 1 }, (_, i) => from + Math.round(((i + 1) * (bodyEnd - from)) / n));
  for (let c = bodyEnd; tail > 0 && c < size; c += TAIL_CHUNK_BYTES) cuts.push(c);
  return cuts;
}
