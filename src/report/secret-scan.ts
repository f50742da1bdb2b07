// redact.ts's mayHoldSecret for long texts and for bytes, answered by a WebAssembly SIMD search (docs/performance.md §4.40;
// redact.ts passes its mayHoldSecret in as `test`: textMayHoldSecret and bytesMayHoldSecret there).
// The three regular expressions cost ≈ 2.3 ns a character together (docs/performance.md §4.25, §4.34); this costs
// ≈ 0.4 ns a byte. Every literal of the secret patterns holds one of the three-byte fingerprints below; the module
// finds the next place where one may start, 16 positions a step, and that place's few neighbours are tested by
// mayHoldSecret itself: the answer is exactly mayHoldSecret's, the search only skips the text where no literal can
// be. Where WebAssembly SIMD is not available (--jitless): mayHoldSecret on the whole text.
import { compileOnce, leb, memoryModule, sleb, vec } from "../shared/wasm-bytes.js";

/**
 * What the search looks for: per bucket (at most 8), three-byte fingerprints as the characters each of their
 * three bytes may be. Each literal of redact.ts's ANCHOR_SCANS holds one (a test holds it):
 *   -----BEGIN: BEG; PASSW, PASSPHRASE: SSW, SSP; Bearer: Bea; github_pat_: b_p; eyJ; AKIA, ASIA, ABIA: KIA,
 *   SIA, BIA; ACCA: CCA; SECRET, CREDENTIAL: CRE; TOKEN, KEY: KEN, KEY; sk-; gh[pousr]_: gh[pousr];
 *   authorization in any ASCII case: riz.
 * A bucket matches a byte by its low and its high four bits separately, so it also takes some other
 * characters (a false start costs one test of 25 characters); the fingerprints are grouped where that adds few.
 */
export const FINGERPRINTS: readonly (readonly [string, string, string])[][] = [
  [
    ["B", "E", "G"],
    ["S", "S", "WP"],
  ],
  [
    ["B", "e", "a"],
    ["b", "_", "p"],
  ],
  [["e", "y", "J"]],
  [
    ["KSB", "I", "A"],
    ["C", "C", "A"],
  ],
  [
    ["C", "R", "E"],
    ["K", "E", "NY"],
  ],
  [["s", "k", "-"]],
  [["g", "h", "pousr"]],
  [["rR", "iI", "zZ"]],
];

/** The longest literal ("authorization"): a literal holding a fingerprint at i lies within [i - LONGEST + 1, i + LONGEST). */
const LONGEST = 13;
/** Zero bytes after the searched ones: a step reads 18 bytes from its start; no fingerprint byte is zero. */
const PAD = 32;
/** Texts longer than this are searched in pieces (the memory never shrinks). */
const CHUNK = 1 << 20;
const PAGE = 65536;

type Find = (p: number, end: number) => number;
/** redact.ts's mayHoldSecret. */
type Test = (text: string) => boolean;

class Scanner {
  readonly #memory: WebAssembly.Memory;
  readonly #find: Find;
  #bytes: Buffer;

  constructor(instance: WebAssembly.Instance) {
    this.#memory = instance.exports.memory as WebAssembly.Memory;
    this.#find = instance.exports.find as Find;
    this.#bytes = Buffer.from(this.#memory.buffer);
  }

  /** The module's memory with room for n bytes and their padding. */
  room(n: number): Buffer {
    if (this.#bytes.length < n + PAD) {
      this.#memory.grow(Math.ceil((n + PAD - this.#bytes.length) / PAGE));
      this.#bytes = Buffer.from(this.#memory.buffer);
    }
    return this.#bytes;
  }

  /** Whether `test` holds for some window around a fingerprint of the n bytes at 0 (`window(a, b)`: chars a..b). */
  search(n: number, test: Test, window: (a: number, b: number) => string): boolean {
    const b = this.#bytes;
    for (let k = n; k < n + PAD; k++) b[k] = 0;
    for (let from = 0; ; ) {
      const i = this.#find(from, n);
      if (i < 0) return false;
      if (test(window(Math.max(0, i - LONGEST + 1), Math.min(n, i + LONGEST)))) return true;
      from = i + 1;
    }
  }
}

const scanModule = compileOnce(moduleBytes);
let scanner: Scanner | null | undefined;
const scannerOf = (): Scanner | null => {
  if (scanner === undefined) {
    const m = scanModule();
    scanner = m === null ? null : new Scanner(new WebAssembly.Instance(m));
  }
  return scanner;
};

/** test(bytes.toString("latin1", start, end)), without that string. */
export function bytesMayHold(test: Test, bytes: Buffer, start: number, end: number): boolean {
  const s = end - start <= CHUNK ? scannerOf() : null;
  if (s === null) return test(bytes.toString("latin1", start, end));
  const mem = s.room(end - start);
  bytes.copy(mem, 0, start, end);
  return s.search(end - start, test, (a, b) => mem.toString("latin1", a, b));
}

