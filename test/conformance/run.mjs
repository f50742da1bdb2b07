#!/usr/bin/env node
// Conformance harness (`npm run conformance`, not part of `npm test`): runs the real published code of each
// upstream release on copies of sightline's fixtures and on generated sessions and diffs its answers (loader
// verdict, context at every entry and at the loader's leaf) with sightline's under the profile that pins the
// release. One adapter per upstream (adapters/<name>.mjs); a release no profile pins is compared with the newest
// profile, which is how a new release is checked (`npm run conformance -- --upstream pi@1.6.0`).
//
//   npm run conformance [-- --upstream NAME@VERSION ...] [--runs N] [--seed S] [--show N] [--profile P] [--sightline DIR]
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import claudeCode from "./adapters/claude-code.mjs";
import codex from "./adapters/codex.mjs";
import omp from "./adapters/omp.mjs";
import pi from "./adapters/pi.mjs";
import { cacheRoot } from "./cache.mjs";
import { brief, firstDifference } from "./compare.mjs";

const ADAPTERS = { [pi.name]: pi, [omp.name]: omp, [claudeCode.name]: claudeCode, [codex.name]: codex };
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");

function parseArgs(argv) {
  const o = { upstreams: [], runs: 300, seed: 20261125, show: 5, profile: undefined, sightline: ROOT };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const v = () => {
      if (i + 1 >= argv.length) throw new Error(`${a} needs a value`);
      return argv[++i];
    };
    if (a === "--upstream") o.upstreams.push(v());
    else if (a === "--runs") o.runs = Number(v());
    else if (a === "--seed") o.seed = Number(v());
    else if (a === "--show") o.show = Number(v());
    else if (a === "--profile") o.profile = v();
    else if (a === "--sightline") o.sightline = resolve(v());
    else throw new Error(`unknown argument ${a} (known: --upstream NAME@VERSION, --runs N, --seed S, --show N, --profile P, --sightline DIR)`);
  }
  if (o.upstreams.length === 0) for (const ad of Object.values(ADAPTERS)) for (const v of ad.pinned) o.upstreams.push(`${ad.name}@${v}`);
  return o;
}

function* walk(dir) {
  for (const d of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, d.name);
    if (d.isDirectory()) yield* walk(p);
    else if (d.name.endsWith(".jsonl")) yield p;
  }
}

function fixtures(adapter) {
  const base = join(ROOT, "fixtures");
  const out = [];
  for (const p of walk(base)) {
    const rel = relative(base, p);
    const first = readFileSync(p, "utf8").split("\n", 1)[0];
    if (adapter.isFixture(rel, first)) out.push({ kind: "fixture", name: `fixtures/${rel}`, path: p });
  }
  return out.sort((a, b) => a.name.localeCompare(b.name));
}

/** A case on disk (a copy: loaders may append to or rewrite the file they open) with sightline's answer. */
function prepare(adapter, lib, c, profile, work) {
  const dir = mkdtempSync(join(work, "case-"));
  const copy = join(dir, "session.jsonl");
  if (c.path) copyFileSync(c.path, copy);
  else writeFileSync(copy, c.text);
  const mine = adapter.sightline(lib, readFileSync(copy, "utf8"), c.name, profile);
  return { dir, copy, sessionDir: join(dir, "sessions"), withContexts: mine.skip === undefined, mine };
}

/** The differences between the two answers on one session, and the number of contexts compared. */
function diff(c, mine, theirs) {
  const diffs = [];
  if (theirs.verdict !== mine.verdict)
    diffs.push({ where: "loader verdict", upstream: theirs.reason ? `${theirs.verdict}: ${theirs.reason}` : theirs.verdict, sightline: mine.verdict });
  // A file the release wrote itself is valid: sightline must report no error on it.
  if (c.kind === "written" && mine.errors?.length) diffs.push({ where: "validation of a file the release wrote", upstream: "valid", sightline: mine.errors });
  if (mine.skip || !theirs.contexts || !mine.contexts) return { contexts: 0, diffs, skip: mine.skip };
  if (theirs.contexts.length !== mine.contexts.length)
    diffs.push({ where: "number of entries", upstream: theirs.contexts.length, sightline: mine.contexts.length });
  const n = Math.min(theirs.contexts.length, mine.contexts.length);
  for (let i = 0; i < n; i++) {
    const d = firstDifference(theirs.contexts[i], mine.contexts[i]);
    if (d)
      diffs.push({ where: i === n - 1 ? "context at the loader's leaf" : `context at entry ${i}`, path: d.path, upstream: d.upstream, sightline: d.sightline });
  }
  return { contexts: n, diffs };
}

