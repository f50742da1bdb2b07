// Ships every JSON Schema of src/schema/ under dist/schemas/ (package export "./schemas/*").
import { cpSync, mkdirSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
const src = new URL("../src/schema/json/", import.meta.url).pathname;
const out = new URL("../dist/schemas/", import.meta.url).pathname;
mkdirSync(out, { recursive: true });
const walk = (dir) => {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) walk(p);
    else if (name.endsWith(".json")) cpSync(p, join(out, p.slice(src.length)), { recursive: true });
  }
};
walk(src);
