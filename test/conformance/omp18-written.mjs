#!/usr/bin/env node
// Writes fixtures/pi/omp18-written/<scenario>.jsonl: sessions written by the published oh-my-pi 18.3.4
// SessionManager (installed by the conformance harness, run under Bun), one per scenario below, named after it.
//   node test/conformance/omp18-written.mjs
// Each scenario is a program of SessionManager calls in the form write-omp.mjs generates
// (adapters/omp-bun-write.mjs runs it). Rerunning rewrites the files (the timestamps and ids change).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import omp from "./adapters/omp.mjs";
import { cacheRoot } from "./cache.mjs";

const VERSION = "18.3.4";
const OUT = resolve(dirname(fileURLToPath(import.meta.url)), "../../fixtures/pi/omp18-written");

const u = (s = "") => ({ o: "user", s });
const a = (extra = {}) => ({ o: "assistant", call: false, stop: "stop", empty: false, ...extra });
const call = () => a({ call: true, stop: "toolUse" });
const tr = { o: "toolResult" };
const compact = (extra) => ({
  o: "compact",
  pick: 1,
  method: undefined,
  tokensAfter: true,
  replayThrough: false,
  payload: "none",
  rollover: false,
  emptyKept: false,
  short: true,
  ...extra,
});
const turn = [u("q"), call(), tr, a()];

/** scenario name → program. */
const SCENARIOS = {
  "compaction-handoff": [...turn, ...turn, compact({ method: "handoff", pick: 4 }), u("next"), a()],
  "compaction-remote-openai-replay-through": [...turn, ...turn, compact({ method: "remote", payload: "openai", replayThrough: true, pick: 2 }), u("next"), a()],
  "compaction-anthropic-empty-kept-replay-through": [
    ...turn,
    ...turn,
    compact({ payload: "anthropic", emptyKept: true, replayThrough: true, pick: 3 }),
    u("next"),
    a(),
  ],
  "compaction-snapcompact-then-soft": [...turn, compact({ method: "snapcompact", pick: 2 }), ...turn, compact({ method: "soft", pick: 5 }), u("after"), a()],
  "compaction-shake-without-tokens-after": [...turn, compact({ method: "shake", tokensAfter: false, short: false, pick: 0 }), u("next"), a()],
  "context-rollover-keeps-last-request": [...turn, u("the request"), a(), compact({ rollover: true, method: "soft", pick: 5 }), a()],
  "context-notes-written-then-cleared": [u("q"), a(), { o: "notes", text: "remember the port is 8080" }, u("q2"), a(), { o: "notes", text: "" }, u("q3"), a()],
  "empty-error-turn-dropped": [u("q"), a({ stop: "error", empty: true }), u("again"), a({ stop: "error", empty: false }), u("once more"), a()],
  "custom-message-delivery-id": [
    u("q"),
    call(),
    tr,
    { o: "custom", type: "async-result", s: "job done", display: true, delivery: true, details: false, attribution: "agent" },
    { o: "custom", type: "ext", s: "", display: false, delivery: false, details: true, attribution: "user" },
    a(),
  ],
  "branch-with-summary-and-second-root": [
    ...turn,
    { o: "branch", pick: 2, summary: true },
    u("other way"),
    a(),
    { o: "branch", pick: 4, summary: true },
    u("from scratch"),
    a(),
  ],
  "model-usage-roles-thinking": [
    { o: "model", role: "default" },
    { o: "thinking", level: "high", configured: "auto" },
    u("q"),
    { o: "usage" },
    a({ model: "m2" }),
    { o: "model", role: "smol" },
    { o: "model", role: "fallback" },
    { o: "thinking", level: undefined, configured: undefined },
    u("q2"),
    a(),
  ],
  "title-ttsr-mode-reset-label-pin": [
    u("q"),
    a(),
    { o: "title", source: "user" },
    { o: "ttsr", rule: "r1" },
    { o: "mode", mode: "plan" },
    { o: "label", pick: 0 },
    { o: "pin" },
    { o: "reset" },
    u("after clear"),
    a(),
    { o: "mode", mode: "none" },
  ],
};

const log = (s) => process.stderr.write(`omp18-written: ${s}\n`);
mkdirSync(cacheRoot(), { recursive: true });
const api = await omp.install(VERSION, log);
const work = mkdtempSync(join(tmpdir(), "omp18-written-"));
try {
  const names = Object.keys(SCENARIOS);
  const results = api.run(
    "write",
    names.map((n) => ({ dir: mkdtempSync(join(work, "s-")), ops: SCENARIOS[n] })),
  );
  mkdirSync(OUT, { recursive: true });
  names.forEach((n, i) => {
    const r = results[i];
    if (typeof r.text !== "string") throw new Error(`${n}: the release wrote no file (${r.error ?? "no assistant message"})`);
    writeFileSync(join(OUT, `${n}.jsonl`), r.text);
    log(`${n}.jsonl`);
  });
} finally {
  rmSync(work, { recursive: true, force: true });
}
