// Adapter for oh-my-pi (@oh-my-pi/pi-coding-agent). The release ships its TypeScript sources and runs under
// Bun, so its answers come from a Bun process (omp-bun-runner.mjs) that loads the release's own session code
// (SessionManager.open on a copy, buildSessionContext at every entry and at the loader's leaf) for a whole
// batch of sessions at once. sightline answers with the profile pinned to the release (the newest omp profile
// for a release no profile pins).
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { markComplete, npmField, npmInstall, npmVersions, releaseDir } from "../cache.mjs";
import { restoreReleaseBehaviour } from "./omp-restore.mjs";
import { generateOmpSessions } from "../generate-omp.mjs";
import { writeOmpSessions } from "../write-omp.mjs";

const PACKAGE = "@oh-my-pi/pi-coding-agent";
/** Releases a profile pins: version → profile. */
const PINNED = { "18.3.4": "omp18" };
const NEWEST = "omp18";
/** The Bun that runs the release (its engines field asks for >= 1.3.14); always started with --no-install. */
const BUN = { name: `@oven/bun-${process.platform}-${process.arch}`, version: "1.4.5" };
const RUNNER = join(dirname(fileURLToPath(import.meta.url)), "omp-bun-runner.mjs");
/** Sessions per Bun process (one process per batch; memory stays small). */
const BATCH = 400;

const num = (v) => v.split(".").map(Number);
const cmp = (a, b) => num(a).reduce((d, x, i) => d || x - num(b)[i], 0);
/** `wanted` when the registry has it, else the newest published version below it (undefined: none). */
function nearest(name, wanted) {
  const published = npmVersions(name).filter((v) => /^\d+\.\d+\.\d+$/.test(v));
  if (published.includes(wanted)) return wanted;
  return published
    .filter((v) => cmp(v, wanted) < 0)
    .sort(cmp)
    .pop();
}

/**
 * Installs the release with its @oh-my-pi siblings at the version it pins or, when the registry lacks that,
 * the newest one below (npm overrides), the native addon for this platform, and Bun; then restores what the
 * older siblings lack (omp-restore.mjs). Records its choices in install.json.
 */
function installRelease(dir, version, log) {
  if (!npmVersions(PACKAGE).includes(version)) throw new Error(`the registry has no ${PACKAGE}@${version}`);
  const deps = npmField(PACKAGE, version, "dependencies") ?? {};
  const overrides = {};
  for (const [name, wanted] of Object.entries(deps)) {
    if (!name.startsWith("@oh-my-pi/")) continue;
    const got = nearest(name, wanted);
    if (!got) throw new Error(`the registry has no ${name} at or below ${wanted}`);
    overrides[name] = got;
  }
  // The native addon: the binary package nearest the release; its loader checks a version sentinel, so a
  // loader of another patch release is told the binary's version (both sides of 18.2.x, see README).
  const natives = `@oh-my-pi/pi-natives-${process.platform}-${process.arch}`;
  const binary = nearest(natives, version);
  if (!binary) throw new Error(`the registry has no ${natives} at or below ${version}`);
  overrides[natives] = binary;
  const substituted = Object.entries(overrides).filter(([n, v]) => deps[n] !== undefined && deps[n] !== v);
  if (substituted.length) log(`not published at the pinned version, using the nearest below: ${substituted.map(([n, v]) => `${n}@${v}`).join(", ")}`);
  npmInstall(dir, [`${PACKAGE}@${version}`, `${natives}@${binary}`, `${BUN.name}@${BUN.version}`], overrides, ["--omit=optional"]);
  const nm = join(dir, "node_modules");
  const loaderPkg = join(nm, "@oh-my-pi/pi-natives/package.json");
  const loader = JSON.parse(readFileSync(loaderPkg, "utf8"));
  if (loader.version !== binary) {
    log(`native loader ${loader.version} paired with binary ${binary}`);
    writeFileSync(loaderPkg, JSON.stringify({ ...loader, version: binary }, null, "\t"));
  }
  const restored = restoreReleaseBehaviour(nm, new Set(substituted.map(([n]) => n)), log);
  writeFileSync(join(dir, "install.json"), JSON.stringify({ package: `${PACKAGE}@${version}`, overrides, bun: BUN.version, restored }, null, 2));
}

