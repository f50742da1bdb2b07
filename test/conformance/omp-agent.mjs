#!/usr/bin/env node
// Writes fixtures/pi/omp18-written/agent-<scenario>/: sessions written by the whole oh-my-pi 18.3.4 agent (the
// published package's bundled CLI, dist/cli.js, in print mode under Bun) talking to a scripted fake model: a local
// OpenAI-compatible chat-completions server that streams one scripted reply per request. Each folder holds the
// session (session.jsonl), the rules the agent read (project/.omp/rules), the agent config it ran with
// (config.yml; settings.json repeats its TTSR settings in sightline's form) and the script (script.json).
//   node test/conformance/omp-agent.mjs [scenario ...]
import { spawn } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import omp from "./adapters/omp.mjs";
import { cacheRoot } from "./cache.mjs";
import { AGENT_SCENARIOS } from "./omp-agent-scenarios.mjs";

const VERSION = "18.3.4";
const OUT = resolve(dirname(fileURLToPath(import.meta.url)), "../../fixtures/pi/omp18-written");
const log = (s) => process.stderr.write(`omp-agent: ${s}\n`);

/** One SSE chat-completions reply: text in chunks, tool calls with their arguments in parts, or an HTTP error. */
function reply(res, step, n) {
  if (step.status) {
    res.writeHead(step.status, { "content-type": "application/json" });
    res.end(JSON.stringify({ error: { message: step.error ?? "scripted failure", type: "invalid_request_error" } }));
    return;
  }
  res.writeHead(200, { "content-type": "text/event-stream" });
  const send = (o) => res.write(`data: ${JSON.stringify({ id: `r${n}`, object: "chat.completion.chunk", created: 1, model: "fake-model", ...o })}\n\n`);
  const chunk = (delta, finish = null) => send({ choices: [{ index: 0, delta, finish_reason: finish }] });
  chunk({ role: "assistant", content: "" });
  for (const t of step.text ?? []) chunk({ content: t });
  (step.calls ?? []).forEach((c, i) => {
    chunk({ tool_calls: [{ index: i, id: c.id, type: "function", function: { name: c.name, arguments: "" } }] });
    for (const part of c.args) chunk({ tool_calls: [{ index: i, function: { arguments: part } }] });
  });
  chunk({}, step.calls ? "tool_calls" : "stop");
  const prompt = step.promptTokens ?? 10;
  send({ choices: [], usage: { prompt_tokens: prompt, completion_tokens: 5, total_tokens: prompt + 5 } });
  res.end("data: [DONE]\n\n");
}

/**
 * A fake model serving `replies` in order (the last one repeats) and, at /compact, a remote compaction endpoint
 * answering `remoteSummary`; resolves with its port and the requests seen.
 */
function fakeModel(replies, remoteSummary) {
  const requests = [];
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (c) => {
      body += c;
    });
    req.on("end", () => {
      // A configured compaction.remoteEndpoint (`{systemPrompt, prompt}` → `{summary}`).
      if (req.url.endsWith("/compact")) {
        requests.push(body.length);
        res.writeHead(200, { "content-type": "application/json" });
        res.end(JSON.stringify({ summary: remoteSummary ?? "" }));
        return;
      }
      if (!req.url.includes("chat/completions")) {
        res.writeHead(404);
        res.end("{}");
        return;
      }
      requests.push(body.length);
      reply(res, replies[Math.min(requests.length - 1, replies.length - 1)], requests.length);
    });
  });
  return new Promise((ok) => server.listen(0, "127.0.0.1", () => ok({ server, port: server.address().port, requests })));
}

