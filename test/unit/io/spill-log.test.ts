// The spill folder's append-only record log: what is appended reads back exactly, in any order, whether still
// in the append buffer or on disk, whatever its length or characters.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { SpillLog } from "../../../src/io/spill-log.js";

const tmp = mkdtempSync(join(tmpdir(), "sightline-spill-log-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
let n = 0;
const fresh = () => new SpillLog(join(tmp, `log-${n++}.jsonl`));

describe("io/spill-log", () => {
  it("reads back every record, interleaved with appends and in any order (property)", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            fc.string({ unit: "grapheme", maxLength: 200 }),
            fc
              .tuple(fc.integer({ min: 60_000, max: 140_000 }), fc.string({ unit: "grapheme", minLength: 1, maxLength: 4 }))
              .map(([k, c]) => c.repeat(k / c.length)),
          ),
          { maxLength: 12 },
        ),
        fc.array(fc.nat(), { maxLength: 30 }),
        (records, picks) => {
          const log = fresh();
          const at: { offset: number; length: number }[] = [];
          records.forEach((r, i) => {
            at.push(log.append(r));
            // A read between appends: the record may still be in the append buffer.
            const j = picks[i % Math.max(1, picks.length)] ?? 0;
            expect(log.read(at[j % at.length].offset, at[j % at.length].length)).toBe(records[j % at.length]);
          });
          for (const p of picks) if (at.length) expect(log.read(at[p % at.length].offset, at[p % at.length].length)).toBe(records[p % at.length]);
          log.close();
        },
      ),
      { numRuns: 40 },
    );
  });

  it("writes the records one after another (the file is their concatenation)", () => {
    const log = fresh();
    const records = ["a\n", "ünïcödé 🙂\n", "x".repeat(70_000), "\n"];
    const last = records.map((r) => log.append(r)).at(-1)!;
    // Reading the last record writes out what the append buffer still holds.
    expect(log.read(last.offset, last.length)).toBe("\n");
    expect(readFileSync(log.path, "utf8")).toBe(records.join(""));
    log.close();
  });

  it("refuses to read once closed", () => {
    const log = fresh();
    const r = log.append("one");
    log.close();
    expect(() => log.read(r.offset, r.length)).toThrow(/released/);
  });
});
