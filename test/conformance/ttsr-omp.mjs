#!/usr/bin/env node
// TTSR conformance oracle (`npm run conformance:ttsr`, not part of `npm test`): runs oh-my-pi's own TtsrManager and
// TtsrCoordinator (the published @oh-my-pi/pi-coding-agent sources, under Bun) and sightline's TtsrManager and
// TtsrCoordinator (`sightline/ttsr`) over the same cases (generate-ttsr.mjs) and diffs what each decided: rules
// triggered, aborts and their reasons, injections (mode, rules, text), records persisted, folded tool results,
// and at the end the injected rule names and the message count.
//
//   npm run conformance:ttsr [-- --ttsr-profile P] [--runs N] [--seed S] [--show N]
//
// Driver rules both sides follow: after an interrupt the rest of that message is not streamed and it ends
// "aborted"; scheduled work (the interrupt task, delivering a queued follow-up) runs before the next turn_start or
// message_start and at the end of the case.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { cacheRoot, markComplete, npmInstall, releaseDir } from "./cache.mjs";
import { brief, firstDifference } from "./compare.mjs";
import { generatedTtsrCases, handCases, judgedTtsrCases } from "./generate-ttsr.mjs";

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = resolve(HERE, "../..");
const VERSION = "18.3.4";
const BUN = "1.4.5";
const PLATFORM = `${process.platform}-${process.arch}`;
// The registry has no 18.3.4 of these siblings: the newest 18.2.x of each. pi-natives has no 18.2.11 and its
// platform binary no 18.2.10, so the 18.2.10 loader is installed with the 18.2.11 binary (see nativesPatch).
const SIBLINGS = {
  "omp-stats": "18.2.11",
  omptype: "18.2.11",
  "pi-agent-core": "18.2.11",
  "pi-ai": "18.2.11",
  "pi-catalog": "18.2.11",
  "pi-mnemopi": "18.2.11",
  "pi-natives": "18.2.10",
  [`pi-natives-${PLATFORM}`]: "18.2.11",
  "pi-tui": "18.2.9",
  "pi-utils": "18.2.9",
  "pi-wire": "18.2.11",
  snapcompact: "18.2.11",
};

function parseArgs(argv) {
  const o = { profile: "v17", runs: 300, seed: 20261125, show: 5 };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const v = () => {
      if (i + 1 >= argv.length) throw new Error(`${a} needs a value`);
      return argv[++i];
    };
    if (a === "--ttsr-profile" || a === "--profile") o.profile = v();
    else if (a === "--runs") o.runs = Number(v());
    else if (a === "--seed") o.seed = Number(v());
    else if (a === "--show") o.show = Number(v());
    else throw new Error(`unknown argument ${a} (known: --ttsr-profile P, --runs N, --seed S, --show N)`);
  }
  return o;
}

/** Installs the release and a Bun binary into the cache (once); returns the folder. */
function install(log) {
  const { dir, done } = releaseDir(`omp-ttsr@${VERSION}`);
  if (done) return dir;
  log(`installing @oh-my-pi/pi-coding-agent@${VERSION} and Bun ${BUN} into ${dir}`);
  rmSync(dir, { recursive: true, force: true });
  const overrides = Object.fromEntries(Object.entries(SIBLINGS).map(([n, v]) => [`@oh-my-pi/${n}`, v]));
  npmInstall(dir, [`@oh-my-pi/pi-coding-agent@${VERSION}`, `@oven/bun-${PLATFORM}@${BUN}`], overrides);
  nativesPatch(dir);
  mkdirSync(join(dir, "home"), { recursive: true });
  markComplete(dir);
  return dir;
}

// The natives loader only accepts a binary carrying its own version's sentinel: the 18.2.10 loader is told it is
// 18.2.11, the version of the binary beside it. Nothing else in the package changes.
function nativesPatch(dir) {
  const pj = join(dir, "node_modules/@oh-my-pi/pi-natives/package.json");
  const bin = JSON.parse(readFileSync(join(dir, `node_modules/@oh-my-pi/pi-natives-${PLATFORM}/package.json`), "utf8")).version;
  const p = JSON.parse(readFileSync(pj, "utf8"));
  if (p.version !== bin) writeFileSync(pj, JSON.stringify({ ...p, version: bin }, null, 2));
}

