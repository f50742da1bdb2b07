// The escaping of shared/json-escape.ts 16 bytes at a time, in a small WebAssembly module written out below.
// The text is encoded by Buffer.write straight into the module's memory; one call escapes it into another
// region of that memory, which the caller copies out (one memcpy). 16 bytes a step: loaded, stored as they
// are, and compared with what needs work (a control character, '"', '\\', U+FFFD's lead byte and, for a
// script file, U+2028/2029's); the first such byte, if any, is handled alone and the scan goes on after it.
// Each thread has its own instance (a module's state is per thread); undefined where WebAssembly SIMD is not
// available (--jitless): the JS loop of json-escape.ts then does it all.
import { compileOnce, leb, memoryModule, sleb, vec } from "./wasm-bytes.js";

type Escape = (p: number, end: number, o: number, lead: number) => number;

/** Per byte, 8 bytes at 8 × byte: what it becomes (the byte itself, \x or \u00XX), then its length at +7. */
const TABLE_SIZE = 2048;
/** Where the text's UTF-8 goes. */
const IN = TABLE_SIZE;
const PAGE = 65536;
/** Fewer bytes are copied out by a loop: Buffer.copy's own cost is that of ≈ 100 bytes copied one by one. */
const COPY_MIN = 128;
/** Past this many UTF-16 units the JS loop is used: the memory never shrinks (≈ 9 bytes a unit). */
export const SIMD_MAX_UNITS = 1 << 20;

/** The module's memory, the escaping function, and a Buffer over the memory (renewed when it grows). */
export class SimdEscaper {
  readonly #memory: WebAssembly.Memory;
  readonly #escape: Escape;
  #bytes: Buffer;

  private constructor(instance: WebAssembly.Instance) {
    this.#memory = instance.exports.memory as WebAssembly.Memory;
    this.#escape = instance.exports.escape as Escape;
    this.#bytes = Buffer.from(this.#memory.buffer);
    this.#bytes.set(TABLE);
  }

  static create(): SimdEscaper | undefined {
    const m = escapeModule();
    return m === null ? undefined : new SimdEscaper(new WebAssembly.Instance(m));
  }

  /**
   * Writes the escaped UTF-8 of `text` in quotes into `out` at `at`, `lead` being the lead byte of U+2028/2029
   * to escape them (0xe2) or 0xef to leave them; returns the end, or -1 for U+FFFD or a lone surrogate.
   * `text.length` ≤ SIMD_MAX_UNITS.
   */
  write(text: string, out: Uint8Array, at: number, lead: number): number {
    const units = text.length;
    const o = (IN + 3 * units + 15) & ~15;
    const need = o + 6 * units + 2 + 16; // the output, and a step's store past its end
    let bytes = this.#bytes;
    if (bytes.length < need) {
      this.#memory.grow(Math.ceil((need - bytes.length) / PAGE));
      bytes = this.#bytes = Buffer.from(this.#memory.buffer);
    }
    const n = bytes.write(text, IN, "utf8");
    const end = this.#escape(IN, IN + n, o, lead);
    if (end < 0) return -1;
    if (end - o >= COPY_MIN) return at + bytes.copy(out, at, o, end);
    for (let i = o; i < end; i++) out[at++] = bytes[i];
    return at;
  }
}

const TABLE = table();

const escapeModule = compileOnce(moduleBytes);

/** The table at 0: each byte's escaped form (JSON.stringify's: \b \t \n \f \r \" \\ and \u00XX), set by JS. */
function table(): Uint8Array {
  const t = new Uint8Array(TABLE_SIZE);
  const short: Record<number, string> = { 8: "b", 9: "t", 10: "n", 12: "f", 13: "r", 34: '"', 92: "\\" };
  for (let b = 0; b < 256; b++) {
    const s = short[b];
    const form = s !== undefined ? `\\${s}` : b < 0x20 ? `\\u${b.toString(16).padStart(4, "0")}` : String.fromCharCode(b);
    t.set(Buffer.from(form, "latin1"), 8 * b);
    t[8 * b + 7] = form.length;
  }
  return t;
}

