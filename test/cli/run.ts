// Spawns the real CLI (bin/sightline.js over the built dist/) the way a user runs it, with NO_COLOR=1,
// and records stdout, stderr and the exit code together (attw-style golden tests).
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

export const ROOT = resolve(import.meta.dirname, "../..");
export const BIN = resolve(ROOT, "bin/sightline.js");

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

export function ensureBuilt(): void {
  if (!existsSync(resolve(ROOT, "dist/cli/main.js"))) throw new Error("dist/ is missing: run `npm run build` (npm test does it first)");
}

export function runCli(args: string[], opts: { cwd?: string; input?: string; env?: Record<string, string> } = {}): CliRun {
  ensureBuilt();
  const r = spawnSync(process.execPath, [BIN, ...args], {
    cwd: opts.cwd ?? ROOT,
    input: opts.input ?? "",
    encoding: "utf8",
    env: { ...process.env, NO_COLOR: "1", FORCE_COLOR: "", COLUMNS: "120", ...opts.env },
    maxBuffer: 256 * 1024 * 1024,
  });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

/** The golden form: one text file holding the command, exit code, stdout and stderr. */
export function golden(args: string[], r: CliRun): string {
  return `$ sightline ${args.join(" ")}\n# exit ${r.code}\n# stdout\n${r.stdout}# stderr\n${r.stderr}`;
}

export interface BatchRun {
  args: string[];
  /** Working directory of this run (default: the repository root). */
  cwd?: string;
  /** Also write stdout to this file (relative to cwd) before the next run. */
  out?: string;
}

// Runs each argv through dist/cli/main.js in one node process, capturing stdout/stderr per run exactly as
// bin/sightline.js would print them (same env as runCli). One process for hundreds of runs keeps the
// fixture sweeps fast; each test file also spawns the real bin once to prove the two print the same.
const DRIVER = `
import { readFileSync, writeFileSync } from "node:fs";
const { main } = await import(process.env.SIGHTLINE_MAIN);
const runs = JSON.parse(readFileSync(0, "utf8"));
const out = process.stdout.write.bind(process.stdout);
const err = process.stderr.write.bind(process.stderr);
const results = [];
for (const r of runs) {
  let stdout = "", stderr = "", code;
  process.chdir(r.cwd);
  process.stdout.write = (c) => { stdout += c; return true; };
  process.stderr.write = (c) => { stderr += c; return true; };
  try { code = await main(r.args); } catch (e) { code = -1; stderr += String(e && e.stack || e); }
  finally { process.stdout.write = out; process.stderr.write = err; }
  if (r.out) writeFileSync(r.out, stdout);
  results.push({ code, stdout, stderr });
}
out(JSON.stringify(results));
`;

export function runMany(runs: readonly BatchRun[], env: Record<string, string> = {}): CliRun[] {
  ensureBuilt();
  const r = spawnSync(process.execPath, ["--input-type=module", "-e", DRIVER], {
    cwd: ROOT,
    input: JSON.stringify(runs.map((x) => ({ ...x, cwd: x.cwd ?? ROOT }))),
    encoding: "utf8",
    env: { ...process.env, NO_COLOR: "1", FORCE_COLOR: "", COLUMNS: "120", SIGHTLINE_MAIN: pathToFileURL(join(ROOT, "dist/cli/main.js")).href, ...env },
    maxBuffer: 512 * 1024 * 1024,
    timeout: 120_000,
  });
  if (r.status !== 0) throw new Error(`batch driver failed (${r.status ?? r.signal}): ${r.stderr}`);
  return JSON.parse(r.stdout) as CliRun[];
}
