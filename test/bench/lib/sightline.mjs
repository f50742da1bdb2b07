// What of sightline is built and usable: the CLI commands registered in dist/ and the library exports.
// Other parts of sightline land over time; a workload whose code is missing reports "not available yet".
import { existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..", "..");
// SIGHTLINE_BENCH_DIST points at another build (e.g. a private `tsc --outDir`) while dist/ is being rebuilt.
export const DIST = process.env.SIGHTLINE_BENCH_DIST ? resolve(process.env.SIGHTLINE_BENCH_DIST) : join(ROOT, "dist");
export const MAIN_JS = join(DIST, "cli", "main.js");
export const INDEX_JS = join(DIST, "index.js");

/** {built, commands:Set<first word of each command>, exports:Set<library export names>} */
export async function probe() {
  const out = { built: existsSync(MAIN_JS), commands: new Set(), exports: new Set() };
  if (!out.built) return out;
  try {
    const { commands } = await import(pathToFileURL(join(DIST, "cli", "commands", "index.js")).href);
    for (const c of commands) for (const spec of [c.command].flat()) out.commands.add(String(spec).split(/\s+/)[0]);
  } catch {
    /* commands module missing or broken: no commands */
  }
  try {
    for (const k of Object.keys(await import(pathToFileURL(INDEX_JS).href))) out.exports.add(k);
  } catch {
    /* library entry missing or broken */
  }
  return out;
}

/** Why a workload cannot run yet, or null when everything it needs is there. */
export function missing(p, { command, exports = [] }) {
  if (!p.built) return "dist/ is not built (npm run build)";
  if (command && !p.commands.has(command)) return `command \`sightline ${command}\``;
  const absent = exports.filter((e) => !p.exports.has(e));
  return absent.length ? `library export${absent.length > 1 ? "s" : ""} ${absent.join(", ")}` : null;
}
