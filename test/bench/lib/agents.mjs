// The scale rows of issues 17 and 18: `audit` of a real-shaped Claude Code projects folder and of a Codex sessions
// tree (test/bench/gen/agents.mjs; 1 GB each in a full run, 20 MB with --quick, SIGHTLINE_BENCH_AGENT_MB=N for
// another size) against `jq -c .` over the same JSON files, and the audit's peak RSS against 2 × largest file +
// 150 MB, each as a ratio beside its goal (the style of issue21.mjs). The floor (read + JSON.parse) and CPU times are shown beside them:
// on a shared machine CPU time moves far less than wall time.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { claudeCodeArchive, codexArchive } from "../gen/agents.mjs";
import { fmt, status, table } from "./report.mjs";
import { cli, floor, jq } from "./workloads.mjs";

const MB = 1e6;
const fastest = (a, b) => (!a ? b : !a.ok ? a : !b.ok ? b : { ...(b.ms < a.ms ? b : a), maxRssMB: Math.max(a.maxRssMB ?? 0, b.maxRssMB ?? 0) });

/** Bytes of each generated archive: SIGHTLINE_BENCH_AGENT_MB, else 1 GB (full) or 20 MB (quick). */
export function agentBytes(ctx) {
  const mb = Number(process.env.SIGHTLINE_BENCH_AGENT_MB);
  return mb > 0 ? mb * MB : ctx.quick ? 20 * MB : 1000 * MB;
}

/** The floor over thousands of files, in batches (a child gets its file list as one argument, which has a length limit). */
async function floorInBatches(files) {
  const sum = { ok: true, ms: 0, cpuMs: 0, maxRssMB: 0 };
  for (let i = 0; i < files.length; i += 500) {
    const r = await floor(files.slice(i, i + 500), 1);
    if (!r.ok) return r;
    sum.ms += r.ms;
    sum.cpuMs += r.cpuMs ?? 0;
    sum.maxRssMB = Math.max(sum.maxRssMB, r.maxRssMB ?? 0);
  }
  return sum;
}

async function measure(ctx, what, a) {
  const files = a.files.map((f) => f.path);
  let fl, j, au;
  for (let i = 0; i < ctx.repeat; i++) {
    fl = fastest(fl, await floorInBatches(files));
    j = fastest(j, await jq(ctx, files, 1));
    const out = mkdtempSync(join(tmpdir(), "sightline-bench-agents-"));
    au = fastest(au, await cli(ctx, ["audit", a.root, "--out", out, "--fail-on", "none"], 1));
    rmSync(out, { recursive: true, force: true });
  }
  const rows = [];
  const targets = [];
  const input = `${fmt.int(a.sessions)} sessions, ${a.files.length} JSON files, ${fmt.mb(a.bytes)}`;
  const t = (r) => status(r, (x) => fmt.ms(x.ms));
  const cpu = (r) => (r?.ok && r.cpuMs ? fmt.ms(r.cpuMs) : "—");
  const x = au.ok && j.ok ? j.ms / au.ms : null;
  const xc = au.ok && j.ok && au.cpuMs && j.cpuMs ? j.cpuMs / au.cpuMs : null;
  const xf = au.ok && fl.ok ? fl.ms / au.ms : null;
  rows.push([
    `audit of ${what} vs jq`,
    input,
    `${fmt.ratio(x)} (${t(au)} vs ${t(j)}; CPU ${fmt.ratio(xc)}: ${cpu(au)} vs ${cpu(j)}; ${fmt.ratio(xf)} of floor ${t(fl)})`,
    "≥ 1.0×",
    x == null ? "—" : x >= 1 ? "yes" : "no",
  ]);
  if (x != null) targets.push({ name: `audit of ${what} vs jq`, value: fmt.ratio(x), goal: "≥ 1.0×", met: x >= 1, note: `CPU ${fmt.ratio(xc)}` });
  if (au.ok) {
    const limit = (2 * a.largest) / MB + 150;
    rows.push([
      `audit of ${what}: peak memory`,
      `largest file ${fmt.mb(a.largest)}`,
      `${au.maxRssMB.toFixed(0)} MB (${fmt.ratio(au.maxRssMB / limit)} of the limit)`,
      `≤ ${limit.toFixed(0)} MB`,
      au.maxRssMB <= limit ? "yes" : "no",
    ]);
    targets.push({ name: `audit of ${what}: peak memory`, value: `${au.maxRssMB.toFixed(0)} MB`, goal: `≤ ${limit.toFixed(0)} MB`, met: au.maxRssMB <= limit });
  }
  ctx.raw[what] = { archive: { ...a, files: a.files.length, variants: a.variants.length }, floor: fl, jq: j, audit: au };
  return { rows, targets };
}

function section(title, what, make) {
  return async (ctx) => {
    const bytes = agentBytes(ctx);
    ctx.log(`${what}: generating or reusing ${fmt.mb(bytes)}`);
    const a = await make(ctx.dir, bytes, ctx.seed);
    ctx.log(`${what}: ${a.sessions} sessions, ${a.files.length} JSON files, ${fmt.mb(a.bytes)} (${a.root})`);
    const r = await measure(ctx, what, a);
    return { tables: [table(title, ["workload", "input", "measured", "goal", "met"], r.rows, ctx.markdown)], targets: r.targets };
  };
}

export const claudeCodeArchiveSection = section(
  "Issue 17: audit of a real-shaped Claude Code projects folder (2.1.328 and 2.1.220 recordings varied; subagents, tool results)",
  "a Claude Code projects folder",
  claudeCodeArchive,
);
export const codexArchiveSection = section(
  "Issue 18: audit of a real-shaped Codex sessions tree (0.169.0 and 0.100.0 recordings varied; compactions)",
  "a Codex sessions tree",
  codexArchive,
);
