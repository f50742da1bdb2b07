// The catalogue holds a format's codes once the format registry has added them (src/formats/index.ts), which the
// program always loads before a format reads a file. Unit tests import a format's parser directly, so this adds
// each format folder's table here the same way; it leaves the formats' other modules unloaded, so a test's
// vi.mock of one of them still applies. (test/arch/format-registry.test.ts holds the folders to the registry.)
import { readdirSync, statSync } from "node:fs";
import { resolve } from "node:path";
import { registerCodes } from "../src/shared/codes.js";
import type { Catalogue } from "../src/shared/codes/types.js";

const FORMATS = resolve(import.meta.dirname, "../src/formats");
for (const dir of readdirSync(FORMATS).filter((n) => statSync(resolve(FORMATS, n)).isDirectory())) {
  const mod = (await import(resolve(FORMATS, dir, "codes.ts"))) as Record<string, Catalogue>;
  for (const table of Object.values(mod)) registerCodes(dir, table);
}
