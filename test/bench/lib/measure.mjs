// Spawning measurements: a workload in a fresh Node process (child.mjs) or an external command (jq).
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";

const CHILD = join(dirname(fileURLToPath(import.meta.url)), "child.mjs");
const scratch = mkdtempSync(join(tmpdir(), "sightline-bench-run-"));
let seq = 0;

/** Options shared by every child: extra node flags (e.g. --cpu-prof) and a time limit. */
export const childOptions = { nodeFlags: [], timeoutMs: 30 * 60_000 };

/**
 * Runs one workload of child.mjs; resolves {ok, ms, maxRssMB, wallMs, ...} or {ok:false, error}.
 * stdout of the workload goes to /dev/null; stderr is kept for error reports.
 */
export function runChild(workload, args) {
  const resultPath = join(scratch, `r${++seq}.json`);
  return new Promise((resolve) => {
    const t0 = performance.now();
    const cp = spawn(process.execPath, [...childOptions.nodeFlags, CHILD, resultPath, workload, JSON.stringify(args)], { stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    cp.stderr.on("data", (d) => {
      if (stderr.length < 20_000) stderr += d;
    });
    const timer = setTimeout(() => cp.kill("SIGKILL"), childOptions.timeoutMs);
    cp.on("close", (code, signal) => {
      clearTimeout(timer);
      const wallMs = performance.now() - t0;
      let r;
      try {
        r = JSON.parse(readFileSync(resultPath, "utf8"));
      } catch {
        r = {
          ok: false,
          error:
            signal === "SIGKILL" && wallMs >= childOptions.timeoutMs
              ? `timed out after ${Math.round(wallMs / 60000)} min`
              : `child exited ${signal ?? code}${stderr ? ": " + stderr.trim().split("\n").slice(-3).join(" | ") : ""}`,
        };
      }
      if (r.ok && r.code !== undefined && r.code >= 2) r = { ...r, ok: false, error: `exit ${r.code}: ${stderr.trim().split("\n")[0] ?? ""}` };
      resolve({ ...r, wallMs, stderr });
    });
  });
}

/** Runs a workload `reps` times and keeps the fastest run (the least disturbed by other load). */
export async function best(reps, fn) {
  let bestR = null;
  for (let i = 0; i < reps; i++) {
    const r = await fn();
    if (!r.ok) return r;
    if (!bestR || r.ms < bestR.ms) bestR = { ...r, maxRssMB: Math.max(r.maxRssMB ?? 0, bestR?.maxRssMB ?? 0) };
  }
  return bestR;
}

export function hasJq() {
  const r = spawnSync("jq", ["--version"], { encoding: "utf8" });
  return r.status === 0 ? r.stdout.trim() : null;
}

/**
 * `jq -c . FILES > /dev/null`, batched to stay under the argument-length limit: wall time in ms, and jq's CPU
 * time (user + system, from the shell's `times`) in cpuMs.
 */
export async function runJq(files) {
  const t0 = performance.now();
  let cpuMs = 0;
  for (let i = 0; i < files.length; i += 200) {
    const batch = files.slice(i, i + 200);
    const r = await new Promise((resolve) => {
      const cp = spawn("bash", ["-c", 'jq -c . "$@" > /dev/null || exit $?; times', "jq", ...batch], { stdio: ["ignore", "pipe", "ignore"] });
      let out = "";
      cp.stdout.on("data", (d) => (out += d));
      cp.on("close", (code) => resolve({ code, out }));
      cp.on("error", () => resolve({ code: -1, out }));
    });
    if (r.code !== 0) return { ok: false, error: `jq exited ${r.code}` };
    // Second line of `times`: user and system time of the shell's children (jq).
    const child = r.out.trim().split("\n")[1] ?? "";
    for (const [, m, s] of child.matchAll(/(\d+)m([\d.]+)s/g)) cpuMs += (Number(m) * 60 + Number(s)) * 1000;
  }
  return { ok: true, ms: performance.now() - t0, cpuMs };
}

export function cleanupScratch() {
  rmSync(scratch, { recursive: true, force: true });
}

/** Least-squares slope of log(time) against log(events): the scaling exponent. */
export function loglogSlope(points) {
  const xs = points.map((p) => Math.log(p.x));
  const ys = points.map((p) => Math.log(p.y));
  const n = xs.length;
  const mx = xs.reduce((a, b) => a + b, 0) / n;
  const my = ys.reduce((a, b) => a + b, 0) / n;
  let num = 0;
  let den = 0;
  for (let i = 0; i < n; i++) {
    num += (xs[i] - mx) * (ys[i] - my);
    den += (xs[i] - mx) ** 2;
  }
  return den === 0 ? NaN : num / den;
}
