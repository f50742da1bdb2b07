// The README's code blocks run as written, read from the README at test time: Getting started, Examples,
// Rule files; and docs/ci.md's Check in CI (the config is validated, the workflow parsed with `yaml` and its jobs played
// step by step like a runner would, shards and merge included). `sightline`, `npx` and `npm` are shims on
// PATH: sightline runs this build (and logs each call's exit code), npx runs the shim, npm only logs (no
// network). Scratch folders are laid out so each line has the files it names.
import { spawnSync } from "node:child_process";
import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import YAML from "yaml";
import { beforeAll, describe, expect, it } from "vitest";
import { configDiagnostics } from "../../src/app/check/files.js";
import { BIN, ROOT } from "./run.js";

const README = readFileSync(join(ROOT, "README.md"), "utf8");
const CI_DOC = readFileSync(join(ROOT, "docs/ci.md"), "utf8");
const OMP17 = ["omp17-deferred-then-compaction", "omp17-interrupt-then-tool-reminder", "omp17-branch-after-gap"];

/** The text of a `## title` section of a document (the README unless given), up to the next `## ` heading. */
function section(title: string, doc = README): string {
  const start = doc.indexOf(`\n## ${title}\n`);
  if (start < 0) throw new Error(`no "## ${title}" section`);
  const end = doc.indexOf("\n## ", start + 4);
  return doc.slice(start, end < 0 ? undefined : end);
}

/** Fenced code blocks of a section with the given info string. */
const blocks = (text: string, lang: string): string[] => [...text.matchAll(new RegExp("^```" + lang + "\\n([\\s\\S]*?)^```", "gm"))].map((m) => m[1]);
/** Lines of a shell block that call sightline (directly or through npx). */
const sightlineLines = (block: string): string[] => block.split("\n").filter((l) => /^(npx )?sightline\b/.test(l.trim()));

interface Call {
  code: number;
  cwd: string;
  args: string;
}

let shims = "";
let log = "";

beforeAll(() => {
  shims = mkdtempSync(join(tmpdir(), "sightline-readme-bin-"));
  log = join(shims, "calls.log");
  const script = (name: string, body: string) => {
    writeFileSync(join(shims, name), `#!/usr/bin/env bash\n${body}\n`);
    chmodSync(join(shims, name), 0o755);
  };
  script("sightline", `"${process.execPath}" "${BIN}" "$@"; rc=$?\nprintf '%s\\t%s\\t%s\\n' "$rc" "$PWD" "$*" >> "${log}"\nexit $rc`);
  script("npx", `while [ "$1" = "--yes" ] || [ "$1" = "-y" ]; do shift; done\n[ "$1" = sightline ] && shift\nexec sightline "$@"`);
  script("npm", `printf 'npm %s\\n' "$*" >> "${log}.npm"`);
});

function calls(): Call[] {
  if (!existsSync(log)) return [];
  const out = readFileSync(log, "utf8")
    .trimEnd()
    .split("\n")
    .filter(Boolean)
    .map((l) => {
      const [code, cwd, args] = l.split("\t");
      return { code: Number(code), cwd, args };
    });
  rmSync(log);
  return out;
}

/** Runs shell text the way a terminal (or a runner's `bash -e`) would; returns what the shims logged. */
function sh(text: string, cwd: string, opts: { env?: Record<string, string>; strict?: boolean } = {}) {
  const r = spawnSync("bash", [...(opts.strict ? ["-e", "-o", "pipefail"] : []), "-c", text], {
    cwd,
    encoding: "utf8",
    env: { ...process.env, NO_COLOR: "1", FORCE_COLOR: "", GITHUB_ACTIONS: "", GITHUB_STEP_SUMMARY: "", PATH: `${shims}:${process.env.PATH}`, ...opts.env },
    maxBuffer: 64 * 1024 * 1024,
  });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr, calls: calls() };
}

const scratch = (name: string) => mkdtempSync(join(tmpdir(), `sightline-readme-${name}-`));

