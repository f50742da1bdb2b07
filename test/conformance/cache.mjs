// Where the harness keeps upstream releases (outside the repository) and how it installs them: through the
// ordinary npm client, one folder per upstream release, marked complete only once everything is in place.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";

/** $SIGHTLINE_CONFORMANCE_CACHE, else $XDG_CACHE_HOME/sightline-conformance, else ~/.cache/sightline-conformance. */
export function cacheRoot() {
  if (process.env.SIGHTLINE_CONFORMANCE_CACHE) return process.env.SIGHTLINE_CONFORMANCE_CACHE;
  return join(process.env.XDG_CACHE_HOME || join(homedir(), ".cache"), "sightline-conformance");
}

function npm(args, cwd) {
  const r = spawnSync("npm", [...args, "--no-audit", "--no-fund", "--loglevel=error"], { cwd, encoding: "utf8" });
  if (r.status !== 0) throw new Error(`npm ${args.join(" ")} failed in ${cwd}:\n${r.stderr || r.stdout}`);
  return r.stdout;
}

/** A fresh folder for one release, or the finished one from an earlier run. */
export function releaseDir(key) {
  const dir = join(cacheRoot(), key);
  return { dir, done: existsSync(join(dir, ".complete")) };
}

export function markComplete(dir) {
  writeFileSync(join(dir, ".complete"), new Date().toISOString() + "\n");
}

/** Installs exact package versions (scripts off) into `dir`. */
export function npmInstall(dir, specs, overrides) {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "package.json"), JSON.stringify({ private: true, ...(overrides ? { overrides } : {}) }, null, 2));
  npm(["install", "--ignore-scripts", "--save-exact", ...specs], dir);
}

/**
 * Fetches a package tarball and unpacks it to node_modules/<name> (for releases whose full install fails):
 * returns the unpacked folder. Done after any npm install in `dir` (npm would prune it as extraneous).
 */
export function unpackTarball(dir, name, version) {
  const tmp = join(dir, ".pack");
  rmSync(tmp, { recursive: true, force: true });
  mkdirSync(tmp, { recursive: true });
  npm(["pack", `${name}@${version}`, "--pack-destination", tmp], tmp);
  const tgz = readdirSync(tmp).find((f) => f.endsWith(".tgz"));
  if (!tgz) throw new Error(`npm pack ${name}@${version} gave no tarball`);
  const r = spawnSync("tar", ["xzf", tgz], { cwd: tmp, encoding: "utf8" });
  if (r.status !== 0) throw new Error(`tar failed: ${r.stderr}`);
  const target = join(dir, "node_modules", ...name.split("/"));
  rmSync(target, { recursive: true, force: true });
  mkdirSync(join(target, ".."), { recursive: true });
  renameSync(join(tmp, "package"), target);
  rmSync(tmp, { recursive: true, force: true });
  return target;
}

/** The package.json of a tarball without installing it (npm view). */
export function packageJson(name, version) {
  return JSON.parse(npm(["view", `${name}@${version}`, "--json"], cacheRoot()));
}