/** Compares every case: one upstream call per case, or one batch when the adapter answers batches (a slow start). */
function compareAll(adapter, api, lib, cases, profile, work) {
  if (!adapter.upstreamBatch) {
    return cases.map((c) => {
      const p = prepare(adapter, lib, c, profile, work);
      const theirs = adapter.upstream(api, p.copy, p.sessionDir, p.withContexts);
      rmSync(p.dir, { recursive: true, force: true });
      return diff(c, p.mine, theirs);
    });
  }
  const prepared = cases.map((c) => prepare(adapter, lib, c, profile, work));
  const answers = adapter.upstreamBatch(
    api,
    prepared.map(({ copy, sessionDir, withContexts }) => ({ copy, sessionDir, withContexts })),
  );
  for (const p of prepared) rmSync(p.dir, { recursive: true, force: true });
  return cases.map((c, i) => diff(c, prepared[i].mine, answers[i]));
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  const log = (s) => process.stderr.write(`conformance: ${s}\n`);
  mkdirSync(cacheRoot(), { recursive: true });
  // The pi format module (buildPiContext, profiles) and its parser (parsePi), from the build (--sightline: another
  // checkout's build, e.g. a profile in progress; fixtures still come from this one).
  const dist = join(opts.sightline, "dist/formats/pi");
  const lib = { ...(await import(join(dist, "index.js"))), ...(await import(join(dist, "parse.js"))) };
  const work = mkdtempSync(join(tmpdir(), "sightline-conformance-"));
  const summary = [];
  try {
    for (const spec of opts.upstreams) {
      const at = spec.lastIndexOf("@");
      const [name, version] = at > 0 ? [spec.slice(0, at), spec.slice(at + 1)] : [spec, ""];
      const adapter = ADAPTERS[name];
      if (!adapter || !version)
        throw new Error(
          `unknown upstream ${spec} (known: ${Object.values(ADAPTERS)
            .map((a) => `${a.name}@${a.pinned.join("|")}`)
            .join(", ")})`,
        );
      const chosen = adapter.profileFor(version);
      // --profile compares the release with another profile (e.g. the previous one, to see what changed).
      const profile = opts.profile ?? chosen.profile;
      const pinned = chosen.pinned && profile === chosen.profile;
      // An adapter whose oracle is not a library but a native CLI (Claude Code, Codex: the requests it sends) runs its own check.
      if (adapter.run) {
        summary.push({ custom: await adapter.run(version, { sightline: opts.sightline, profile, show: opts.show, log }) });
        continue;
      }
      const api = await adapter.install(version, log);
      const cases = [
        ...fixtures(adapter),
        ...adapter.generated(opts.runs, opts.seed).map((text, i) => ({ kind: "generated", name: `generated #${i} (seed ${opts.seed})`, text })),
        ...(adapter.written ? adapter.written(api, opts.runs, opts.seed, work) : []).map((text, i) => ({
          kind: "written",
          name: `written by ${spec} #${i} (seed ${opts.seed})`,
          text,
        })),
      ];
      const row = {
        upstream: spec,
        profile,
        pinned,
        requested: opts.profile !== undefined,
        fixture: 0,
        generated: 0,
        written: 0,
        contexts: 0,
        skipped: [],
        failing: [],
      };
      const results = compareAll(adapter, api, lib, cases, profile, work);
      for (const [i, c] of cases.entries()) {
        row[c.kind]++;
        const r = results[i];
        row.contexts += r.contexts;
        if (r.skip) row.skipped.push(`${c.name}: ${r.skip}`);
        if (r.diffs.length > 0) row.failing.push({ name: c.name, text: c.text, diffs: r.diffs });
      }
      summary.push(row);
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  let failed = 0;
  for (const r of summary) {
    if (r.custom) {
      for (const l of r.custom.lines) process.stdout.write(`${l}\n`);
      failed += r.custom.failing;
      continue;
    }
    const note = r.pinned ? "" : r.requested ? " (requested with --profile)" : " (newest profile; no profile pins this release)";
    const head = `${r.upstream} vs profile ${r.profile}${note}`;
    process.stdout.write(
      `${head}: ${r.fixture} fixtures, ${r.generated} generated sessions, ${r.written} sessions written by the release, ${r.contexts} contexts compared, ${r.failing.length} sessions differ\n`,
    );
    for (const s of r.skipped) process.stdout.write(`  contexts not compared: ${s}\n`);
    for (const f of r.failing.slice(0, opts.show)) {
      process.stdout.write(`  ${f.name}: ${f.diffs.length} difference(s)\n`);
      for (const d of f.diffs.slice(0, 3))
        process.stdout.write(`    ${d.where}${d.path ? ` at ${d.path}` : ""}: upstream ${brief(d.upstream)}, sightline ${brief(d.sightline)}\n`);
      if (f.text && f.text.length < 4000) process.stdout.write(`    session:\n${f.text.replace(/^(?=.)/gm, "      ")}`);
    }
    if (r.failing.length > opts.show) process.stdout.write(`  … and ${r.failing.length - opts.show} more (--show N)\n`);
    failed += r.failing.length;
  }
  process.exitCode = failed > 0 ? 1 : 0;
}

main().catch((e) => {
  process.stderr.write(`conformance: ${process.env.DEBUG ? (e?.stack ?? e) : (e?.message ?? e)}\n`);
  process.exitCode = 2;
});
