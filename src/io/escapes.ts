// Where the next "\u" is in a range of JSON lines. A line without one holds no escaped lone surrogate and skips
// that scan (formats/pi/line-facts.ts). Buffer.indexOf finds a two-byte needle by a memchr for its first byte
// and a compare at each hit: a session of code has a backslash every 16 bytes (escaped quotes and newlines),
// and the 94 MB file of the bench cost ≈ 45–80 ms of it for no "\u" at all. Bytes held in a ScanBuffer (the
// ranges a parallel validate reads, io/ranges.ts; the chunks of a file streamed by io/read.ts) are searched 16
// at a time by a few WebAssembly SIMD instructions instead (≈ 5 ms for that file;
// docs/performance.md §4.33, §4.39). Any other bytes, or a runtime without WebAssembly SIMD: Buffer.indexOf.

import { compileOnce, leb, memoryModule, sleb, vec } from "../shared/wasm-bytes.js";

/** "\\u" as bytes (an escape in JSON text starts with it). */
export const ESCAPE = Buffer.from("\\u");

type Scan = (from: number, end: number) => number;

/** The module's functions over each live ScanBuffer's memory, by that memory's ArrayBuffer (a new one at each growth). */
const scans = new WeakMap<ArrayBufferLike, { find: Scan; count: Scan }>();

/** The index of the first "\\u" in `bytes` at or after `from` (≥ 0), or -1: Buffer.indexOf's answer. */
export function findEscape(bytes: Buffer, from: number): number {
  const scan = scans.get(bytes.buffer);
  if (scan === undefined) return bytes.indexOf(ESCAPE, from);
  if (from >= bytes.length) return -1;
  const at = scan.find(bytes.byteOffset + from, bytes.byteOffset + bytes.length);
  return at < 0 ? -1 : at - bytes.byteOffset;
}

/**
 * How many bytes of `bytes[from, to)` are "{" or "[" (as many as the characters of its UTF-8 text: no byte below
 * 0x80 is ever part of another character, or of a replaced invalid sequence), 16 bytes at a time; undefined for
 * bytes outside a ScanBuffer.
 */
export function countOpeningBrackets(bytes: Buffer, from: number, to: number): number | undefined {
  const scan = scans.get(bytes.buffer);
  return scan === undefined ? undefined : scan.count(bytes.byteOffset + from, bytes.byteOffset + to);
}

/**
 * A scratch buffer in WebAssembly memory, grown as needed: `get(n)` is valid until the next `get` (a growth
 * detaches the bytes before it). undefined from `create` where WebAssembly SIMD is not available (--jitless).
 */
export class ScanBuffer {
  readonly #memory: WebAssembly.Memory;
  readonly #scan: { find: Scan; count: Scan };