// The module, written out here (no tool builds it): one memory, the table at 0 (set by the constructor), and
//   escape(p, end, o, lead): the bytes [p, end) escaped, in quotes, from o; the end of what it wrote, or -1 when
//   they hold EF BF BD (U+FFFD, or a lone surrogate as the encoder wrote it). lead: 0xe2 to write E2 80 A8/A9
//   as \u2028/\u2029, 0xef for neither.
// A step of 16: load, store at o, bitmask of (< 0x20 | '"' | '\\' | 0xef | lead); none: both advance 16; else
// both advance to the first such byte (ctz), which is handled alone. Fewer than 16 left: one byte at a time.
function moduleBytes(): Uint8Array<ArrayBuffer> {
  const [P, END, O, LEAD, B, M, BASE, V, C20, QT, BSL, EF, LD] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];
  const get = (i: number) => [0x20, i];
  const set = (i: number) => [0x21, i];
  const tee = (i: number) => [0x22, i];
  const i32 = (n: number) => [0x41, ...sleb(n)];
  const simd = (op: number, ...imm: number[]) => [0xfd, ...leb(op), ...imm];
  const add = (i: number, n: number) => [...get(i), ...i32(n), ADD, ...set(i)];
  const [V_LOAD, V_STORE, SPLAT, EQ, LT_U, OR, BITMASK] = [0x00, 0x0b, 0x0f, 0x23, 0x26, 0x50, 0x64];
  const [ADD, SUB, SHL, AND32, OR32, EQ32, EQZ, GT_U, GE_U, LT_U32, CTZ] = [0x6a, 0x6b, 0x74, 0x71, 0x72, 0x46, 0x45, 0x4b, 0x4f, 0x49, 0x68];
  const [LOAD8, STORE8, STORE32, LOAD64, STORE64] = [0x2d, 0x3a, 0x36, 0x29, 0x37];
  const [BLOCK, LOOP, IF, END_, BR, BR_IF, RETURN, VOID] = [0x02, 0x03, 0x04, 0x0b, 0x0c, 0x0d, 0x0f, 0x40];
  const byteAt = (offset: number) => [...get(P), LOAD8, 0, offset]; // mem[p + offset]
  const copyByte = [...get(O), ...get(B), STORE8, 0, 0, ...add(O, 1), ...add(P, 1)];
  const lane = (c: number) => [...get(V), ...get(c), ...simd(EQ)];
  // Lanes of v needing work.
  const work = [...get(V), ...get(C20), ...simd(LT_U), ...lane(QT), ...simd(OR), ...lane(BSL), ...simd(OR), ...lane(EF), ...simd(OR), ...lane(LD), ...simd(OR)];
  const threeLeft = [...get(P), ...i32(2), ADD, ...get(END), LT_U32]; // p + 2 < end
  const copy16 = [...get(O), ...get(P), ...simd(V_LOAD, 0, 0), ...simd(V_STORE, 0, 0)]; // mem[o, o + 16) = mem[p, p + 16)
  // biome-ignore format: one step a line
  const one = [ // the byte at p, alone (p and o advance past it and what it became)
    BLOCK, VOID,
    ...byteAt(0), ...set(B),
    ...get(B), ...i32(0xef), EQ32, IF, VOID,
    ...threeLeft, ...byteAt(1), ...i32(0xbf), EQ32, AND32, ...byteAt(2), ...i32(0xbd), EQ32, AND32,
    IF, VOID, ...i32(-1), RETURN, END_,
    ...copyByte, BR, 1,
    END_,
    ...get(B), ...get(LEAD), EQ32, IF, VOID,
    ...threeLeft, ...byteAt(1), ...i32(0x80), EQ32, AND32, ...byteAt(2), ...i32(1), OR32, ...i32(0xa9), EQ32, AND32,
    IF, VOID,
    ...get(O), ...i32(0x3032755c), STORE32, 0, 0, // "\u20"
    ...get(O), ...i32(0x32), STORE8, 0, 4, // "2"
    ...get(O), ...byteAt(2), ...i32(0x70), SUB, STORE8, 0, 5, // A8 → "8", A9 → "9"
    ...add(O, 6), ...add(P, 3), BR, 2,
    END_,
    ...copyByte, BR, 1,
    END_,
    ...get(O), ...get(B), ...i32(3), SHL, LOAD64, 0, 0, STORE64, 0, 0, // the table's 8 bytes, then its length
    ...get(O), ...get(B), ...i32(3), SHL, LOAD8, 0, 7, ADD, ...set(O), ...add(P, 1),
    END_,
  ];
  const blockEnd = [...get(BASE), ...i32(16), ADD];
  // biome-ignore format: one step a line
  const body = [
    ...i32(0x20), ...simd(SPLAT), ...set(C20), ...i32(0x22), ...simd(SPLAT), ...set(QT),
    ...i32(0x5c), ...simd(SPLAT), ...set(BSL), ...i32(0xef), ...simd(SPLAT), ...set(EF),
    ...get(LEAD), ...simd(SPLAT), ...set(LD),
    ...get(O), ...i32(0x22), STORE8, 0, 0, ...add(O, 1),
    BLOCK, VOID, LOOP, VOID,
    // Fewer than 16 bytes left: the end, or one byte.
    ...get(P), ...i32(16), ADD, ...get(END), GT_U, IF, VOID,
    ...get(P), ...get(END), GE_U, BR_IF, 2, ...one, BR, 1,
    END_,
    ...get(O), ...get(P), ...simd(V_LOAD, 0, 0), ...tee(V), ...simd(V_STORE, 0, 0),
    ...work, ...simd(BITMASK), ...tee(M), EQZ, IF, VOID, ...add(P, 16), ...add(O, 16), BR, 1, END_,
    // Each lane needing work in turn: the bytes before it are at o already (stored as they were), it alone,
    // then the next 16 bytes stored as they are, and the lanes it took (3 for U+2028) dropped from the mask.
    ...get(P), ...set(BASE),
    LOOP, VOID,
    ...get(M), CTZ, ...get(BASE), ADD, ...set(B),
    ...get(O), ...get(B), ADD, ...get(P), SUB, ...set(O), ...get(B), ...set(P),
    ...one,
    ...get(M), ...i32(-1), ...get(P), ...get(BASE), SUB, SHL, AND32, ...set(M),
    ...copy16,
    ...get(M), BR_IF, 0,
    END_,
    // The rest of the step's 16 bytes, stored by the last copy16.
    ...get(P), ...blockEnd, LT_U32, IF, VOID,
    ...get(O), ...blockEnd, ADD, ...get(P), SUB, ...set(O), ...blockEnd, ...set(P),
    END_,
    BR, 0,
    END_, END_,
    ...get(O), ...i32(0x22), STORE8, 0, 0, ...get(O), ...i32(1), ADD, END_,
  ];
  const code = [
    ...vec([
      [3, 0x7f],
      [6, 0x7b],
    ]),
    ...body,
  ]; // locals: b, mask, base; v and the five splats
  return memoryModule(4, [{ name: "escape", code }]);
}
