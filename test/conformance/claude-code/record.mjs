#!/usr/bin/env node
// Records Claude Code sessions for the fixtures and for conformance: runs the release's native binary offline
// (scratch HOME, ANTHROPIC_BASE_URL on a loopback scripted server) through each scenario of scenarios.mjs and
// keeps what it wrote under ~/.claude/projects plus every request body the server received.
//
//   node test/conformance/claude-code/record.mjs --version 2.1.328 [--out DIR] [--scenario NAME]
// Without --out, writes fixtures/claude-code/<version>/<scenario>/{projects/,requests.json}.
import { spawn } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { cacheRoot, npmInstall, markComplete, releaseDir } from "../cache.mjs";
import { SCENARIOS } from "./scenarios.mjs";
import { startServer } from "./server.mjs";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");
// Neutral scratch paths: they appear in what the CLI writes (cwd, project folder name), so they are fixed.
export const SCRATCH_HOME = "/tmp/cc-home";
export const SCRATCH_PROJECT = "/tmp/cc-project";

/** The release's native binary, installed into the conformance cache on first use. */
export function claudeBinary(version) {
  const { dir, done } = releaseDir(`claude-code@${version}`);
  if (!done) {
    npmInstall(dir, [`@anthropic-ai/claude-code@${version}`], undefined, ["--include=optional"]);
    markComplete(dir);
  }
  const bin = join(dir, "node_modules", "@anthropic-ai", `claude-code-${process.platform}-${process.arch}`, "claude");
  if (!existsSync(bin)) throw new Error(`no native binary for ${process.platform}-${process.arch} in ${dir}`);
  return bin;
}

function run(bin, args, env) {
  return new Promise((res) => {
    const p = spawn(bin, args, { cwd: SCRATCH_PROJECT, env });
    let out = "";
    let err = "";
    p.stdout.on("data", (d) => (out += d));
    p.stderr.on("data", (d) => (err += d));
    p.stdin.end();
    const timer = setTimeout(() => p.kill("SIGKILL"), 120_000);
    p.on("close", (code) => {
      clearTimeout(timer);
      res({ code, out, err });
    });
  });
}

/** The entries of a session's transcript in the scratch HOME (for a step's --resume-session-at). */
function sessionEntries(sessionId) {
  const root = join(SCRATCH_HOME, ".claude", "projects");
  for (const d of readdirSync(root)) {
    const f = join(root, d, `${sessionId}.jsonl`);
    if (existsSync(f))
      return readFileSync(f, "utf8")
        .split("\n")
        .filter((l) => l.trim())
        .map((l) => JSON.parse(l));
  }
  return [];
}

/** Runs one scenario; returns { requests, log }. The projects folder is left in SCRATCH_HOME. */
export async function recordScenario(bin, version, scenario) {
  const sc = { ...scenario, ...(scenario.release?.[version] ?? {}) };
  rmSync(SCRATCH_HOME, { recursive: true, force: true });
  rmSync(SCRATCH_PROJECT, { recursive: true, force: true });
  mkdirSync(SCRATCH_HOME, { recursive: true });
  mkdirSync(SCRATCH_PROJECT, { recursive: true });
  for (const [name, body] of Object.entries(sc.files ?? {})) writeFileSync(join(SCRATCH_PROJECT, name), body);
  for (const [name, b64] of Object.entries(sc.binaryFiles ?? {})) writeFileSync(join(SCRATCH_PROJECT, name), Buffer.from(b64, "base64"));
  let queue = [];
  const srv = await startServer(() => queue.shift());
  const env = {
    PATH: process.env.PATH,
    HOME: SCRATCH_HOME,
    ANTHROPIC_BASE_URL: `http://127.0.0.1:${srv.port}`,
    ANTHROPIC_API_KEY: "dummy",
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
    DISABLE_TELEMETRY: "1",
    DISABLE_AUTOUPDATER: "1",
    IS_SANDBOX: "1",
    ...(sc.env ?? {}),
  };
  const log = [];
  let sessionId;
  try {
    for (const step of sc.steps) {
      queue = [...step.replies];
      const at = step.at ? step.at(sessionEntries(sessionId)) : undefined;
      if (step.at && !at) throw new Error(`${sc.name}: no entry to resume at`);
      const args = [
        ...(step.resume ? ["--resume", sessionId] : []),
        ...(at ? ["--resume-session-at", at] : []),
        ...step.args,
        "--dangerously-skip-permissions",
        "--output-format",
        "json",
      ];
      if (sc.autocompact) args.push("--autocompact", "100000", "--model", "claude-sonnet-4-5");
      const r = await run(bin, args, env);
      let parsed;
      try {
        parsed = JSON.parse(r.out);
      } catch {
        parsed = undefined;
      }
      sessionId ??= parsed?.session_id;
      log.push({ args, code: r.code, result: parsed?.result ?? r.out.slice(0, 300), stderr: r.err.slice(0, 300), leftover: queue.length });
    }
  } finally {
    await srv.close();
  }
  return { requests: srv.requests, log };
}

async function main() {
  const argv = process.argv.slice(2);
  const opt = (k) => (argv.includes(k) ? argv[argv.indexOf(k) + 1] : undefined);
  const version = opt("--version") ?? "2.1.328";
  const only = opt("--scenario");
  const out = resolve(opt("--out") ?? join(ROOT, "fixtures", "claude-code", version));
  const bin = claudeBinary(version);
  for (const sc of SCENARIOS) {
    if ((only && sc.name !== only) || sc.skip?.includes(version)) continue;
    const { requests, log } = await recordScenario(bin, version, sc);
    const dir = join(out, sc.name);
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    cpSync(join(SCRATCH_HOME, ".claude", "projects"), join(dir, "projects"), { recursive: true });
    writeFileSync(join(dir, "requests.json"), `${JSON.stringify(requests, null, 1)}\n`);
    console.log(
      `${version} ${sc.name}: ${requests.length} requests; ${log.map((l) => `exit ${l.code}${l.leftover ? ` (${l.leftover} replies unused)` : ""}`).join(", ")}`,
    );
    for (const l of log) if (l.code !== 0) console.log(`  ${l.args.join(" ")}: ${String(l.result).slice(0, 200)} ${l.stderr}`);
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
export { cacheRoot };
