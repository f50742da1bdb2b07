// io/spill.ts writePiecesSync: pieces encoded through one reused 1 MiB buffer; a piece longer than the buffer
// can take goes through it in slices, never cut between the halves of a surrogate pair.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { writePiecesSync } from "../../../src/io/spill.js";

const tmp = mkdtempSync(join(tmpdir(), "sightline-io-spill-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const written = (pieces: string[]): Buffer => {
  const p = join(tmp, "out");
  writePiecesSync(p, (put) => pieces.forEach(put));
  return readFileSync(p);
};

describe("io/spill: writePiecesSync", () => {
  it("writes long pieces byte for byte as Buffer.from would (pairs and lone halves at every slice boundary)", () => {
    const most = Math.floor((1 << 20) / 3);
    for (const shift of [-2, -1, 0, 1, 2]) {
      // A surrogate pair straddling the first slice's end, a lone high half and a lone low half further on.
      const pieces = ["{", `${"a".repeat(most - 1 + shift)}\u{1F600}${"é".repeat(most)}\uD800x${"b".repeat(most + shift)}\uDC00${"c".repeat(2 * most)}`, "}"];
      expect(written(pieces).equals(Buffer.from(pieces.join(""), "utf8")), `shift ${shift}`).toBe(true);
    }
  });
  it("equals the joined text for any pieces, short and long", () => {
    const piece = fc.oneof(
      fc.string({ unit: "grapheme", maxLength: 50 }),
      fc
        .tuple(fc.string({ unit: "binary", maxLength: 8 }), fc.integer({ min: 300_000, max: 800_000 }))
        .map(([s, n]) => s.repeat(Math.ceil(n / Math.max(1, s.length)))),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 6 }), (pieces) => written(pieces).equals(Buffer.from(pieces.join(""), "utf8"))),
      { numRuns: 25 },
    );
  });
  it("bytes a writer puts through reserve and `at` come in order with the pieces, across flushes; what it leaves is dropped", () => {
    const p = join(tmp, "bytes");
    const chunk = "é".repeat(100_000);
    writePiecesSync(p, (put, bytes) => {
      put("{");
      for (let i = 0; i < 8; i++) {
        const b = bytes.reserve(300_000);
        expect(b).not.toBeNull();
        const at = bytes.at;
        b!.write("dropped", at, "utf8");
        if (i % 2) continue;
        bytes.at = at + b!.write(chunk, at, "utf8");
        put(",");
      }
      expect(bytes.reserve((1 << 20) + 1)).toBeNull();
      expect(bytes.scratch.length).toBe(1 << 19);
      put("}");
    });
    expect(readFileSync(p).equals(Buffer.from(`{${`${chunk},`.repeat(4)}}`))).toBe(true);
  });
});
