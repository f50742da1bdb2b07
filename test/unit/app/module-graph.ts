// The source files a module reaches through static imports: what a thread loads before any `import()` runs.
import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";

/** The source files a module reaches through static imports (`import type` and `import()` aside). */
export function staticGraph(entry: string): Set<string> {
  const seen = new Set<string>();
  const walk = (file: string): void => {
    if (seen.has(file)) return;
    seen.add(file);
    const text = readFileSync(file, "utf8");
    for (const m of text.matchAll(/^(?:import|export)\s+(?!type\b)[^;]*?from\s+"(\.[^"]+)"|^import\s+"(\.[^"]+)"/gms)) {
      const spec = (m[1] ?? m[2]) as string;
      walk(resolve(dirname(file), spec.replace(/\.js$/, ".ts")));
    }
  };
  walk(entry);
  return seen;
}
