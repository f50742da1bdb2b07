// `--only ttsr-real`: `ttsr run --chunking fixed:16` on real content (sessions built from the recorded pi
// session, gen/real.mjs) with 1 and 50 rules, against floor + single-pass scan of the same file, across
// sizes (the scaling exponent) and on one tool call writing a 1 MB file. Peak memory is judged against
// 2 × file + 150 MB. With SIGHTLINE_BENCH_BEFORE_DIST set to another build, that build is measured in the
// same run, beside the current one (BEFORE / AFTER figures from one run on a noisy machine).
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { ensureRules } from "../gen/corpus.mjs";
import { bigWriteSession, realSession } from "../gen/real.mjs";
import { ruleFile, rules } from "../gen/rules.mjs";
import { best, loglogSlope, runChild } from "./measure.mjs";
import { cell, fmt, status, table } from "./report.mjs";
import { MAIN_JS } from "./sightline.mjs";
import { floor, scan } from "./workloads.mjs";

const MB = 1e6;
const ONE_RULE = "no-console-log";

/** A folder holding only the ONE_RULE rule file; returns its rules folder. */
function ensureOneRule(dir) {
  const rulesDir = join(dir, "rules-1", ".omp", "rules");
  mkdirSync(rulesDir, { recursive: true });
  const r = rules.find((x) => x.name === ONE_RULE);
  writeFileSync(join(rulesDir, `${r.name}.md`), ruleFile(r));
  return rulesDir;
}

const builds = () => {
  const out = [{ label: "", mainJs: MAIN_JS }];
  const before = process.env.SIGHTLINE_BENCH_BEFORE_DIST;
  if (before) out.unshift({ label: "before", mainJs: join(resolve(before), "cli", "main.js") });
  if (before) out[1].label = "after";
  return out;
};

async function ttsrRun(build, file, rulesDir, reps) {
  const cwd = dirname(dirname(rulesDir));
  const argv = ["ttsr", "run", file, "--rules", rulesDir, "--ttsr-profile", "seed", "--chunking", "fixed:16", "--cwd", cwd, "--home", cwd, "--json"];
  const r = await best(reps, () => runChild("cli", { mainJs: build.mainJs, argv }));
  // V8's fatal report is a native stack trace: say what it means.
  if (!r.ok && /heap out of memory|Allocation failed/.test(`${r.error} ${r.stderr ?? ""}`))
    return { ok: false, oom: true, error: "out of memory (V8 heap limit)" };
  return r;
}

const limitMB = (bytes) => (2 * bytes) / MB + 150;

