// Spawns the real CLI (bin/sightline.js over the built dist/) the way a user runs it, with NO_COLOR=1,
// and records stdout, stderr and the exit code together (attw-style golden tests).
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { resolve } from "node:path";

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
