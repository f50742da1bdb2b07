// The README table reader: what the layering test believes is what the table says, and a cell it cannot
// read stops the test instead of allowing everything.
import { describe, expect, it } from "vitest";
import { parseLayerTable } from "./readme-table.js";

const table = (rows: string[]): string =>
  [
    "intro",
    "<!-- layers: test -->",
    "| layer | holds | may import | file system | process, workers | terminal streams |",
    "| --- | --- | --- | --- | --- | --- |",
    ...rows,
    "",
    "after",
  ].join("\n");

describe("README layer table reader", () => {
  it("reads imports and yes / no / file-list cells", () => {
    const rows = parseLayerTable(table(["| `a` | x | — | no | no | no |", "| `b` | y | a | yes | `p.ts`, `q/r.ts` | no |"]));
    expect(rows).toEqual([
      { layer: "a", imports: [], fs: false, process: false, terminal: false },
      { layer: "b", imports: ["a"], fs: true, process: ["p.ts", "q/r.ts"], terminal: false },
    ]);
  });

  it("refuses a cell that is neither yes, no nor a file list", () => {
    expect(() => parseLayerTable(table(["| `a` | x | — | sometimes | no | no |"]))).toThrow(/a \/ file system/);
  });

  it("refuses a README without the table or with a renamed column", () => {
    expect(() => parseLayerTable("no table here")).toThrow(/no layer table/);
    expect(() => parseLayerTable(table([]).replace("file system", "disk"))).toThrow(/"file system" column/);
  });
});
