// design §8 / issue: reading a file fed in arbitrary chunk sizes gives exactly the result of reading it whole.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ByteLineSplitter, splitBytes } from "../../src/io/lines.js";
import type { LineRecord } from "../../src/shared/lines.js";

function readChunked(data: Uint8Array, cuts: number[]): LineRecord[] {
  const out: LineRecord[] = [];
  const s = new ByteLineSplitter((l) => out.push(l));
  const points = [...new Set(cuts.map((c) => c % (data.length + 1)))].sort((a, b) => a - b);
  let prev = 0;
  for (const p of [...points, data.length]) {
    s.push(data.subarray(prev, p));
    prev = p;
  }
  s.end();
  return out;
}

const line = fc.oneof(fc.string({ unit: "grapheme", maxLength: 40 }), fc.json(), fc.constantFrom("", "\r", '{"torn":', "\u0000"));
const bytesOf = fc.oneof(
  fc.array(line, { maxLength: 20 }).chain((ls) => fc.boolean().map((t) => Buffer.from(ls.join("\n") + (t ? "\n" : ""), "utf8"))),
  fc.uint8Array({ maxLength: 300 }).map((a) => Buffer.from(a)),
);

describe("property: chunked reading equals whole reading", () => {
  it("same line records, numbers, torn flag and UTF-8 verdicts for any chunking", () => {
    fc.assert(
      fc.property(bytesOf, fc.array(fc.nat(), { maxLength: 30 }), (data, cuts) => {
        expect(readChunked(data, cuts)).toEqual(splitBytes(data));
      }),
      { numRuns: 400 },
    );
  });
});