describe("README: Getting started", () => {
  it("runs as written from a clone (npm only logged), and the prepare script builds dist/", () => {
    const [block] = blocks(section("Getting started"), "sh");
    const clone = scratch("clone");
    for (const f of ["bin", "dist", "package.json", "fixtures"]) cpSync(join(ROOT, f), join(clone, f), { recursive: true });
    const r = sh(block, clone);
    expect(r.stderr).not.toContain("internal error");
    expect(r.calls.length).toBe(sightlineLines(block).length);
    for (const c of r.calls) expect([0, 1], `sightline ${c.args}`).toContain(c.code);
    const npm = readFileSync(`${log}.npm`, "utf8");
    rmSync(`${log}.npm`);
    expect(npm).toMatch(/^npm (ci|install)\b/m);
    expect(JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")).scripts.prepare).toBe("npm run build");
  }, 60_000);
});

describe("README: Examples", () => {
  it("every example line runs in a recording's project folder without a usage error or a crash", () => {
    const [block] = blocks(section("Examples"), "sh");
    // A recording copied whole (session, settings, project/.omp/rules); the examples run from its project
    // folder, which also holds sessions/ (every omp17 recording), s.jsonl, and the recording's own files.
    const rec = join(scratch("examples"), "recording");
    cpSync(join(ROOT, "fixtures/pi", OMP17[0]), rec, { recursive: true });
    const cwd = join(rec, "project");
    for (const n of OMP17) cpSync(join(ROOT, "fixtures/pi", n, "session.jsonl"), join(cwd, "sessions", `${n}.jsonl`));
    // s.jsonl: a long recording (hundreds of turns), so any --turn N of an example exists.
    cpSync(join(ROOT, "fixtures/pi/before-compaction.jsonl"), join(cwd, "s.jsonl"));
    cpSync(join(rec, "session.jsonl"), join(cwd, "session.jsonl"));
    // a.jsonl and b.jsonl: two recordings to compare (diff a b).
    cpSync(join(ROOT, "fixtures/pi", OMP17[0], "session.jsonl"), join(cwd, "a.jsonl"));
    cpSync(join(ROOT, "fixtures/pi", OMP17[1], "session.jsonl"), join(cwd, "b.jsonl"));
    cpSync(join(rec, "settings.json"), join(cwd, "settings.json"));
    cpSync(join(rec, "project/.omp"), join(cwd, "project/.omp"), { recursive: true });
    // ~/.claude/projects and ~/.codex/sessions: real Claude Code and Codex recordings in a scratch home.
    const home = scratch("home");
    cpSync(join(ROOT, "fixtures/claude-code/2.1.328/subagent/projects"), join(home, ".claude/projects"), { recursive: true });
    cpSync(join(ROOT, "fixtures/codex/0.169.0/compact/sessions"), join(home, ".codex/sessions"), { recursive: true });
    const r = sh(block, cwd, { env: { HOME: home } });
    expect(r.stderr).not.toContain("internal error");
    expect(r.calls.length).toBe(sightlineLines(block).length);
    expect(r.calls.length).toBeGreaterThanOrEqual(5);
    for (const c of r.calls) expect([0, 1], `sightline ${c.args}`).toContain(c.code);
  }, 120_000);
});

describe("README: Rule files", () => {
  it("the example rule loads cleanly and the commands shown run on it", () => {
    const text = section("Rule files");
    const [rule] = blocks(text, "markdown");
    const dir = scratch("rules");
    mkdirSync(join(dir, ".omp/rules"), { recursive: true });
    writeFileSync(join(dir, ".omp/rules/example.md"), rule);
    const [block] = blocks(text, "sh");
    const r = sh(block, dir);
    expect(r.calls.length).toBe(sightlineLines(block).length);
    for (const c of r.calls) expect(c.code, `sightline ${c.args}\n${r.stdout}${r.stderr}`).toBe(0);
  }, 60_000);
});

// A minimal runner: jobs in order (needs before), matrix legs, `${{ matrix.x }}`, step `if`, artifacts.
interface Step {
  run?: string;
  uses?: string;
  if?: string;
  with?: Record<string, unknown>;
}
interface Job {
  needs?: string | string[];
  if?: string;
  strategy?: { matrix?: Record<string, unknown[]> };
  steps: Step[];
}
interface StepResult {
  job: string;
  leg: Record<string, unknown>;
  run: string;
  code: number;
  stdout: string;
  summary: string;
  calls: Call[];
}

function legs(job: Job): Record<string, unknown>[] {
  let out: Record<string, unknown>[] = [{}];
  for (const [k, vs] of Object.entries(job.strategy?.matrix ?? {})) out = out.flatMap((l) => vs.map((v) => ({ ...l, [k]: v })));
  return out;
}

function expand(text: string, leg: Record<string, unknown>): string {
  return text.replace(/\$\{\{\s*([^}]*?)\s*\}\}/g, (_, expr: string) => {
    const m = /^matrix\.(\w+)$/.exec(expr);
    if (!m || !(m[1] in leg)) throw new Error(`the runner shim cannot evaluate \${{ ${expr} }}`);
    return String(leg[m[1]]);
  });
}

