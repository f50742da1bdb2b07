// io/read.ts pumpFile: a file read in chunks into a ScanBuffer (the "\u" search 16 bytes at a time) gives the lines
// of the whole bytes, whatever the chunk size; two reads alive at once on a thread each read their own file; a read
// that fails gives its buffer back.
import fc from "fast-check";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { borrowScanBuffer, returnScanBuffer } from "../../../src/io/escapes.js";
import { splitBytes } from "../../../src/io/lines.js";
import { pumpFile, readInto } from "../../../src/io/read.js";
import { type LineRecord, LONG_LINE_BYTES } from "../../../src/shared/lines.js";

/** "{" and "[" in a text: what parseJson counts before its depth scan. */
const bracketsOf = (text: string) => [...text].filter((c) => c === "{" || c === "[").length;

const tmp = mkdtempSync(join(tmpdir(), "sightline-read-file-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

let files = 0;
function fileOf(bytes: Uint8Array): string {
  const p = join(tmp, `f${files++}.jsonl`);
  writeFileSync(p, bytes);
  return p;
}

async function linesOf(path: string, chunk?: number): Promise<{ lines: LineRecord[]; bytes: number; nulOffset: number }> {
  const lines: LineRecord[] = [];
  const stats = await pumpFile(path, (l) => lines.push(l), chunk);
  return { lines, ...stats };
}

/** Escapes and their near misses, line ends, multi-byte text, bytes that are not UTF-8, a NUL. */
const piece = fc.oneof(
  fc.constantFrom("\\", "u", "\\u", "\\\\u", "\n", "\r\n", "é", "\u4e2d", "\u{1F600}", '{"a":"\\u00e9"}', "x".repeat(40), "\u0000"),
  fc.string({ maxLength: 8 }),
  fc.constantFrom(Buffer.from([0xff]), Buffer.from([0xe4, 0xb8]), Buffer.from([0xed, 0xa0, 0x80])),
);
const bytesArb = fc.array(piece, { maxLength: 40 }).map((ps) => Buffer.concat(ps.map((p) => (typeof p === "string" ? Buffer.from(p) : p))));

describe("io/read: pumpFile", () => {
  it("gives the lines of the whole bytes, for any chunk size (property)", async () => {
    await fc.assert(
      fc.asyncProperty(bytesArb, fc.integer({ min: 1, max: 70 }), async (bytes, chunk) => {
        const got = await linesOf(fileOf(bytes), chunk);
        expect(got.lines).toEqual(splitBytes(bytes));
        expect(got.bytes).toBe(bytes.length);
        const nul = bytes.subarray(0, 8192).indexOf(0);
        expect(got.nulOffset).toBe(nul);
      }),
      { numRuns: 300 },
    );
  });

  it("reads with the default chunk a file of several chunks, escapes at their edges", async () => {
    const line = (i: number) => `{"i":${i},"t":"${i % 97 === 0 ? "\\u00e9" : "plain \\\\ text"}${"y".repeat(i % 3000)}"}`;
    const text = `${Array.from({ length: 3000 }, (_, i) => line(i)).join("\n")}\n`;
    const bytes = Buffer.from(text);
    expect(bytes.length).toBeGreaterThan(3 << 20);
    const got = await linesOf(fileOf(bytes));
    // The lines of more than LONG_LINE_BYTES held whole in a chunk come with their count of "{" and "[".
    const counted = got.lines.filter((l) => l.openingBrackets !== undefined);
    expect(counted.length).toBeGreaterThan(1000);
    for (const l of counted) {
      expect(Buffer.byteLength(l.text)).toBeGreaterThan(LONG_LINE_BYTES);
      expect(l.openingBrackets).toBe(bracketsOf(l.text));
    }
    expect(got.lines.map(({ openingBrackets: _, ...l }) => l)).toEqual(splitBytes(bytes));
    expect(got.lines.filter((l) => l.noUnicodeEscape !== true)).toHaveLength(31);
  });

  it("counts the brackets of long lines as their text holds them, whatever the bytes (property)", async () => {
    const long = fc
      .array(fc.oneof(piece, fc.constantFrom("{", "[", "}", "]", '"{', "\\[")), { minLength: 1, maxLength: 60 })
      .map((ps) => Buffer.concat(ps.map((p) => (typeof p === "string" ? Buffer.from(p.repeat(40)) : Buffer.concat(Array(40).fill(p))))));
    await fc.assert(
      fc.asyncProperty(fc.array(long, { minLength: 1, maxLength: 4 }), async (lines) => {
        const bytes = Buffer.concat(lines.flatMap((l) => [l, Buffer.from("\n")]));
        const got = await linesOf(fileOf(bytes));
        for (const l of got.lines) if (l.openingBrackets !== undefined) expect(l.openingBrackets).toBe(bracketsOf(l.text));
        expect(got.lines.map(({ openingBrackets: _, ...l }) => l)).toEqual(splitBytes(bytes));
      }),
      { numRuns: 150 },
    );
  });

  it("two reads alive at once on one thread each read their own file", async () => {
    const a = Buffer.from(Array.from({ length: 200 }, (_, i) => `a${i} \\u${i}`).join("\n"));
    const b = Buffer.from(Array.from({ length: 200 }, (_, i) => `b${i} \\${i}`).join("\n"));
    const [pa, pb] = [fileOf(a), fileOf(b)];
    // Small chunks: the two reads take turns at every await.
    const [ga, gb] = await Promise.all([linesOf(pa, 7), linesOf(pb, 5)]);
    expect(ga.lines).toEqual(splitBytes(a));
    expect(gb.lines).toEqual(splitBytes(b));
  });

  it("the thread's buffer is lent to one read at a time and given back after it, even when the read fails", async () => {
    const mine = borrowScanBuffer();
    expect(mine).toBeDefined();
    returnScanBuffer(mine!);
    const path = fileOf(Buffer.from("one\ntwo\n"));
    let during: unknown;
    await pumpFile(path, () => {
      during ??= borrowScanBuffer();
    });
    // While the read held the thread's buffer, another borrower got a new one.
    expect(during).toBeDefined();
    expect(during).not.toBe(mine);
    const after = borrowScanBuffer();
    expect(after).toBe(mine);
    returnScanBuffer(after!);
    const boom = new Error("the sink failed");
    await expect(
      pumpFile(path, () => {
        throw boom;
      }),
    ).rejects.toBe(boom);
    await expect(pumpFile(join(tmp, "missing.jsonl"), () => undefined)).rejects.toMatchObject({ code: "ENOENT" });
    const again = borrowScanBuffer();
    expect(again).toBe(mine);
    returnScanBuffer(again!);
  });

  it("readInto gives a sink the same lines and stats from a file as from its bytes", async () => {
    const bytes = Buffer.from('{"a":1}\n{"b":"\\u0041"}\ntorn');
    const lines: LineRecord[] = [];
    const { result, stats } = await readInto(fileOf(bytes), { push: (l) => lines.push(l), finish: () => lines.length });
    expect(result).toBe(3);
    expect(lines).toEqual(splitBytes(bytes));
    expect(stats).toEqual({ bytes: bytes.length, nulOffset: -1 });
  });
});