/** Runs upstream's code over the cases under Bun; one result per case. */
function upstream(dir, casesFile) {
  const bun = join(dir, `node_modules/@oven/bun-${PLATFORM}/bin/bun`);
  if (!existsSync(bun)) throw new Error(`no Bun binary at ${bun} (delete ${dir} to reinstall)`);
  const src = join(dir, "node_modules/@oh-my-pi/pi-coding-agent/src");
  // --no-install: Bun must never fetch packages on its own; HOME keeps upstream's logs and caches in the cache folder.
  const r = spawnSync(bun, ["--no-install", join(HERE, "adapters/omp-ttsr-bun.mjs"), src, casesFile], {
    cwd: dir,
    env: { ...process.env, HOME: join(dir, "home") },
    encoding: "utf8",
    maxBuffer: 1 << 30,
  });
  if (r.status !== 0) throw new Error(`the Bun runner failed (${r.status}):\n${r.stderr || r.stdout}`);
  return JSON.parse(r.stdout);
}

const withHome = (p, home) => p.replaceAll("~HOME~", home);

/** Sightline's coordinator over one case, recorded in the Bun runner's vocabulary. */
async function sightline(lib, c, profile, home) {
  const log = [];
  let ev = 0;
  const rec = (k, o = {}) => log.push({ ev, k, ...o });
  const tasks = [];
  // v18 judged rules: the questions of one message end are a batch, answered at the stream's judge_answer (oldest
  // first, in the order asked), the rest at the end of the case (the Bun runner's stub judge does the same).
  const batches = [];
  let generation = 1;
  const take = (effects) => {
    for (const e of effects ?? []) {
      if (e.kind === "abort") rec("abort", { reason: e.reason });
      else if (e.kind === "judged" && e.request !== undefined) {
        rec("judge", { subject: e.subject, questions: e.rules.map((a) => a.rule.question) });
        if (batches.at(-1)?.ev !== ev) batches.push({ ev, questions: [] });
        batches.at(-1).questions.push({ request: e.request, rules: e.rules.map((a) => a.rule.name), generation });
      } else if (e.kind === "inject" && e.mode === "judged") rec("warning", { rules: e.rules, text: e.text });
      else if (e.kind === "ttsr_triggered") rec("triggered", { rules: e.rules.map((r) => r.name) });
      else if (e.kind === "inject" && e.mode !== "tool") rec("inject", { mode: e.mode, rules: e.rules, text: e.text });
      else if (e.kind === "replace_messages") rec("discard");
      else if (e.kind === "persist" && e.record.type === "ttsr_injection") rec("persist", { rules: e.record.injectedRules });
      else if (e.kind === "continue") rec("continue");
      else if (e.kind === "follow_up") tasks.push({ message: e.message });
      else if (e.kind === "schedule_interrupt") tasks.push({ token: e.token });
    }
  };
  const manager = new lib.TtsrManager({ ...c.settings }, { profile });
  for (const r of c.rules) manager.addRule({ ...r, path: withHome(r.path, home) });
  const coord = new lib.TtsrCoordinator({ manager, cwd: c.cwd, home, profile });
  const flush = async () => {
    while (tasks.length > 0) {
      const t = tasks.shift();
      if (t.message) take(await coord.customMessageEnd(t.message));
      else take(await coord.runInterruptTask(t.token));
    }
  };
  const answer = () => {
    for (const q of batches.shift()?.questions ?? [])
      take(
        coord.judgeAnswer(
          q.request,
          q.rules.filter((n) => c.judged?.[n] === true),
          { generationChanged: q.generation !== generation },
        ),
      );
  };
  // Judged cases keep the message's prose and calls: the outputs judged rules read.
  let content = [];
  const keep = (e) => {
    if (!c.judged) return;
    if (e.type === "toolcall_delta" || e.type === "toolcall_end") content[e.contentIndex] = { type: "toolCall", id: e.id, name: e.name, arguments: e.args };
    else {
      const key = e.type === "text_delta" ? "text" : "thinking";
      const b = content[e.contentIndex ?? 0] ?? { type: key, [key]: "" };
      b[key] += e.delta;
      content[e.contentIndex ?? 0] = b;
    }
  };
  let aborted = false;
  const update = async (u) => {
    const r = await coord.messageUpdate(u);
    take(r.effects);
    if (r.consumed) {
      rec("consumed");
      aborted = true;
    }
  };
  const block = (e) => ({ id: e.id, name: e.name, arguments: e.args });
  for (; ev < c.events.length; ev++) {
    const e = c.events[ev];
    if (e.type === "turn_start" || e.type === "message_start") await flush();
    if (aborted && ["text_delta", "thinking_delta", "toolcall_delta", "toolcall_end", "restart"].includes(e.type)) continue;
    if (["text_delta", "thinking_delta", "toolcall_delta", "toolcall_end"].includes(e.type)) keep(e);
    if (e.type === "turn_start") take(await coord.turnStart());
    else if (e.type === "judge_answer") answer();
    else if (e.type === "session_replaced") generation++;
    else if (e.type === "message_start") {
      aborted = false;
      content = [];
      // The v18 boundary (upstream onAssistantMessageStart); v17 has none.
      if (typeof coord.assistantMessageStart === "function") take(await coord.assistantMessageStart());
    } else if (e.type === "restart") await update({ type: "start" });
    else if (e.type === "text_delta" || e.type === "thinking_delta") await update({ type: e.type, delta: e.delta, contentIndex: e.contentIndex ?? 0 });
    else if (e.type === "toolcall_delta") await update({ type: e.type, delta: e.delta, contentIndex: e.contentIndex, toolCall: block(e) });
    else if (e.type === "toolcall_end") await update({ type: e.type, delta: "", contentIndex: e.contentIndex, toolCall: block(e) });
    else if (e.type === "message_end") take(await coord.assistantMessageEnd(aborted ? "aborted" : e.stopReason, c.judged ? content : undefined));
    else if (e.type === "tool_result") {
      const r = await coord.afterToolCall(e.id, [{ type: "text", text: e.text }]);
      take(r.effects);
      if (r.content) rec("tool_result", { id: e.id, text: r.content.map((x) => x.text).join("\n--\n") });
    } else if (e.type === "turn_end") take(await coord.turnEnd());
    else throw new Error(`unknown event ${e.type}`);
  }
  await flush();
  while (batches.length > 0) answer();
  await flush();
  return { log, final: { injected: manager.getInjectedRuleNames(), messageCount: manager.getMessageCount() } };
}