function playWorkflow(workflow: string, repo: string): StepResult[] {
  const wf = YAML.parse(workflow) as { jobs: Record<string, Job> };
  const artifacts = join(repo, "..", "artifacts");
  rmSync(artifacts, { recursive: true, force: true });
  const results: StepResult[] = [];
  const failed = new Set<string>();
  let n = 0;
  for (const [name, job] of Object.entries(wf.jobs)) {
    const needs = [job.needs ?? []].flat();
    if (needs.some((j) => failed.has(j)) && !/always\(\)|failure\(\)/.test(job.if ?? "")) continue;
    for (const leg of legs(job)) {
      let jobFailed = false;
      for (const step of job.steps) {
        if (jobFailed && !/always\(\)|failure\(\)/.test(step.if ?? "")) continue;
        const w = Object.fromEntries(Object.entries(step.with ?? {}).map(([k, v]) => [k, expand(String(v), leg)]));
        if (step.uses?.startsWith("actions/upload-artifact@")) {
          if (existsSync(join(repo, w.path))) cpSync(join(repo, w.path), join(artifacts, w.name), { recursive: true });
        } else if (step.uses?.startsWith("actions/download-artifact@")) {
          const pattern = new RegExp(`^${(w.pattern ?? w.name).replace(/[.+?^$()|[\]\\]/g, "\\$&").replace(/\*/g, ".*")}$`);
          const names = existsSync(artifacts) ? readdirSync(artifacts).filter((a) => pattern.test(a)) : [];
          for (const a of names) cpSync(join(artifacts, a), w.name && !w.pattern ? join(repo, w.path) : join(repo, w.path, a), { recursive: true });
        } else if (step.run !== undefined) {
          const summary = join(repo, "..", `step-summary-${++n}.md`);
          writeFileSync(summary, "");
          const run = expand(step.run, leg);
          const r = sh(run, repo, { strict: true, env: { GITHUB_ACTIONS: "true", GITHUB_STEP_SUMMARY: summary } });
          results.push({ job: name, leg, run, code: r.code, stdout: r.stdout, summary: readFileSync(summary, "utf8"), calls: r.calls });
          if (r.code !== 0) jobFailed = true;
        } else if (!/^actions\/(checkout|setup-node)@/.test(step.uses ?? "")) throw new Error(`the runner shim does not know step ${JSON.stringify(step)}`);
      }
      if (jobFailed) failed.add(name);
    }
  }
  return results;
}

describe("docs/ci.md: Check in CI", () => {
  const text = () => section("1. Check in CI", CI_DOC);
  let repo = "";

  beforeAll(() => {
    // A repository holding the documented config and the recordings it names (filled from the omp17 fixtures).
    repo = join(scratch("ci"), "repo");
    const [config] = blocks(text(), "json");
    mkdirSync(repo, { recursive: true });
    writeFileSync(join(repo, "sightline.config.json"), config);
    const suites = (JSON.parse(config) as { suites: { rules?: string | string[]; settings?: string }[] }).suites;
    suites.forEach((s, i) => {
      const rules = [s.rules ?? []].flat()[0];
      const folder = s.settings !== undefined ? dirname(s.settings) : rules?.replace(/\/project\/\.omp\/rules$/, "");
      if (folder && !existsSync(join(repo, folder))) cpSync(join(ROOT, "fixtures/pi", OMP17[i % OMP17.length]), join(repo, folder), { recursive: true });
    });
  });

  it("the config example is valid", () => {
    const [config] = blocks(text(), "json");
    expect(configDiagnostics(JSON.parse(config), "sightline.config.json")).toEqual([]);
  });

  it("record, then the workflow: every shard and the merge pass", () => {
    const [record] = blocks(text(), "sh");
    const r = sh(record, repo);
    expect(r.calls.length).toBe(sightlineLines(record).length);
    for (const c of r.calls) expect(c.code, `sightline ${c.args}\n${r.stdout}${r.stderr}`).toBe(0);

    const [workflow] = blocks(text(), "yaml");
    const steps = playWorkflow(workflow, repo);
    const sightline = steps.flatMap((s) => s.calls);
    expect(sightline.some((c) => /^check --shard/.test(c.args))).toBe(true);
    expect(sightline.some((c) => /^merge-reports /.test(c.args))).toBe(true);
    for (const s of steps) expect(s.code, s.run).toBe(0);
  }, 120_000);

  it("with rules edited to stop matching, a shard and the merge fail with annotations and a job summary", () => {
    for (const rec of readdirSync(repo, { recursive: true, encoding: "utf8" }).filter((p) => /\.omp\/rules\/[^/]+\.md$/.test(p))) {
      const p = join(repo, rec);
      writeFileSync(p, readFileSync(p, "utf8").replace(/condition: .*/, 'condition: "\\\\bnever-written-anywhere\\\\b"'));
    }
    rmSync(join(repo, "reports"), { recursive: true, force: true });
    rmSync(join(repo, "shards"), { recursive: true, force: true });
    const unsharded = sh("sightline check --out reports/unsharded", repo, { env: { GITHUB_ACTIONS: "true" } });
    expect(unsharded.code).toBe(1);
    const [workflow] = blocks(text(), "yaml");
    const steps = playWorkflow(workflow, repo);
    const merge = steps.find((s) => s.calls.some((c) => c.args.startsWith("merge-reports")));
    expect(merge?.code).toBe(unsharded.code);
    expect(merge?.stdout).toMatch(/^::error file=[^,]+\.jsonl,line=\d+,title=sightline check /m);
    expect(merge?.summary).toMatch(/^# sightline check\n\n❌ \d+ regression\(s\)/);
    const shardCodes = steps.filter((s) => s.calls.some((c) => c.args.startsWith("check --shard"))).map((s) => s.code);
    expect(shardCodes).toContain(1);
    const verdict = (out: string) => /^(\d+ regression\(s\) in .*?)( \(merged|$)/m.exec(out)?.[1];
    expect(verdict(merge?.stdout ?? "")).toBe(verdict(unsharded.stdout));
  }, 120_000);
});
