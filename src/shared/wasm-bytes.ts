// The few encodings a WebAssembly module written out by hand needs (io/escapes.ts, shared/json-escape-simd.ts):
// LEB128 numbers, vectors, sections and names, as the binary format spells them.

/** An unsigned LEB128 number. */
export const leb = (n: number): number[] => {
  const out: number[] = [];
  do {
    let b = n & 0x7f;
    n >>>= 7;
    if (n !== 0) b |= 0x80;
    out.push(b);
  } while (n !== 0);
  return out;
};

/** A signed LEB128 number (i32.const's immediate). */
export const sleb = (n: number): number[] => {
  const out: number[] = [];
  for (;;) {
    const b = n & 0x7f;
    n >>= 7;
    if ((n === 0 && (b & 0x40) === 0) || (n === -1 && (b & 0x40) !== 0)) return [...out, b];
    out.push(b | 0x80);
  }
};

/** A vector: its length, then its items. */
export const vec = (items: number[][]): number[] => [...leb(items.length), ...items.flat()];
/** A section: its id, its size, its bytes. */
export const section = (id: number, bytes: number[]): number[] => [id, ...leb(bytes.length), ...bytes];
/** A name (UTF-8 bytes as a vector). */
export const name = (s: string): number[] => vec([...Buffer.from(s)].map((b) => [b]));