/** Runs one mode of the Bun runner on `jobs` in batches; HOME is a scratch folder (omp writes breadcrumbs, logs). */
function bunRunner(dir) {
  const bun = join(dir, "node_modules", ...BUN.name.split("/"), "bin", "bun");
  const pkg = join(dir, "node_modules", ...PACKAGE.split("/"));
  return {
    /** The Bun binary and the release's bundled CLI (omp-agent.mjs runs the whole agent with them). */
    bun,
    cli: join(pkg, "dist", "cli.js"),
    run(mode, jobs) {
      const out = [];
      const scratch = mkdtempSync(join(tmpdir(), "sightline-omp-"));
      try {
        for (let i = 0; i < Math.max(jobs.length, 1); i += BATCH) {
          const input = join(scratch, "in.json");
          const output = join(scratch, "out.json");
          writeFileSync(input, JSON.stringify(jobs.slice(i, i + BATCH)));
          mkdirSync(join(scratch, "home"), { recursive: true });
          const env = { PATH: process.env.PATH, HOME: join(scratch, "home"), TMPDIR: scratch, NO_COLOR: "1" };
          const r = spawnSync(bun, ["--no-install", RUNNER, mode, pkg, input, output], { cwd: scratch, env, encoding: "utf8", maxBuffer: 1 << 26 });
          if (r.status !== 0 || !existsSync(output)) throw new Error(`omp runner (${mode}) failed: ${(r.stderr || r.stdout || String(r.error)).slice(-2000)}`);
          out.push(...JSON.parse(readFileSync(output, "utf8")));
          rmSync(output);
        }
      } finally {
        rmSync(scratch, { recursive: true, force: true });
      }
      return out;
    },
  };
}

/** The context fields compared (the Bun runner picks the same ones from omp's SessionContext). */
const pick = (c) => ({ messages: c.messages, thinkingLevel: c.thinkingLevel, models: c.models, injectedTtsrRules: c.injectedTtsrRules, mode: c.mode });

export default {
  name: "omp",
  package: PACKAGE,
  pinned: Object.keys(PINNED),
  profileFor: (version) => ({ profile: PINNED[version] ?? NEWEST, pinned: version in PINNED }),

  async install(version, log) {
    const { dir, done } = releaseDir(`omp@${version}`);
    if (!done) {
      log(`installing ${PACKAGE}@${version} and Bun ${BUN.version} into ${dir}`);
      rmSync(dir, { recursive: true, force: true });
      try {
        installRelease(dir, version, log);
        bunRunner(dir).run("read", []); // the release's session modules load under this Bun
      } catch (e) {
        rmSync(dir, { recursive: true, force: true });
        throw e;
      }
      markComplete(dir);
    }
    return bunRunner(dir);
  },

  /** Fixtures to compare: oh-my-pi files under fixtures/pi (not pi 1.x ones) and other files with a pi/omp header. */
  isFixture: (rel, firstLine) => !/(^|\/)(newer-)?pi1-/.test(rel) && (rel.startsWith("pi/") || /^\{"type":"(session|title)"/.test(firstLine)),
  generated: (runs, seed) => generateOmpSessions(runs, seed),
  written: (api, runs, seed, work) => writeOmpSessions(api, runs, seed, work),

  /** omp's answers for a batch of copies (one Bun process per BATCH sessions). */
  upstreamBatch: (api, jobs) => api.run("read", jobs),

  /** sightline's answer on the same text, with `profile`; contexts in the same order as upstream's. */
  sightline(lib, text, file, profile) {
    if (!lib.isPiProfile(profile)) throw new Error(`sightline has no profile ${profile} (known: ${lib.PI_PROFILES.join(", ")}); pass --profile`);
    const s = lib.parsePi(text, { file, profile });
    const codes = new Set(s.diagnostics.map((d) => d.code));
    const errors = s.diagnostics.filter((d) => d.severity === "error").map((d) => `${d.code} (line ${d.line})`);
    if (codes.has("refused_session")) return { verdict: "refused", errors };
    if (codes.has("empty_session")) return { verdict: "empty", contexts: [], errors };
    // JSON round trip: upstream's answer crossed a process boundary as JSON.
    const at = (leafId) => JSON.parse(JSON.stringify(pick(lib.buildPiContext(s, leafId, { profile }))));
    return { verdict: "loaded", contexts: [...s.entries.map((e) => at(e.id)), at(undefined)], errors };
  },
};