/** The log index a difference path points at (a length difference: the first record only one side has). */
function recordIndex(path, up, mine) {
  if (path === "$.log.length") return Math.min(up.log.length, mine.log.length);
  const m = /^\$\.log\[(\d+)\]/.exec(path);
  return m ? Number(m[1]) : undefined;
}

/** A name for a difference: which records differ, at which kind of event. */
function kindOf(c, up, mine, path) {
  const at = recordIndex(path, up, mine);
  if (at === undefined) return `final state (${path.replace(/^\$\.final\./, "")})`;
  let a = up.log[at];
  let b = mine.log[at];
  // Records at different events: the earlier one is what the other side did not do there.
  if (a && b && a.ev !== b.ev) {
    if (a.ev < b.ev) b = undefined;
    else a = undefined;
  }
  const ev = c.events[(a ?? b)?.ev]?.type ?? "end of case";
  const field = path.replace(/^\$\.log(\[\d+\]|\.length)\.?/, "") || "record";
  if (a?.k === b?.k) return `${a.k} ${field} differs at ${ev}`;
  return `upstream ${a?.k ?? "nothing"} / sightline ${b?.k ?? "nothing"} at ${ev}`;
}

/** The TTSR profiles the built sightline knows (its config schema's enum); a name it lacks would run as seed. */
function knownProfiles() {
  const schema = JSON.parse(readFileSync(join(ROOT, "dist/schema/json/config/sightline.config.json"), "utf8"));
  const find = (o) => (o && typeof o === "object" ? (o.ttsrProfile?.enum ?? Object.values(o).map(find).find(Boolean)) : undefined);
  return find(schema) ?? [];
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  const known = knownProfiles();
  if (!known.includes(opts.profile)) throw new Error(`sightline has no TTSR profile ${opts.profile} (known: ${known.join(", ")})`);
  const log = (s) => process.stderr.write(`conformance:ttsr: ${s}\n`);
  mkdirSync(cacheRoot(), { recursive: true });
  const lib = await import(join(ROOT, "dist/index.js"));
  const dir = install(log);
  const home = join(dir, "home");
  // Judged rules are v18's: their cases (a stub judge answering at set points of the stream) run with that profile.
  const judged = opts.profile === "v18" ? judgedTtsrCases(Math.ceil(opts.runs / 2), opts.seed) : [];
  const cases = [...handCases(), ...generatedTtsrCases(opts.runs, opts.seed), ...judged];
  const work = mkdtempSync(join(tmpdir(), "sightline-ttsr-"));
  let theirs;
  try {
    const file = join(work, "cases.json");
    writeFileSync(file, JSON.stringify(cases));
    theirs = upstream(dir, file);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  let events = 0;
  let decisions = 0;
  const failing = [];
  const kinds = new Map();
  for (const [i, c] of cases.entries()) {
    events += c.events.length;
    const up = theirs[i];
    if (up.error) throw new Error(`upstream failed on ${c.name}:\n${up.error}`);
    const mine = await sightline(lib, c, opts.profile, home);
    decisions += up.log.length;
    const d = firstDifference(up, mine);
    if (!d) continue;
    const kind = kindOf(c, up, mine, d.path);
    const f = { c, d, kind, up, mine };
    failing.push(f);
    const k = kinds.get(kind);
    // The smallest case of each kind is its example.
    if (!k) kinds.set(kind, { n: 1, example: f });
    else {
      k.n++;
      if (JSON.stringify(c).length < JSON.stringify(k.example.c).length) k.example = f;
    }
  }
  process.stdout.write(
    `oh-my-pi@${VERSION} TTSR vs profile ${opts.profile}: ${cases.length} cases (${handCases().length} hand-written, ${judged.length} judged), ${events} events, ${decisions} decisions compared, ${failing.length} cases differ\n`,
  );
  if (kinds.size > 0) {
    process.stdout.write("  difference kinds (first difference per case):\n");
    for (const [kind, k] of [...kinds].sort((a, b) => b[1].n - a[1].n)) process.stdout.write(`    ${k.n} × ${kind} (smallest: ${k.example.c.name})\n`);
  }
  const shown = [...new Map([...kinds.values()].map((k) => [k.example.c.name, k.example])).values()].slice(0, opts.show);
  for (const f of shown) {
    process.stdout.write(`  ${f.c.name}: ${f.kind}\n    at ${f.d.path}: upstream ${brief(f.d.upstream)}, sightline ${brief(f.d.sightline)}\n`);
    const i = recordIndex(f.d.path, f.up, f.mine);
    if (i !== undefined) {
      process.stdout.write(`    upstream record:  ${brief(f.up.log[i])}\n    sightline record: ${brief(f.mine.log[i])}\n`);
    }
    const text = JSON.stringify({ settings: f.c.settings, editMode: f.c.editMode, rules: f.c.rules, events: f.c.events });
    if (text.length < 4000) process.stdout.write(`    case: ${text}\n`);
  }
  if (kinds.size > shown.length) process.stdout.write(`  … the examples of ${kinds.size - shown.length} more kinds with --show N\n`);
  process.exitCode = failing.length > 0 ? 1 : 0;
}

main().catch((e) => {
  process.stderr.write(`conformance:ttsr: ${process.env.DEBUG ? (e?.stack ?? e) : (e?.message ?? e)}\n`);
  process.exitCode = 2;
});
