// fitTable: cells wrap to the width they are given and never lose a character; without a width, nothing wraps.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fitTable, fitWidths, wrapCell } from "../../../src/report/table-fit.js";

const plain = (s: string) => s.replace(/\n/g, "");

describe("wrapCell", () => {
  it("every line fits and the text is kept (spaces at the breaks aside)", () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom("a", "b", "/", " ", "é", "-"), maxLength: 200 }), fc.integer({ min: 1, max: 40 }), (text, w) => {
        const wrapped = wrapCell(text, w);
        for (const line of wrapped.split("\n")) expect(Array.from(line).length).toBeLessThanOrEqual(w);
        expect(plain(wrapped).replace(/ /g, "")).toBe(text.replace(/ /g, ""));
      }),
    );
  });
  it("breaks a path after a slash, and words at spaces", () => {
    expect(wrapCell("fixtures/pi/hand/session.jsonl", 18)).toBe("fixtures/pi/hand/\nsession.jsonl");
    expect(wrapCell("no such file or folder", 10)).toBe("no such\nfile or\nfolder");
  });
});

describe("fitWidths and fitTable", () => {
  const rows = [
    ["status", "session"],
    ["ok", "fixtures/pi/hand/compaction-capsule-loses-pending-write.jsonl"],
  ];
  it("no width: natural widths, the path on one line", () => {
    expect(fitWidths(rows, undefined, [1])).toEqual([6, 61]);
    expect(fitTable({ head: rows[0], style: { head: [], border: [] } }, rows.slice(1), { flex: [1] })).toContain(`│ ${rows[1][1]} │`);
  });
  it("a width: the flex column shrinks so the table fits, and the cells still hold every character", () => {
    const table = fitTable({ head: rows[0], style: { head: [], border: [] } }, rows.slice(1), { width: 40, flex: [1] });
    const lines = table.split("\n");
    for (const l of lines) expect(Array.from(l).length).toBeLessThanOrEqual(40);
    const cells = lines.filter((l) => l.startsWith("│") && !l.includes("status")).map((l) => l.split("│")[2].trim());
    expect(cells.join("")).toBe(rows[1][1]);
  });
  it("colour codes take no columns", () => {
    expect(fitWidths([["\u001b[31merror\u001b[0m", "x"]], undefined, [])).toEqual([5, 1]);
  });
});
