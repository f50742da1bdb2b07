// The README's Architecture table is the rule: this test reads it from README.md and holds every source file
// to it (which layers a folder may import, where node:fs, process / workers and terminal writes may appear),
// so the README and the checks cannot disagree.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { parseLayerTable, type LayerRow } from "./readme-table.js";

const ROOT = resolve(import.meta.dirname, "../..");
const SRC = join(ROOT, "src");
const rows = parseLayerTable(readFileSync(join(ROOT, "README.md"), "utf8"));
const byName = new Map(rows.map((r) => [r.layer, r]));

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? files(p) : p.endsWith(".ts") ? [p] : [];
  });
}

/** The layer of a source file: its top folder under src/, or "entry" for a top-level src/*.ts. */
const layerOf = (file: string): string => {
  const parts = relative(SRC, file).split("/");
  return parts.length === 1 ? "entry" : parts[0];
};
/** The path of a file inside its layer folder (what the table's file lists name). */
const inLayer = (file: string): string => relative(SRC, file).split("/").slice(1).join("/");

const allowed = (cell: LayerRow["fs"], file: string): boolean => cell === true || (Array.isArray(cell) && cell.includes(inLayer(file)));
/** Source text without comments, so a comment that names node:fs or process.stdout is not a use. */
const code = (f: string): string =>
  readFileSync(f, "utf8")
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/(^|[^:"'`])\/\/.*$/gm, "$1");

const FS = /(?:from\s+|import\(\s*)["'](?:node:)?fs(?:\/promises)?["']/;
const PROCESS = /(?:from\s+|import\(\s*)["'](?:node:)?(?:child_process|worker_threads)["']|\bprocess\.(?:env|argv|exit|exitCode|stdin|cwd|once|on)\b/;
const TERMINAL = /\bprocess\.(?:stdout|stderr)\b(?!\.(?:isTTY|columns)\b)|\bconsole\.\w+/;

describe("architecture: the README's layer table", () => {
  const all = files(SRC);

  it("lists every layer in a table the test can read", () => {
    expect(rows.length).toBeGreaterThan(5);
    const folders = readdirSync(SRC).filter((n) => statSync(join(SRC, n)).isDirectory());
    expect(folders.filter((f) => !byName.has(f))).toEqual([]);
    // The table itself keeps the layering acyclic: a row may import only rows above it.
    for (const [i, r] of rows.entries())
      for (const dep of r.imports)
        expect(
          rows.findIndex((x) => x.layer === dep),
          `${r.layer} -> ${dep}`,
        ).toBeLessThan(i);
  });

  it("imports only the layers a folder's row names", () => {
    const bad: string[] = [];
    for (const f of all) {
      const text = readFileSync(f, "utf8");
      const specs = [...text.matchAll(/(?:import|export)[^;]*?from\s+["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g)].map((m) => m[1] ?? m[2]);
      const from = layerOf(f);
      for (const spec of specs) {
        if (!spec.startsWith(".")) continue;
        const to = layerOf(resolve(dirname(f), spec));
        if (to === from) continue;
        if (!byName.get(from)?.imports.includes(to)) bad.push(`${relative(SRC, f)} -> ${spec}`);
      }
    }
    expect(bad).toEqual([]);
  });

  it("uses node:fs, process and workers, and the terminal streams, only where the table says", () => {
    const bad: string[] = [];
    for (const f of all) {
      const row = byName.get(layerOf(f));
      const text = code(f);
      const where = relative(SRC, f);
      if (!row) continue;
      if (FS.test(text) && !allowed(row.fs, f)) bad.push(`${where}: node:fs`);
      if (PROCESS.test(text) && !allowed(row.process, f)) bad.push(`${where}: process / workers`);
      if (TERMINAL.test(text) && !allowed(row.terminal, f)) bad.push(`${where}: terminal streams`);
    }
    expect(bad).toEqual([]);
  });

  it("names only files that exist in a file list", () => {
    const missing = rows.flatMap((r) =>
      [r.fs, r.process, r.terminal].flatMap((c) =>
        Array.isArray(c) ? c.filter((n) => !all.includes(join(SRC, r.layer, n))).map((n) => `${r.layer}/${n}`) : [],
      ),
    );
    expect(missing).toEqual([]);
  });
});