  private constructor(instance: WebAssembly.Instance) {
    this.#memory = instance.exports.memory as WebAssembly.Memory;
    this.#scan = { find: instance.exports.find as Scan, count: instance.exports.count as Scan };
    scans.set(this.#memory.buffer, this.#scan);
  }

  static create(): ScanBuffer | undefined {
    const m = scanModule();
    return m === null ? undefined : new ScanBuffer(new WebAssembly.Instance(m));
  }

  /** `n` bytes of scratch (their content is whatever was there). */
  get(n: number): Buffer {
    const have = this.#memory.buffer.byteLength;
    if (have < n) {
      this.#memory.grow(Math.ceil((n - have) / PAGE));
      scans.set(this.#memory.buffer, this.#scan);
    }
    return Buffer.from(this.#memory.buffer, 0, n);
  }
}

/** The ScanBuffer a thread's streaming reads share, while no read holds it. */
let spare: ScanBuffer | undefined;

/**
 * A ScanBuffer for one reader until it gives it back (`returnScanBuffer`): the thread's own when free, else a
 * new one, so two reads alive at once on a thread (an await between chunks lets another start) never share
 * bytes. undefined where WebAssembly SIMD is not available.
 */
export function borrowScanBuffer(): ScanBuffer | undefined {
  const b = spare ?? ScanBuffer.create();
  spare = undefined;
  return b;
}

/** Gives a borrowed ScanBuffer back: the thread keeps one for the next read, any other is left to the collector. */
export function returnScanBuffer(b: ScanBuffer): void {
  spare ??= b;
}

const PAGE = 65536;

const scanModule = compileOnce(moduleBytes);

// The module, written out here (it is ≈ 300 bytes; no tool builds it): one memory and
//   find(p, end): the first i in [p, end - 1) with mem[i] = '\\' and mem[i + 1] = 'u', or -1;
//   count(p, end): how many bytes of [p, end) are '{' or '['.
// 16 positions a step (v128 loads at p and p + 1, compared with '\\' and 'u', and-ed; any set lane: the first
// one's index from the bitmask), then the last few bytes one at a time.
function moduleBytes(): Uint8Array<ArrayBuffer> {
  const [P, END, BS, U] = [0, 1, 2, 3]; // the two parameters, then two v128 locals
  const get = (i: number) => [0x20, i];
  const set = (i: number) => [0x21, i];
  const i32 = (n: number) => [0x41, ...sleb(n)];
  const simd = (op: number, ...imm: number[]) => [0xfd, ...leb(op), ...imm];
  const load = (offset: number) => simd(0x00, 0, ...leb(offset)); // v128.load, align 1
  const [SPLAT, EQ, AND, ANY, BITMASK] = [0x0f, 0x23, 0x4e, 0x53, 0x64]; // i8x16.splat, i8x16.eq, v128.and, v128.any_true, i8x16.bitmask
  const [ADD, EQ32, GT_U, GE_U, AND32, CTZ, LOAD8] = [0x6a, 0x46, 0x4b, 0x4f, 0x71, 0x68, 0x2d];
  const [BLOCK, LOOP, IF, END_, BR, BR_IF, RETURN, VOID] = [0x02, 0x03, 0x04, 0x0b, 0x0c, 0x0d, 0x0f, 0x40];
  // Lanes of [p, p + 16) where '\\' is followed by 'u'.
  const hits = [...get(P), ...load(0), ...get(BS), ...simd(EQ), ...get(P), ...load(1), ...get(U), ...simd(EQ), ...simd(AND)];
  // biome-ignore format: one step of the scan a line
  const body = [
    ...i32(0x5c), ...simd(SPLAT), ...set(BS),
    ...i32(0x75), ...simd(SPLAT), ...set(U),
    BLOCK, VOID, LOOP, VOID,
    ...get(P), ...i32(17), ADD, ...get(END), GT_U, BR_IF, 1, // fewer than 17 bytes from p: the tail
    ...hits, ...simd(ANY),
    IF, VOID, ...get(P), ...hits, ...simd(BITMASK), CTZ, ADD, RETURN, END_,
    ...get(P), ...i32(16), ADD, ...set(P), BR, 0,
    END_, END_,
    BLOCK, VOID, LOOP, VOID,
    ...get(P), ...i32(1), ADD, ...get(END), GE_U, BR_IF, 1,
    ...get(P), LOAD8, 0, 0, ...i32(0x5c), EQ32, ...get(P), LOAD8, 0, 1, ...i32(0x75), EQ32, AND32,
    IF, VOID, ...get(P), RETURN, END_,
    ...get(P), ...i32(1), ADD, ...set(P), BR, 0,
    END_, END_,
    ...i32(-1), END_,
  ];
  const code = [...vec([[2, 0x7b]]), ...body]; // locals: 2 × v128
  // count(p, end): how many of mem[p..end) are '{' or '['. 16 bytes a step (one v128 load compared with both,
  // or-ed, the set lanes counted: bitmask, popcnt), then the last few one at a time.
  const [CURLY, SQUARE, N] = [2, 3, 4]; // after the parameters: two v128 locals, one i32
  const [OR, OR32, POPCNT] = [0x50, 0x72, 0x69]; // v128.or, i32.or, i32.popcnt
  const either = (at: number[]) => [...at, ...get(CURLY), ...simd(EQ), ...at, ...get(SQUARE), ...simd(EQ), ...simd(OR)];
  // biome-ignore format: one step of the count a line
  const countBody = [
    ...i32(0x7b), ...simd(SPLAT), ...set(CURLY),
    ...i32(0x5b), ...simd(SPLAT), ...set(SQUARE),
    BLOCK, VOID, LOOP, VOID,
    ...get(P), ...i32(16), ADD, ...get(END), GT_U, BR_IF, 1, // fewer than 16 bytes from p: the tail
    ...get(N), ...either([...get(P), ...load(0)]), ...simd(BITMASK), POPCNT, ADD, ...set(N),
    ...get(P), ...i32(16), ADD, ...set(P), BR, 0,
    END_, END_,
    BLOCK, VOID, LOOP, VOID,
    ...get(P), ...get(END), GE_U, BR_IF, 1,
    ...get(N), ...get(P), LOAD8, 0, 0, ...i32(0x7b), EQ32, ...get(P), LOAD8, 0, 0, ...i32(0x5b), EQ32, OR32, ADD, ...set(N),
    ...get(P), ...i32(1), ADD, ...set(P), BR, 0,
    END_, END_,
    ...get(N), END_,
  ];
  const countCode = [
    ...vec([
      [2, 0x7b],
      [1, 0x7f],
    ]),
    ...countBody,
  ]; // locals: 2 × v128, 1 × i32
  return memoryModule(2, [
    { name: "find", code },
    { name: "count", code: countCode },
  ]);
}
