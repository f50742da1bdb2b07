// io/escapes.ts: the "\u" search over bytes held in a ScanBuffer (WebAssembly SIMD, 16 bytes a step) gives
// Buffer.indexOf's answer wherever the bytes sit in its memory, whatever follows them, after the memory grows;
// the ranges read by io/ranges.ts go through it, and eachLineOf marks the same lines as over a plain copy.
import fc from "fast-check";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { countOpeningBrackets, ESCAPE, findEscape, ScanBuffer } from "../../../src/io/escapes.js";
import { eachLineOf } from "../../../src/io/lines.js";
import { RangeReader } from "../../../src/io/ranges.js";

const tmp = mkdtempSync(join(tmpdir(), "sightline-escapes-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** UTF-8 made mostly of backslashes, "u"s and newlines: every near miss of "\\u" (a lone "\\", "\\\\u", "u\\"). */
const bytesArb = fc.array(fc.constantFrom("\\", "u", "\n", "a", "é", "\\u"), { maxLength: 60 }).map((a) => Buffer.from(a.join("")));

describe("io/escapes", () => {
  it("this runtime has WebAssembly SIMD: ranges are searched by the scan, not by indexOf", () => {
    expect(ScanBuffer.create()).toBeDefined();
  });

  it("finds what Buffer.indexOf finds, at any offset in the memory, from any start, whatever bytes follow (property)", () => {
    const scan = ScanBuffer.create()!;
    fc.assert(
      fc.property(bytesArb, fc.nat(40), bytesArb, fc.nat(100), (bytes, offset, after, from) => {
        const mem = scan.get(offset + bytes.length + after.length);
        bytes.copy(mem, offset);
        after.copy(mem, offset + bytes.length);
        const view = mem.subarray(offset, offset + bytes.length);
        expect(findEscape(view, from)).toBe(bytes.indexOf(ESCAPE, from));
      }),
      { numRuns: 3000 },
    );
  });

  it("finds an escape 16 or more bytes in, at each lane, and past a growth of the memory", () => {
    const scan = ScanBuffer.create()!;
    for (let at = 0; at < 70; at++) {
      const mem = scan.get(100);
      mem.fill(0x5c); // backslashes everywhere: only a following "u" makes an escape
      mem[at + 1] = 0x75;
      expect(findEscape(mem, 0)).toBe(at);
      expect(findEscape(mem, at + 1)).toBe(-1);
    }
    // More than the first page: the memory grows and the bytes read after it are searched the same way.
    const big = scan.get(5 * 65536 + 3);
    big.fill(0x61);
    big.write("\\u", 5 * 65536);
    expect(findEscape(big, 0)).toBe(5 * 65536);
    expect(findEscape(big.subarray(1, 5 * 65536 + 1), 0)).toBe(-1);
  });

  it('counts the "{" and "[" of bytes held there as the characters of their text, valid UTF-8 or not (property)', () => {
    const scan = ScanBuffer.create()!;
    const bracketBytes = fc
      .array(fc.oneof(fc.constantFrom("{", "[", "}", "]", "é{", "\u4e2d["), fc.constantFrom(Buffer.from([0xe4, 0x7b]), Buffer.from([0xff, 0x5b]))), {
        maxLength: 80,
      })
      .map((ps) => Buffer.concat(ps.map((p) => (typeof p === "string" ? Buffer.from(p) : p))));
    fc.assert(
      fc.property(bracketBytes, fc.nat(40), (bytes, offset) => {
        const mem = scan.get(offset + bytes.length + 16);
        mem.fill(0x7b); // brackets around: only [from, to) counts
        bytes.copy(mem, offset);
        const text = bytes.toString("utf8");
        expect(countOpeningBrackets(mem, offset, offset + bytes.length)).toBe([...text].filter((c) => c === "{" || c === "[").length);
      }),
      { numRuns: 2000 },
    );
    expect(countOpeningBrackets(Buffer.from("{[{["), 0, 4)).toBeUndefined();
  });

  it("bytes outside a ScanBuffer are searched by Buffer.indexOf", () => {
    const b = Buffer.from('{"a":"\\\\u"}\n{"b":"\\u00e9"}');
    expect(findEscape(b, 0)).toBe(b.indexOf(ESCAPE));
    expect(findEscape(b, 13)).toBe(b.indexOf(ESCAPE, 13));
  });

  it("a range read by RangeReader.view gives eachLineOf the same lines as a plain copy of its bytes (property)", () => {
    const path = join(tmp, "lines.jsonl");
    fc.assert(
      fc.property(bytesArb, fc.nat(20), (bytes, cut) => {
        writeFileSync(path, bytes);
        const r = new RangeReader(path);
        try {
          const start = Math.min(cut, bytes.length);
          const view = r.view(start, bytes.length);
          const lines = (b: Buffer) => {
            const out: unknown[] = [];
            eachLineOf(b, (l) => out.push(l));
            return out;
          };
          expect(lines(view)).toEqual(lines(Buffer.from(bytes.subarray(start))));
        } finally {
          r.close();
        }
      }),
      { numRuns: 500 },
    );
  });
});
