#!/usr/bin/env node
// `npm run bench [-- --quick] [-- --markdown]`: generates (or reuses) the synthetic corpus, then runs
// every workload beside its baselines in fresh processes and prints the figures, their ratios and the
// targets of issue 6 / design §8. Targets are reported, never asserted.
// Options: `npm run bench -- --help` (USAGE below).
import { mkdirSync, writeFileSync } from "node:fs";
import { cpus, totalmem } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { ARCHIVE_SOURCE, cacheDir, ensureArchive, ensureCorpus, ensureRules, ensureSession } from "./gen/corpus.mjs";
import { childOptions, cleanupScratch, hasJq } from "./lib/measure.mjs";
import { fmt, pending, table } from "./lib/report.mjs";
import { archive, audit, scaling, throughput, ttsr } from "./lib/sections.mjs";
import { probe } from "./lib/sightline.mjs";
import { ttsrReal } from "./lib/ttsr-real.mjs";
import { issue21 } from "./lib/issue21.mjs";
import { agentBytes, claudeCodeArchiveSection, codexArchiveSection } from "./lib/agents.mjs";
import { claudeCodeArchive, codexArchive } from "./gen/agents.mjs";

const USAGE = `Usage: npm run bench [-- OPTIONS]

Measures sightline against the read + JSON.parse floor and jq, each in a fresh process, and prints the figures,
their ratios and the targets (reported, never asserted). Inputs are generated once into a cache folder
($SIGHTLINE_BENCH_DIR, else the OS temp folder).

Options:
  --quick        small sizes (CI smoke run, under a minute)
  --markdown     Markdown tables (for docs/performance.md)
  --seed N       corpus seed (default 1)
  --only LIST    sections, comma-separated: throughput,scaling,ttsr,audit,archive,ttsr-real,issue21
  --repeat N     run each audit workload N times and keep the fastest (default 1)
  --cpu-prof     write a V8 CPU profile of every measured process into the cache folder's profiles/
  --json FILE    also write the raw measurements as JSON
  --generate     only generate (or verify) the cached corpus, then exit
  --help         this text

Environment: SIGHTLINE_BENCH_DIR (input cache), SIGHTLINE_BENCH_DIST (measure another build than dist/),
SIGHTLINE_BENCH_BEFORE_DIST (ttsr-real: also measure that build). See docs/performance.md §2.
`;

let parsed;
try {
  parsed = parseArgs({
    options: {
      quick: { type: "boolean", default: false },
      markdown: { type: "boolean", default: false },
      seed: { type: "string", default: "1" },
      only: { type: "string" },
      repeat: { type: "string", default: "1" },
      "cpu-prof": { type: "boolean", default: false },
      json: { type: "string" },
      generate: { type: "boolean", default: false },
      help: { type: "boolean", short: "h", default: false },
    },
  });
} catch (e) {
  // An unknown option or a missing value: say which, then how to call it (exit 2, like the CLI's usage errors).
  process.stderr.write(`bench: ${e instanceof Error ? e.message : String(e)}\n\n${USAGE}`);
  cleanupScratch();
  process.exit(2);
}
const opt = parsed.values;
if (opt.help) {
  process.stdout.write(USAGE);
  cleanupScratch();
  process.exit(0);
}

const SIZES = {
  quick: { perFormat: 2_000, archiveCopies: 4, scaling: [1_000, 3_000, 10_000], ttsr: 1_000, corpusBytes: 5e6, budgetMs: 60_000, timeoutMs: 3 * 60_000 },
  full: {
    perFormat: 100_000,
    archiveCopies: 80,
    scaling: [1_000, 3_000, 10_000, 30_000, 100_000, 300_000, 1_000_000],
    ttsr: 10_000,
    corpusBytes: 200e6,
    budgetMs: 5 * 60_000,
    timeoutMs: 15 * 60_000,
  },
};

const seed = Number(opt.seed);
const dir = cacheDir(seed);
const log = (m) => process.stderr.write(`[bench ${new Date().toISOString().slice(11, 19)}] ${m}\n`);
if (opt["cpu-prof"]) {
  const profDir = join(dir, "profiles");
  mkdirSync(profDir, { recursive: true });
  childOptions.nodeFlags.push("--cpu-prof", `--cpu-prof-dir=${profDir}`);
  log(`CPU profiles → ${profDir}`);
}

