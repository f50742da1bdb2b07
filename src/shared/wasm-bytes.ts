// The few encodings a WebAssembly module written out by hand needs (io/escapes.ts, shared/json-escape-simd.ts,
// report/secret-scan.ts): LEB128 numbers, vectors, sections and names, as the binary format spells them, and the
// one shape of module they all are.

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

/**
 * A module compiled on first use from `bytes()`, once per thread; null where WebAssembly or one of the instructions
 * the module uses (SIMD) is not available (--jitless), so that its caller takes its plain JavaScript path.
 */
export function compileOnce(bytes: () => Uint8Array<ArrayBuffer>): () => WebAssembly.Module | null {
  let compiled: WebAssembly.Module | null | undefined;
  return () => {
    if (compiled === undefined) {
      try {
        compiled = typeof WebAssembly === "object" ? new WebAssembly.Module(bytes()) : null;
      } catch {
        compiled = null;
      }
    }
    return compiled;
  };
}

/**
 * A module of one memory (1 page, no maximum, exported as "memory") and `functions`, each exported under its name,
 * all of one type: `params` i32 parameters, one i32 result. A function's `code` is its locals then its body.
 */
export function memoryModule(params: number, functions: { name: string; code: number[] }[]): Uint8Array<ArrayBuffer> {
  const i32 = [0x7f];
  return new Uint8Array([
    ...[0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00],
    ...section(1, vec([[0x60, ...vec(Array.from({ length: params }, () => i32)), ...vec([i32])]])), // the type
    ...section(3, vec(functions.map(() => [0]))), // every function of type 0
    ...section(5, vec([[0x00, 1]])), // memory: 1 page, no maximum
    ...section(7, vec([...functions.map((f, i) => [...name(f.name), 0x00, ...leb(i)]), [...name("memory"), 0x02, 0]])),
    ...section(10, vec(functions.map((f) => [...leb(f.code.length), ...f.code]))),
  ]);
}
