// The import graph of src/: every relative import or re-export (type-only ones too: a cycle of types is still two
// files that cannot be understood apart), and its cycles as strongly connected components.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

export type Graph = ReadonlyMap<string, readonly string[]>;

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? files(p) : p.endsWith(".ts") ? [p] : [];
  });
}

const SPEC = /(?:import|export)[^;]*?from\s+["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;

/** Files of `root` (paths relative to it) and the files each one imports. */
export function importGraph(root: string): Graph {
  const graph = new Map<string, string[]>();
  for (const f of files(root)) {
    const deps = [...readFileSync(f, "utf8").matchAll(SPEC)]
      .map((m) => m[1] ?? m[2])
      .filter((s) => s.startsWith("."))
      .map((s) => relative(root, resolve(dirname(f), s)).replace(/\.js$/, ".ts"));
    graph.set(relative(root, f), [...new Set(deps)]);
  }
  return graph;
}

/** The cycles of a graph: each strongly connected component of more than one file, or a file importing itself (Tarjan). */
export function cycles(graph: Graph): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const out: string[][] = [];
  let next = 0;
  const visit = (v: string): void => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const scc: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      scc.push(w);
    } while (w !== v);
    if (scc.length > 1 || (graph.get(v) ?? []).includes(v)) out.push(scc.sort());
  };
  for (const v of [...graph.keys()].sort()) if (!index.has(v)) visit(v);
  return out;
}

// A static import or re-export that is not `import type` / `export type`: group 1 is what it names, group 2 or 3
// the specifier. Dynamic `import()` is left out on purpose: it loads only when the code that calls it runs.
const LOAD = /^\s*(?:import|export)\s+(?!type\b)([^;]*?)\s*from\s+["']([^"']+)["']|^\s*import\s+["']([^"']+)["']/gm;
/** `{ type A, type B }`: every name a type, so TypeScript drops the import from the JavaScript. */
const typesOnly = (names: string): boolean =>
  /^\{[^}]*\}$/.test(names) &&
  names
    .slice(1, -1)
    .split(",")
    .every((n) => n.trim() === "" || n.trim().startsWith("type "));

/**
 * The files each file of `root` makes Node load when it is evaluated: its static imports and re-exports of values
 * (type-only ones and `import()` are not followed). A superset of what the JavaScript loads: an import whose names
 * are used only as types is counted although TypeScript drops it.
 */
export function loadGraph(root: string): Graph {
  const graph = new Map<string, string[]>();
  for (const f of files(root)) {
    const deps = [...readFileSync(f, "utf8").matchAll(LOAD)]
      .filter((m) => m[1] === undefined || !typesOnly(m[1]))
      .map((m) => m[2] ?? m[3])
      .filter((s) => s.startsWith("."))
      .map((s) => relative(root, resolve(dirname(f), s)).replace(/\.js$/, ".ts"));
    graph.set(relative(root, f), [...new Set(deps)]);
  }
  return graph;
}

/** Every file `from` reaches in a graph, itself included. */
export function reachable(graph: Graph, from: string): Set<string> {
  const seen = new Set<string>();
  const visit = (f: string): void => {
    if (seen.has(f)) return;
    seen.add(f);
    for (const d of graph.get(f) ?? []) visit(d);
  };
  visit(from);
  return seen;
}
