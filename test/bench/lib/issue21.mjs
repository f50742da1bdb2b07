// Issue 21's table, row by row, each as a ratio beside its goal (wall time, one run each, contenders back to
// back so load on a shared machine hits them alike; peak RSS from the process that read the inputs). Each row
// also gives the ratio of CPU time (user + system, every thread), which load disturbs far less: on a shared
// machine it is the figure to compare between builds, while the goals are about wall time.
// Rows measured in other sections (the 80-copy archive, the many-file corpus) are taken from them when they
// ran in this invocation, else measured here.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ARCHIVE_SOURCE, ensureArchive, ensureCorpus } from "../gen/corpus.mjs";
import { smallGeneratedArchive, smallRealArchive } from "../gen/archives.mjs";
import { realSession } from "../gen/real.mjs";
import { fmt, status, table } from "./report.mjs";
import { cli, floor, jq } from "./workloads.mjs";

const MB = 1e6;
const ratio = (base, r) => (base?.ok && r?.ok ? base.ms / r.ms : null);
const cpuRatio = (base, r) => (base?.ok && r?.ok && base.cpuMs > 0 && r.cpuMs > 0 ? base.cpuMs / r.cpuMs : null);
/** "CPU 1.23 s vs 0.98 s (0.80×)", or "" when a side has no CPU figure. */
const cpuNote = (r, base) => {
  const x = cpuRatio(base, r);
  return x == null ? "" : `; CPU ${fmt.ms(r.cpuMs)} vs ${fmt.ms(base.cpuMs)} (${fmt.ratio(x)})`;
};
const limitOf = (largest) => (2 * largest) / MB + 150;

async function audit(ctx, paths) {
  const out = mkdtempSync(join(tmpdir(), "sightline-bench-i21-"));
  try {
    return await cli(ctx, ["audit", ...paths, "--out", out, "--fail-on", "none"], 1);
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

/** {files, bytes, largest} of a cached folder. */
const sizes = (c) => ({ files: c.files.length, bytes: c.bytes, largest: Math.max(...c.files.map((f) => f.bytes)) });

export async function issue21(ctx) {
  const rows = [];
  const targets = [];
  const row = (workload, input, measured, value, goal, met) => {
    rows.push([workload, input, measured, goal, met == null ? "—" : met ? "yes" : "no"]);
    if (met != null) targets.push({ name: `issue 21: ${workload}`, value, goal, met });
  };
  const timeOf = (r) => status(r, (x) => fmt.ms(x.ms));

  // The large real-content pi file: validate (every core, the default; and --workers 1, one thread, for
  // reference) and replay against the floor.
  const big = await realSession(ctx.dir, ctx.quick ? 4 : 40);
  ctx.log(`issue 21: real-content pi file ${fmt.mb(big.bytes)}`);
  const fl = await floor([big.path], 1);
  const v1 = await cli(ctx, ["validate", big.path], 1);
  const v2 = await cli(ctx, ["validate", big.path, "--workers", "1"], 1);
  const rp = await cli(ctx, ["replay", big.path, "--json", "--delta", "--all-leaves"], 1);
  const input = `real-content pi, ${fmt.mb(big.bytes)}`;
  for (const [what, r, goal, g] of [
    ["validate vs floor", v1, "≥ 1.3×", 1.3],
    ["validate --workers 1 (one thread, for reference) vs floor", v2, "—", null],
    ["replay --json --delta --all-leaves vs floor", rp, "≥ 0.5×", 0.5],
  ]) {
    const x = ratio(fl, r);
    row(what, input, `${fmt.ratio(x)} (${timeOf(r)} vs ${timeOf(fl)}${cpuNote(r, fl)})`, fmt.ratio(x), goal, x == null || g == null ? null : x >= g);
  }

  // Audits against jq over the same files.
  const vsJq = async (what, c, goal, g, withMemory) => {
    const s = sizes(c);
    ctx.log(`issue 21: ${what} (${s.files} files, ${fmt.mb(s.bytes)})`);
    const files = c.files.map((f) => f.path);
    const j = await jq(ctx, files, 1);
    const a = await audit(ctx, [c.dir]);
    const x = a.ok && j.ok ? j.ms / a.ms : null;
    row(
      `audit of ${what} vs jq`,
      `${s.files} files, ${fmt.mb(s.bytes)}`,
      `${fmt.ratio(x)} (${timeOf(a)} vs ${timeOf(j)}${cpuNote(a, j)})`,
      fmt.ratio(x),
      goal,
      x == null ? null : x >= g,
    );
    if (withMemory && a.ok) {
      const limit = limitOf(s.largest);
      row(
        `audit of ${what}: peak memory`,
        `largest ${fmt.mb(s.largest)}`,
        `${a.maxRssMB.toFixed(0)} MB`,
        `${a.maxRssMB.toFixed(0)} MB`,
        `≤ ${limit.toFixed(0)} MB`,
        a.maxRssMB <= limit,
      );
    }
  };
  await vsJq(`${ctx.sizes.archiveCopies} real sessions`, ensureArchive(ctx.dir, ARCHIVE_SOURCE, ctx.sizes.archiveCopies), "≥ 1.2×", 1.2, false);
  await vsJq(`${ctx.quick ? 300 : 3000} small real-content pi sessions`, smallRealArchive(ctx.dir, ctx.quick ? 300 : 3000), "≥ 1.0×", 1.0, true);
  await vsJq("the many-file synthetic corpus", await ensureCorpus(ctx.dir, ctx.sizes.corpusBytes, ctx.seed), "≥ 1.0×", 1.0, false);

  // Memory against the number of files: the same kind of small sessions, a fifth of them and all of them.
  const n = ctx.quick ? 500 : 5000;
  const gen = smallGeneratedArchive(ctx.dir, n);
  const s = sizes(gen);
  ctx.log(`issue 21: ${n} generated small sessions (${fmt.mb(s.bytes)})`);
  const part = await audit(
    ctx,
    gen.files.slice(0, n / 5).map((f) => f.path),
  );
  const all = await audit(ctx, [gen.dir]);
  if (part.ok && all.ok) {
    const growth = all.maxRssMB / part.maxRssMB;
    const limit = limitOf(s.largest);
    row(
      `audit of ${n} generated small sessions: peak memory, ${n / 5} → ${n} files`,
      `${fmt.mb(s.bytes)}, largest ${fmt.mb(s.largest)}`,
      `${part.maxRssMB.toFixed(0)} → ${all.maxRssMB.toFixed(0)} MB (${fmt.ratio(growth)}; ${timeOf(all)})`,
      fmt.ratio(growth),
      `flat (≤ 1.1×) and ≤ ${limit.toFixed(0)} MB`,
      growth <= 1.1 && all.maxRssMB <= limit,
    );
  } else
    row(
      `audit of ${n} generated small sessions`,
      `${fmt.mb(s.bytes)}`,
      status(part.ok ? all : part, () => ""),
      "—",
      "flat",
      null,
    );

  return {
    tables: [
      table(
        "Issue 21: archive speed and memory (ratios; goals from the issue; one run each)",
        ["workload", "input", "measured", "goal", "met"],
        rows,
        ctx.markdown,
      ),
    ],
    targets,
  };
}
