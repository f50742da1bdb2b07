// Reads the layer table of the README's Architecture section (the rows after the `<!-- layers` marker).

/** true = the whole layer, false = none of it, a list = those files of the layer folder. */
export type Allowance = boolean | string[];

export interface LayerRow {
  layer: string;
  imports: string[];
  fs: Allowance;
  process: Allowance;
  terminal: Allowance;
}

const names = (cell: string): string[] => [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1]);

function allowance(cell: string, where: string): Allowance {
  if (cell === "yes") return true;
  if (cell === "no") return false;
  const files = names(cell);
  if (files.length === 0) throw new Error(`README layer table, ${where}: "${cell}" is not yes, no or a list of files`);
  return files;
}

export function parseLayerTable(readme: string): LayerRow[] {
  const at = readme.indexOf("<!-- layers");
  if (at < 0) throw new Error("README has no layer table (<!-- layers marker)");
  const lines = readme.slice(at).split("\n").slice(1);
  const table = lines.slice(
    0,
    lines.findIndex((l) => !l.startsWith("|")),
  );
  const header = table[0]
    .split("|")
    .slice(1, -1)
    .map((c) => c.trim());
  const col = (name: string): number => {
    const i = header.indexOf(name);
    if (i < 0) throw new Error(`README layer table has no "${name}" column`);
    return i;
  };
  const [layer, imports, fs, proc, terminal] = ["layer", "may import", "file system", "process, workers", "terminal streams"].map(col);
  return table.slice(2).map((l) => {
    const cells = l
      .split("|")
      .slice(1, -1)
      .map((c) => c.trim());
    const name = names(cells[layer])[0];
    return {
      layer: name,
      imports: cells[imports] === "—" ? [] : cells[imports].split(",").map((s) => s.trim()),
      fs: allowance(cells[fs], `${name} / file system`),
      process: allowance(cells[proc], `${name} / process, workers`),
      terminal: allowance(cells[terminal], `${name} / terminal streams`),
    };
  });
}
