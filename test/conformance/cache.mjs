// Where the harness keeps upstream releases (outside the repository) and how it installs them: through the
// ordinary npm client, one folder per upstream release, marked complete only once everything is in place.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { builtinModules } from "node:module";
import { homedir } from "node:os";
import { dirname, join, resolve } from "node:path";

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

/** Installs exact package versions (scripts off) into `dir`; `args` adds npm flags (e.g. `--omit=optional`). */
export function npmInstall(dir, specs, overrides, args = []) {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "package.json"), JSON.stringify({ private: true, ...(overrides ? { overrides } : {}) }, null, 2));
  npm(["install", "--ignore-scripts", "--save-exact", ...args, ...specs], dir);
}

/** The versions of a package the registry publishes (`npm view NAME versions`). */
export function npmVersions(name) {
  const v = JSON.parse(npm(["view", name, "versions", "--json"], cacheRoot()) || "[]");
  return Array.isArray(v) ? v : [v];
}

/** A package's field as the registry reports it for one version (`npm view NAME@VERSION FIELD`), or undefined. */
export function npmField(name, version, field) {
  const out = npm(["view", `${name}@${version}`, field, "--json"], cacheRoot()).trim();
  return out ? JSON.parse(out) : undefined;
}

/** Fetches a package tarball and unpacks it into `dir/.staged/<name>` (not yet under node_modules): the folder. */
export function fetchTarball(dir, name, version) {
  const tmp = join(dir, ".pack");
  rmSync(tmp, { recursive: true, force: true });
  mkdirSync(tmp, { recursive: true });
  npm(["pack", `${name}@${version}`, "--pack-destination", tmp], tmp);
  const tgz = readdirSync(tmp).find((f) => f.endsWith(".tgz"));
  if (!tgz) throw new Error(`npm pack ${name}@${version} gave no tarball`);
  const r = spawnSync("tar", ["xzf", tgz], { cwd: tmp, encoding: "utf8" });
  if (r.status !== 0) throw new Error(`tar failed: ${r.stderr}`);
  const staged = join(dir, ".staged", ...name.split("/"));
  rmSync(staged, { recursive: true, force: true });
  mkdirSync(join(staged, ".."), { recursive: true });
  renameSync(join(tmp, "package"), staged);
  rmSync(tmp, { recursive: true, force: true });
  return staged;
}

/** Moves a staged package to node_modules/<name>; done after every npm install in `dir` (npm prunes extraneous folders). */
export function placeStaged(dir, name, staged) {
  const target = join(dir, "node_modules", ...name.split("/"));
  rmSync(target, { recursive: true, force: true });
  mkdirSync(join(target, ".."), { recursive: true });
  renameSync(staged, target);
  return target;
}

const BUILTIN = new Set(builtinModules);

/** The packages a module needs at run time: bare imports of `entry` and of the relative modules it imports, transitively. */
export function bareImports(entry) {
  const seen = new Set();
  const bare = new Set();
  const todo = [entry];
  while (todo.length > 0) {
    const file = todo.pop();
    if (seen.has(file) || !existsSync(file)) continue;
    seen.add(file);
    const src = readFileSync(file, "utf8");
    for (const m of src.matchAll(
      /(?:^|\n)\s*(?:import|export)\s[^;]*?from\s*["']([^"']+)["']|import\s*\(\s*["']([^"']+)["']\s*\)|(?:^|\n)\s*import\s*["']([^"']+)["']/g,
    )) {
      const spec = m[1] ?? m[2] ?? m[3];
      if (spec.startsWith(".")) todo.push(resolve(dirname(file), spec));
      else if (!spec.startsWith("node:") && !BUILTIN.has(spec.split("/")[0]))
        bare.add(spec.startsWith("@") ? spec.split("/").slice(0, 2).join("/") : spec.split("/")[0]);
    }
  }
  return [...bare].sort();
}
