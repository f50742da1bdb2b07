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