function run(cmd, args, opts) {
  return new Promise((ok) => {
    const p = spawn(cmd, args, { ...opts, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    p.stdout.on("data", (d) => {
      out += d;
    });
    p.stderr.on("data", (d) => {
      out += d;
    });
    const timer = setTimeout(() => p.kill("SIGKILL"), 120_000);
    p.on("close", (code) => {
      clearTimeout(timer);
      ok({ code, out });
    });
  });
}

/**
 * The agent in RPC mode, for what print mode cannot ask (slash commands such as /compact): sends each command,
 * waits for its response (and, for a prompt, for the run to end), then closes stdin.
 */
function runRpc(cmd, args, commands, opts) {
  return new Promise((ok) => {
    const p = spawn(cmd, [...args, "--mode", "rpc"], { ...opts, stdio: ["pipe", "pipe", "pipe"] });
    let out = "";
    let buf = "";
    let i = -1;
    let waiting;
    const next = () => {
      i++;
      if (i >= commands.length) {
        p.stdin.end();
        setTimeout(() => p.kill("SIGTERM"), 5_000);
        return;
      }
      const c = { id: `c${i}`, ...commands[i] };
      waiting = { id: c.id, run: c.type === "prompt", responded: false, ended: false };
      p.stdin.write(`${JSON.stringify(c)}\n`);
    };
    p.stdout.on("data", (d) => {
      out += d;
      buf += d;
      let nl = buf.indexOf("\n");
      while (nl >= 0) {
        const line = buf.slice(0, nl);
        buf = buf.slice(nl + 1);
        nl = buf.indexOf("\n");
        let ev;
        try {
          ev = JSON.parse(line);
        } catch {
          continue;
        }
        if (!waiting) continue;
        if (ev.type === "response" && ev.id === waiting.id) waiting.responded = true;
        if (ev.type === "agent_end") waiting.ended = true;
        if (waiting.responded && (!waiting.run || waiting.ended)) {
          waiting = undefined;
          next();
        }
      }
    });
    p.stderr.on("data", (d) => {
      out += d;
    });
    const timer = setTimeout(() => p.kill("SIGKILL"), 120_000);
    p.on("close", (code) => {
      clearTimeout(timer);
      ok({ code, out });
    });
    setTimeout(next, 500);
  });
}

async function scenario(name, s, api, work) {
  const root = mkdtempSync(join(work, `${name}-`));
  const project = join(root, "project");
  const agentDir = join(root, "home", ".omp", "agent");
  mkdirSync(join(project, ".omp", "rules"), { recursive: true });
  mkdirSync(agentDir, { recursive: true });
  for (const [file, text] of Object.entries(s.rules)) writeFileSync(join(project, ".omp", "rules", file), text);
  const fake = await fakeModel(s.replies, s.remoteSummary);
  try {
    const window = s.contextWindow ? `        contextWindow: ${s.contextWindow}\n` : "";
    const models = `providers:\n  fake:\n    baseUrl: http://127.0.0.1:${fake.port}/v1\n    apiKey: none\n    api: openai-completions\n    models:\n      - id: fake-model\n${window}`;
    writeFileSync(join(agentDir, "models.yml"), models);
    const config = s.config.replaceAll("{PORT}", String(fake.port));
    writeFileSync(join(agentDir, "config.yml"), config);
    const sessions = join(root, "sessions");
    const env = { PATH: process.env.PATH, HOME: join(root, "home"), TMPDIR: root, NO_COLOR: "1" };
    const common = ["--no-install", api.cli, "--model", "fake/fake-model", "--session-dir", sessions];
    const r = s.rpc ? await runRpc(api.bun, common, s.rpc, { cwd: project, env }) : await run(api.bun, [...common, "-p", ...s.prompts], { cwd: project, env });
    if (process.env.DEBUG) writeFileSync(join(tmpdir(), `omp-agent-${name}.log`), r.out);
    const files = readdirSync(sessions).filter((f) => f.endsWith(".jsonl"));
    if (files.length !== 1) throw new Error(`${name}: expected one session file, got ${files.length} (exit ${r.code}): ${r.out.slice(-1500)}`);
    const dir = join(OUT, `agent-${name}`);
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, "session.jsonl"), readFileSync(join(sessions, files[0]), "utf8"));
    cpSync(join(project, ".omp"), join(dir, "project", ".omp"), { recursive: true });
    writeFileSync(join(dir, "config.yml"), s.config);
    writeFileSync(join(dir, "settings.json"), `${JSON.stringify(s.settings)}\n`);
    writeFileSync(
      join(dir, "script.json"),
      `${JSON.stringify({ notes: s.notes, prompts: s.prompts, rpc: s.rpc, contextWindow: s.contextWindow, remoteSummary: s.remoteSummary, replies: s.replies, requests: fake.requests.length }, null, 2)}\n`,
    );
    log(`agent-${name}: ${fake.requests.length} model request(s), exit ${r.code}`);
  } finally {
    fake.server.close();
  }
}

const wanted = process.argv.slice(2);
mkdirSync(cacheRoot(), { recursive: true });
const api = await omp.install(VERSION, log);
const work = mkdtempSync(join(tmpdir(), "omp-agent-"));
try {
  for (const [name, s] of Object.entries(AGENT_SCENARIOS)) if (wanted.length === 0 || wanted.includes(name)) await scenario(name, s, api, work);
} finally {
  rmSync(work, { recursive: true, force: true });
}
