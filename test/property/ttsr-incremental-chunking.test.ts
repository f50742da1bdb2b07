// The replay's fast splitter must cut exactly where chunkText (design §3 chunking) cuts.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { chunkText, type Chunking } from "../../src/ttsr/chunking.js";
import { chunkTextFast } from "../../src/ttsr/simulate/chunk-fast.js";

// Code units chosen to hit surrogate pairs, lone high/low surrogates and a pair at a chunk edge.
const unit = fc.constantFrom("a", "é", "\ud83d\ude00", "\ud83d", "\ude00", "\n", "x");
const chunking: fc.Arbitrary<Chunking> = fc.oneof(
  fc.constant({ kind: "whole" } as const),
  fc.integer({ min: 1, max: 20 }).map((size) => ({ kind: "fixed", size }) as const),
  fc.integer({ min: -1000, max: 1000 }).map((seed) => ({ kind: "random", seed }) as const),
);

describe("chunkTextFast equals chunkText", () => {
  it("any text of surrogates and plain units, any chunking", () => {
    fc.assert(
      fc.property(fc.array(unit, { maxLength: 300 }), chunking, (units, c) => {
        const text = units.join("");
        expect(chunkTextFast(text, c)).toEqual(chunkText(text, c));
      }),
      { numRuns: 1000 },
    );
  });
});
