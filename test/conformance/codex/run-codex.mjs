// Runs one scripted scenario through the real Codex CLI binary, offline: a scratch CODEX_HOME/HOME with a
// config.toml naming the scripted provider on 127.0.0.1, one `codex` process per run of the scenario, every
// request body captured. Returns the rollout files Codex wrote and the captured requests, in order.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { COMPACT_LIMIT, isCompactionRequest, isRemoteCompactionRequest, remoteCompactionReply, summaryReply } from "./scenarios.mjs";
import { startServer } from "./server.mjs";

export function configToml(port, extra = "", provider = "scripted") {
  const url = `http://127.0.0.1:${port}/v1`;
  // The built-in openai provider pointed at the scripted server (openai_base_url): Codex then compacts remotely.
  const remote = provider === "openai";
  return [
    `model = "scripted-model"`,
    `model_provider = "${remote ? "openai" : "scripted"}"`,
    ...(remote ? [`openai_base_url = "${url}"`] : []),
    `approval_policy = "never"`,
    `sandbox_mode = "danger-full-access"`,
    `model_auto_compact_token_limit = ${COMPACT_LIMIT}`,
    extra,
    ...(remote
      ? []
      : [
          `[model_providers.scripted]`,
          `name = "scripted"`,
          `base_url = "${url}"`,
          `wire_api = "responses"`,
          `env_key = "SCRIPTED_API_KEY"`,
          `request_max_retries = 0`,
          `stream_max_retries = 0`,
        ]),
    ``,
  ].join("\n");
}

function* walk(dir) {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) yield* walk(p);
    else if (name.endsWith(".jsonl")) yield p;
  }
}

/** The session id at the end of a rollout file name (rollout-<timestamp>-<uuid>.jsonl). */
const sessionIdOf = (path) => /([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.jsonl$/.exec(path)?.[1] ?? "";

function runCodex(bin, args, env, cwd, timeoutMs) {
  return new Promise((resolve) => {
    const p = spawn(bin, args, { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    p.stdout.on("data", (d) => {
      out += d;
    });
    p.stderr.on("data", (d) => {
      out += d;
    });
    const timer = setTimeout(() => p.kill("SIGKILL"), timeoutMs);
    p.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, out });
    });
  });
}

/**
 * Drives `codex app-server` over JSON-RPC on stdio: initialize, then each step's request (params may be a function
 * of the session ids so far and the earlier steps' results); a step with `waitFor` also waits for that notification after its response.
 * `capabilities` go into `initialize` (experimental methods and fields need `experimentalApi`).
 */
function runAppServer(bin, steps, env, cwd, timeoutMs, ctx, capabilities) {
  return new Promise((resolve, reject) => {
    const p = spawn(bin, ["app-server"], { cwd, env, stdio: ["pipe", "pipe", "pipe"] });
    let buf = "";
    let err = "";
    let nextId = 1;
    const waiting = new Map();
    let notify = null;
    const timer = setTimeout(() => {
      p.kill("SIGKILL");
      reject(new Error(`codex app-server timed out:\n${err.slice(-2000)}`));
    }, timeoutMs);
    p.stderr.on("data", (d) => {
      err += d;
    });
    p.stdout.on("data", (d) => {
      buf += d;
      for (let i = buf.indexOf("\n"); i >= 0; i = buf.indexOf("\n")) {
        const line = buf.slice(0, i);
        buf = buf.slice(i + 1);
        if (!line.trim()) continue;
        const msg = JSON.parse(line);
        if (msg.id !== undefined && waiting.has(msg.id)) {
          const w = waiting.get(msg.id);
          waiting.delete(msg.id);
          if (msg.error) w.reject(new Error(`${w.method}: ${JSON.stringify(msg.error)}`));
          else w.resolve(msg.result);
        } else if (msg.method && notify?.method === msg.method) {
          const n = notify;
          notify = null;
          n.resolve(msg.params);
        }
      }
    });
    const request = (method, params) =>
      new Promise((res, rej) => {
        const id = nextId++;
        waiting.set(id, { resolve: res, reject: rej, method });
        p.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", id, method, params })}\n`);
      });
    const notification = (method) => new Promise((res) => (notify = { method, resolve: res }));
    (async () => {
      await request("initialize", { clientInfo: { name: "sightline-conformance", version: "0" }, ...(capabilities ? { capabilities } : {}) });
      p.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", method: "initialized" })}\n`);
      const results = [];
      for (const step of steps) {
        const done = step.waitFor ? notification(step.waitFor) : null;
        results.push(await request(step.method, typeof step.params === "function" ? step.params(ctx, results) : step.params));
        if (done) await done;
      }
      p.stdin.end();
    })().catch((e) => {
      p.kill("SIGKILL");
      reject(new Error(`${e.message}\n${err.slice(-2000)}`));
    });
    p.on("close", () => {
      clearTimeout(timer);
      resolve({ out: err });
    });
  });
}

/**
 * Runs `scenario` with the binary `bin` (a run naming a `release` uses `binOf(release)` instead: an older release
 * writes the session a newer one resumes). `home` and `work` are scratch folders (wiped first); Codex writes its
 * rollouts under `home/sessions`. Returns `{ rollouts: string[], requests, logs }`.
 */
export async function recordScenario(bin, scenario, { home, work, timeoutMs = 120000, binOf }) {
  rmSync(home, { recursive: true, force: true });
  rmSync(work, { recursive: true, force: true });
  mkdirSync(home, { recursive: true });
  mkdirSync(work, { recursive: true });
  const queue = [];
  let compactions = 0;
  const server = await startServer((body) => {
    if (isCompactionRequest(body)) return summaryReply(++compactions);
    if (isRemoteCompactionRequest(body)) return remoteCompactionReply(++compactions);
    const next = queue.shift();
    if (!next) throw new Error("the script has no reply left");
    return next;
  });
  writeFileSync(join(home, "config.toml"), configToml(server.port, scenario.config ?? "", scenario.provider));
  const env = { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: home, CODEX_HOME: home, SCRIPTED_API_KEY: "sk-scripted", NO_COLOR: "1" };
  if (scenario.provider === "openai") env.OPENAI_API_KEY = "sk-scripted";
  const logs = [];
  try {
    for (const run of scenario.runs) {
      queue.push(...run.replies);
      // Later runs may name an earlier session (fork): ids in the order the sessions were started.
      const sessionIds = existsSync(join(home, "sessions")) ? [...walk(join(home, "sessions"))].sort().map(sessionIdOf) : [];
      if (run.appServer) {
        await runAppServer(run.release ? binOf(run.release) : bin, run.appServer, env, work, timeoutMs, { sessionIds }, run.capabilities);
        if (queue.length) throw new Error(`codex app-server left ${queue.length} scripted replies unused`);
        continue;
      }
      const args = typeof run.args === "function" ? run.args({ sessionIds }) : run.args;
      const r = await runCodex(run.release ? binOf(run.release) : bin, args, env, work, timeoutMs);
      logs.push(r);
      if (r.code !== 0) throw new Error(`codex ${args.join(" ")} exited ${r.code}:\n${r.out.slice(-2000)}`);
      if (queue.length) throw new Error(`codex ${args.join(" ")} left ${queue.length} scripted replies unused`);
    }
  } finally {
    await server.close();
  }
  const rollouts = [...walk(join(home, "sessions"))].sort();
  return { rollouts, requests: server.requests.filter((r) => !r.ignored), logs };
}