/** Shorter texts: mayHoldSecret's one regular expression costs less than the copy and the call. */
const SHORT = 256;

/**
 * test(text). The text is copied into the module's memory a byte per UTF-16 unit (Latin-1: a unit above
 * U+00FF keeps its low byte), so an ASCII literal is where it is in the text, and each window is the text's own.
 */
export function textMayHold(test: Test, text: string): boolean {
  const s = text.length < SHORT ? null : scannerOf();
  if (s === null) return test(text);
  // Pieces overlapping by a literal's length less one: a literal across a piece's end is whole in the next one.
  for (let at = 0; ; at += CHUNK) {
    const end = at + CHUNK + LONGEST - 1;
    const piece = text.slice(at, end);
    const n = s.room(piece.length).write(piece, 0, "latin1");
    if (s.search(n, test, (a, b) => piece.slice(a, b))) return true;
    if (end >= text.length) return false;
  }
}

// The module, written out here (≈ 300 bytes): one memory and
//   find(p, end): the first i in [p, end) where a fingerprint may start (bytes i, i + 1 and i + 2 each in its
//   bucket's tables), or -1; the memory past `end` holds zeros.
// 16 positions a step: the bytes at p, p + 1 and p + 2 loaded; each byte's buckets are those of its low four bits
// (i8x16.swizzle of a 16-byte table) and-ed with those of its high four bits; the three positions' buckets and-ed.
function moduleBytes(): Uint8Array<ArrayBuffer> {
  const tables = Array.from({ length: 6 }, () => new Array<number>(16).fill(0));
  FINGERPRINTS.forEach((bucket, b) => {
    for (const fp of bucket)
      fp.forEach((chars, k) => {
        for (const ch of chars) {
          const c = ch.charCodeAt(0);
          tables[2 * k][c & 15] |= 1 << b;
          tables[2 * k + 1][c >> 4] |= 1 << b;
        }
      });
  });
  const [P, END, T0, LOW, M, V] = [0, 1, 2, 8, 9, 10]; // parameters, then v128 locals: six tables, 0x0f × 16, the buckets, a load
  const get = (i: number) => [0x20, i];
  const set = (i: number) => [0x21, i];
  const i32 = (n: number) => [0x41, ...sleb(n)];
  const simd = (op: number, ...imm: number[]) => [0xfd, ...leb(op), ...imm];
  const load = (offset: number) => simd(0x00, 0, ...leb(offset)); // v128.load, align 1
  const v128 = (bytes: number[]) => simd(0x0c, ...bytes); // v128.const
  const [SWIZZLE, SPLAT, NE, AND, ANY, BITMASK, SHR_U] = [0x0e, 0x0f, 0x24, 0x4e, 0x53, 0x64, 0x6d];
  const [ADD, GE_U, CTZ] = [0x6a, 0x4f, 0x68];
  const [BLOCK, LOOP, IF, END_, BR, BR_IF, RETURN, VOID] = [0x02, 0x03, 0x04, 0x0b, 0x0c, 0x0d, 0x0f, 0x40];
  // The buckets the byte at p + k (each lane) may start position k of.
  // biome-ignore format: one table lookup a line
  const position = (k: number) => [
    ...get(P), ...load(k), ...set(V),
    ...get(T0 + 2 * k), ...get(V), ...get(LOW), ...simd(AND), ...simd(SWIZZLE),
    ...get(T0 + 2 * k + 1), ...get(V), ...i32(4), ...simd(SHR_U), ...simd(SWIZZLE),
    ...simd(AND),
  ];
  // biome-ignore format: one step of the search a line
  const body = [
    ...tables.flatMap((t, i) => [...v128(t), ...set(T0 + i)]),
    ...i32(15), ...simd(SPLAT), ...set(LOW),
    BLOCK, VOID, LOOP, VOID,
    ...get(P), ...get(END), GE_U, BR_IF, 1,
    ...position(0), ...position(1), ...simd(AND), ...position(2), ...simd(AND), ...set(M),
    ...get(M), ...simd(ANY),
    IF, VOID, ...get(P), ...get(M), ...v128(new Array<number>(16).fill(0)), ...simd(NE), ...simd(BITMASK), CTZ, ADD, RETURN, END_,
    ...get(P), ...i32(16), ADD, ...set(P), BR, 0,
    END_, END_,
    ...i32(-1), END_,
  ];
  const code = [...vec([[9, 0x7b]]), ...body]; // locals: 9 × v128
  return memoryModule(2, [{ name: "find", code }]);
}