export async function ttsrReal(ctx) {
  const copies = ctx.quick ? [1, 3] : [1, 3, 10];
  const writes = ctx.quick ? [250_000] : [250_000, 1_000_000];
  const ruleSets = [
    { n: 1, dir: ensureOneRule(ctx.dir) },
    { n: rules.length, dir: ensureRules(ctx.dir) },
  ];
  const conditionsOf = (n) => (n === 1 ? [rules.find((x) => x.name === ONE_RULE).condition] : rules.map((r) => r.condition));
  const inputs = [];
  for (const c of copies) {
    const s = await realSession(ctx.dir, c);
    inputs.push({ kind: "session", x: s.bytes, label: `${c} × recording, ${fmt.mb(s.bytes)}`, ...s });
  }
  for (const w of writes) {
    const s = await bigWriteSession(ctx.dir, w);
    inputs.push({ kind: "write", x: w, label: `one write of ${fmt.mb(w)}, file ${fmt.mb(s.bytes)}`, ...s });
  }
  const rows = [];
  const targets = [];
  const pts = {};
  const failedOom = {};
  const raw = [];
  for (const input of inputs) {
    const reps = ctx.quick || input.bytes > 5 * MB ? 1 : 2;
    ctx.log(`ttsr-real ${input.label}`);
    const fl = await floor([input.path], reps);
    for (const rs of ruleSets) {
      const sc = await scan(input.path, conditionsOf(rs.n), reps);
      const base = fl.ok && sc.ok ? { ok: true, ms: fl.ms + sc.ms } : fl.ok ? sc : fl;
      for (const b of builds()) {
        const key = `${input.kind}/${rs.n}/${b.label}`;
        const prev = (pts[key] ??= []);
        const oom = (failedOom[key] ??= false);
        const r = oom
          ? { skipped: "a smaller input already ran out of memory" }
          : (projected(ctx, prev, input.x) ?? (await ttsrRun(b, input.path, rs.dir, reps)));
        if (r.oom) failedOom[key] = true;
        if (r.ok) prev.push({ x: input.x, y: r.ms, rss: r.maxRssMB });
        const lim = limitMB(input.bytes);
        rows.push([
          input.label,
          `${rs.n}`,
          b.label || "—",
          status(base, (x) => fmt.ms(x.ms)),
          status(r, (x) => fmt.ms(x.ms)),
          cell(r, (x) => fmt.ratio(base.ok ? base.ms / x.ms : null)),
          cell(r, (x) => `${x.maxRssMB.toFixed(0)} MB`),
          `${lim.toFixed(0)} MB`,
          cell(r, (x) => (x.maxRssMB <= lim ? "yes" : "no")),
        ]);
        raw.push({
          input: { kind: input.kind, bytes: input.bytes, copies: input.copies, chars: input.chars },
          rules: rs.n,
          build: b.label,
          floor: fl,
          scan: sc,
          run: r,
        });
        if (r.ok && b.label !== "before")
          targets.push({
            name: `ttsr run memory, ${input.label}, ${rs.n} rule${rs.n > 1 ? "s" : ""}`,
            value: `${r.maxRssMB.toFixed(0)} MB`,
            goal: `≤ ${lim.toFixed(0)} MB`,
            met: r.maxRssMB <= lim,
            note: "",
          });
      }
    }
  }
  const expRows = [];
  for (const [key, p] of Object.entries(pts)) {
    if (p.length < 2) continue;
    const [kind, n, label] = key.split("/");
    const t = loglogSlope(p);
    const m = loglogSlope(p.map((q) => ({ x: q.x, y: q.rss })));
    expRows.push([kind === "session" ? "session size" : "write size", n, label || "—", t.toFixed(2), m.toFixed(2)]);
    if (label !== "before")
      targets.push({
        name: `ttsr run time exponent over ${kind === "session" ? "session" : "write"} size, ${n} rule${n === "1" ? "" : "s"}`,
        value: t.toFixed(2),
        goal: "≤ 1.1",
        met: t <= 1.1,
        note: "",
      });
  }
  ctx.raw.ttsrReal = raw;
  const title = "TTSR on real content (pi recording scaled; seed profile, 16-character deltas; ratio = (floor + single-pass scan) / ttsr run)";
  return {
    tables: [
      table(title, ["input", "rules", "build", "floor + scan", "ttsr run", "× floor + scan", "peak RSS", "limit", "within"], rows, ctx.markdown),
      table(
        "TTSR on real content: scaling exponents (log-log fit of time and peak RSS against size)",
        ["over", "rules", "build", "time", "peak RSS"],
        expRows,
        ctx.markdown,
      ),
    ],
    targets,
  };
}

/** {skipped} when the previous points project a time over the budget for size `x`, else null. */
function projected(ctx, points, x) {
  if (points.length < 2) return null;
  const [a, b] = points.slice(-2);
  const exp = Math.max(1, Math.log(b.y / a.y) / Math.log(b.x / a.x));
  const ms = b.y * Math.pow(x / b.x, exp);
  return ms <= ctx.sizes.budgetMs ? null : { skipped: `projected ${fmt.ms(ms)} (exponent ${exp.toFixed(2)}), over the ${fmt.ms(ctx.sizes.budgetMs)} budget` };
}