childOptions.timeoutMs = (opt.quick ? SIZES.quick : SIZES.full).timeoutMs;

const ctx = {
  quick: opt.quick,
  markdown: opt.markdown,
  seed,
  repeat: Math.max(1, Number(opt.repeat) || 1),
  dir,
  sizes: opt.quick ? SIZES.quick : SIZES.full,
  probe: await probe(),
  jqVersion: hasJq(),
  raw: { throughput: [] },
  log,
  async session(format, events, extra = {}) {
    log(`corpus: ${format} ${fmt.int(events)} events${extra.tag ? ` (${extra.tag})` : ""}`);
    return ensureSession(dir, format, events, seed, extra);
  },
};

if (opt.generate) {
  // Same inputs the sections ask for, in the same order.
  for (const f of ["scorel", "pi", "omp17", "yoi"]) await ctx.session(f, ctx.sizes.perFormat);
  for (const n of ctx.sizes.scaling) await ctx.session("pi", n);
  await ctx.session("omp17", ctx.sizes.ttsr, { tag: "prose", opts: { sampleRate: 0.02 } });
  ensureRules(dir);
  ensureArchive(dir, ARCHIVE_SOURCE, ctx.sizes.archiveCopies);
  const c = await ensureCorpus(dir, ctx.sizes.corpusBytes, seed);
  for (const make of [claudeCodeArchive, codexArchive]) await make(dir, agentBytes(ctx), seed);
  log(`corpus ready: ${c.files.length} files, ${fmt.mb(c.bytes)} in ${dir}`);
  process.exit(0);
}

const sections = {
  throughput,
  scaling,
  ttsr,
  audit,
  archive,
  "ttsr-real": ttsrReal,
  issue21,
  // Issues 17 and 18: real-shaped agent archives against jq (SIGHTLINE_BENCH_AGENT_MB sets their size).
  "claude-code-archive": claudeCodeArchiveSection,
  "codex-archive": codexArchiveSection,
};
const chosen = opt.only ? opt.only.split(",").map((s) => s.trim()) : Object.keys(sections);
log(
  `mode ${opt.quick ? "quick" : "full"}, cache ${dir}, jq ${ctx.jqVersion ?? "missing"}, sightline ${ctx.probe.built ? `commands [${[...ctx.probe.commands].join(", ")}]` : "not built"}`,
);

const started = Date.now();
const tables = [];
const targets = [];
for (const name of chosen) {
  if (!sections[name]) throw new Error(`unknown section ${name} (have ${Object.keys(sections).join(", ")})`);
  const r = await sections[name](ctx);
  tables.push(...r.tables);
  targets.push(...r.targets);
}
cleanupScratch();

const machine = `${cpus().length} × ${cpus()[0]?.model ?? "cpu"}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}, ${ctx.jqVersion ?? "no jq"}`;
const out = [];
out.push(
  opt.markdown
    ? `Measured with \`npm run bench${opt.quick ? " -- --quick" : ""}\` on ${machine}; corpus seed ${seed}; ${((Date.now() - started) / 60000).toFixed(1)} min.\n`
    : `sightline benchmark (${opt.quick ? "quick" : "full"}) on ${machine}\n`,
);
out.push(...tables);
out.push(
  table(
    "Targets (reported, not asserted)",
    ["target", "measured", "goal", "met"],
    targets.map((t) => [t.name, t.note ? `${t.value} (${t.note})` : t.value, t.goal, t.met ? "yes" : "**no**".replace(/\*/g, opt.markdown ? "*" : "")]),
    opt.markdown,
  ),
);
if (opt.quick)
  out.push(
    "Quick mode: inputs this small are dominated by fixed start-up costs (e.g. schema compilation), so ratios and exponents are a smoke check only; use the full run for figures.\n",
  );
if (pending.size) out.push(`Not measured yet (code not landed): ${[...pending].join("; ")}\n`);
process.stdout.write(out.join("\n"));
if (opt.json) writeFileSync(opt.json, JSON.stringify({ machine, seed, quick: opt.quick, raw: ctx.raw, targets }, null, 1));
