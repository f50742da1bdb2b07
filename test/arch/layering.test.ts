// design §7: a folder imports only from folders earlier in the list; nothing imports cli/;
// only io/, app/ and cli/ touch node:fs or process.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, resolve, dirname } from "node:path";
import { describe, expect, it } from "vitest";

const SRC = resolve(import.meta.dirname, "../../src");
const ORDER = ["shared", "schema", "formats", "capsule", "context", "ttsr", "report", "io", "app", "cli"];
const MAY_TOUCH_FS = new Set(["io", "app", "cli"]);

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? files(p) : p.endsWith(".ts") ? [p] : [];
  });
}

const layerOf = (file: string): string => relative(SRC, file).split("/")[0].replace(/\.ts$/, "");

describe("architecture (design §7)", () => {
  const all = files(SRC);
  const imports = all.flatMap((f) => {
    const text = readFileSync(f, "utf8");
    const specs = [...text.matchAll(/(?:import|export)[^;]*?from\s+["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g)].map((m) => m[1] ?? m[2]);
    return specs.map((spec) => ({ file: f, spec, text }));
  });

  it("has source files to check", () => {
    expect(all.length).toBeGreaterThan(5);
  });

  it("imports only from earlier layers", () => {
    const bad: string[] = [];
    for (const { file, spec } of imports) {
      if (!spec.startsWith(".")) continue;
      const from = layerOf(file);
      const to = layerOf(resolve(dirname(file), spec));
      if (from === "index" || to === from) continue;
      const a = ORDER.indexOf(from);
      const b = ORDER.indexOf(to);
      if (to === "cli" || b === -1 || a === -1 || b > a) bad.push(`${relative(SRC, file)} -> ${spec}`);
    }
    expect(bad).toEqual([]);
  });

  it("keeps node:fs, node:child_process and process out of the pure core", () => {
    const bad: string[] = [];
    for (const f of all) {
      const layer = layerOf(f);
      if (MAY_TOUCH_FS.has(layer)) continue;
      const text = readFileSync(f, "utf8").replace(/\/\/.*$/gm, "");
      if (/from\s+["'](node:)?(fs|fs\/promises|child_process|worker_threads)["']/.test(text)) bad.push(`${relative(SRC, f)}: fs/child_process`);
      if (/\bprocess\.(env|argv|exit|stdout|stderr|stdin|cwd)\b/.test(text)) bad.push(`${relative(SRC, f)}: process`);
    }
    expect(bad).toEqual([]);
  });
});
