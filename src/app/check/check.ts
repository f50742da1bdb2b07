// `sightline check`: CI regression over the suites of sightline.config.json. Each session of a suite is
// replayed (turn contexts; TTSR when the suite has rules) and compared with the suite's expectations file
// and its goldens (one reviewable text file per turn). --update rewrites expectations, goldens and the
// baseline of expected recorded-vs-replayed disagreements.
import { dirname, isAbsolute, join, resolve, sep } from "node:path";
import { globSync } from "tinyglobby";
import { renderContextText } from "../../context/render-text.js";
import { turnViews } from "../../context/turns.js";
import { isSession, moduleOf } from "../../formats/index.js";
import type { Msg } from "../../formats/types.js";
import type { CheckSessionOutcome } from "../../report/check-report.js";
import { compareSession, type ActualTurn, type BaselineEntry, type Expectations, type Regression } from "../../audit/expectations.js";
import { diag, type Diagnostic } from "../../shared/diagnostics.js";
import type { SimTurn } from "../../ttsr/simulate/types.js";
import { explainDisagreement } from "../../report/ttsr-run.js";
import { readSession } from "../read/read.js";
import { loadTtsrSetup, ttsrHookFor, type TtsrHook } from "../audit/ttsr.js";
import { readBaseline, readConfig, readExpectations, writeSuiteFiles, type SuiteConfig } from "./files.js";
import { shardFiles, type Shard } from "../report-folder/shard.js";

export interface CheckOptions {
  config: string;
  update?: boolean;
  shard?: Shard;
}

export interface SuiteOutcome {
  name: string;
  sessions: CheckSessionOutcome[];
  updated: string[];
}

export interface CheckRun {
  suites: SuiteOutcome[];
  regressions: Regression[];
  /** Problems with the config, rules, expectations or baseline (exit 2 when any is an error). */
  diagnostics: Diagnostic[];
  /** Findings in the sessions themselves (shown; `validate` and `audit` judge them, not check). */
  sessionDiagnostics: Diagnostic[];
}

const posix = (p: string) => p.split(sep).join("/");
const list = (v: string | string[] | undefined): string[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

async function actualTurns(path: string, suite: SuiteConfig, hook: TtsrHook | undefined): Promise<{ turns: ActualTurn[]; diagnostics: Diagnostic[] }> {
  const s = await readSession(path, { profile: suite.profile });
  if (!isSession(s)) return { turns: [], diagnostics: s.diagnostics };
  const module = moduleOf(s);
  const views = turnViews(s, { scope: "all" });
  const ttsr = hook ? await hook(s, module) : undefined;
  const byResponse = new Map((ttsr?.turns ?? []).map((t) => [t.responseId, t]));
  const turns = views.turns.map((t) => {
    const ms = t.messages as Msg[];
    const a: ActualTurn = { index: t.index, responseId: t.responseId, text: renderContextText(t.systemPrompt, ms), messages: ms.length };
    const line = s.lineOf.get(t.responseId);
    if (line !== undefined) a.line = line;
    const ev = byResponse.get(t.responseId);
    if (ev) a.ttsr = ev;
    return a;
  });
  return { turns, diagnostics: [...s.diagnostics.filter((d) => d.severity !== "info"), ...(ttsr?.diagnostics ?? [])] };
}

/** A disagreement as `ttsr run` explains it, from the session at check time (first differing character included). */
const explainTurn = (t: ActualTurn): string | undefined =>
  t.ttsr
    ? explainDisagreement({ ...t.ttsr, stopReason: null } as SimTurn, t.index)
        .slice(1)
        .join("\n")
    : undefined;

export async function runCheck(opts: CheckOptions): Promise<CheckRun> {
  const run: CheckRun = { suites: [], regressions: [], diagnostics: [], sessionDiagnostics: [] };
  const cfg = readConfig(opts.config);
  run.diagnostics.push(...cfg.diagnostics);
  if (!cfg.config) return run;
  // Paths stay as relative as the config path given, so messages read like the command line.
  const base = dirname(opts.config);
  const abs = (p: string) => (isAbsolute(p) ? p : join(base, p));
  // The shard universe: every (suite, session) pair, matched or only expected, by sorted key.
  const plans = cfg.config.suites.map((suite) => {
    const matched = list(suite.sessions)
      .flatMap((g) => globSync(g, { cwd: resolve(base), onlyFiles: true, dot: true, ignore: ["**/node_modules/**", "**/.git/**"] }))
      .map(posix);
    const exp = readExpectations(abs(suite.expectations), suite.name);
    const baseline = suite.baseline ? readBaseline(abs(suite.baseline)) : { entries: [] as BaselineEntry[], diagnostics: [] };
    run.diagnostics.push(...baseline.diagnostics);
    // --update records what is missing and rewrites what an earlier sightline wrote.
    if (!opts.update || !(exp.outdated || exp.diagnostics.every((d) => d.code === "APP_EXPECTATIONS_MISSING"))) run.diagnostics.push(...exp.diagnostics);
    if (matched.length === 0) run.diagnostics.push(diag("APP_SUITE_NO_SESSIONS", { file: opts.config }, { suite: suite.name, patterns: list(suite.sessions) }));
    const keys = [...new Set([...matched, ...Object.keys(exp.expectations?.sessions ?? {})])];
    return { suite, matched: new Set(matched), exp, baseline, keys };
  });
  const universe = plans.flatMap((p) => p.keys.map((k) => `${p.suite.name}\u0000${k}`));
  const mine = new Set(shardFiles(universe, opts.shard));

  for (const p of plans) {
    const { suite } = p;
    const outcome: SuiteOutcome = { name: suite.name, sessions: [], updated: [] };
    run.suites.push(outcome);
    const keys = p.keys.filter((k) => mine.has(`${suite.name}\u0000${k}`)).sort();
    if (keys.length === 0) continue;
    // Paths of the config are relative to its folder, as command-line paths are to the current one; the replay
    // setup (profile, cwd, settings, agent) is then derived per session exactly as `ttsr run` derives it.
    const to = {
      base: resolve(base),
      rules: list(suite.rules),
      ...(suite.settings !== undefined && { settings: suite.settings }),
      ...(suite.ttsrProfile !== undefined && { ttsrProfile: suite.ttsrProfile }),
      ...(suite.chunking !== undefined && { chunking: suite.chunking }),
      ...(suite.cwd !== undefined && { cwd: suite.cwd }),
      ...(suite.home !== undefined && { home: suite.home }),
    };
    const setup = to.rules.length ? loadTtsrSetup(to) : undefined;
    // An unreadable rule folder or settings file is a broken suite (exit 2), not a regression.
    run.diagnostics.push(...(setup?.diagnostics.filter((d) => d.severity === "error") ?? []));
    const hook = ttsrHookFor(to, setup);
    const current = new Map<string, ActualTurn[]>();
    for (const key of keys) {
      const expected = p.exp.expectations?.sessions[key];
      if (!p.matched.has(key)) {
        run.regressions.push({
          suite: suite.name,
          session: key,
          kind: "session-removed",
          message: `expected session is no longer matched by ${list(suite.sessions).join(", ")}`,
        });
        continue;
      }
      const started = performance.now();
      const got = await actualTurns(join(base, key), suite, hook);
      run.sessionDiagnostics.push(...got.diagnostics);
      current.set(key, got.turns);
      const regs = compareSession(suite.name, key, expected, got.turns, p.baseline.entries, explainTurn);
      outcome.sessions.push({ path: key, turns: got.turns.length, regressions: regs.length, ms: Math.round(performance.now() - started) });
      run.regressions.push(...regs);
    }
    if (opts.update) {
      const next: Expectations = { schemaVersion: 2, suite: suite.name, sessions: { ...(p.exp.expectations?.sessions ?? {}) } };
      for (const k of keys) if (!current.has(k)) delete next.sessions[k];
      outcome.updated = await writeSuiteFiles(abs(suite.expectations), suite.baseline ? abs(suite.baseline) : undefined, next, current, p.baseline.entries);
    }
  }
  // --update accepted every difference of the sessions it checked: the expectations (and baselines) now hold them.
  if (opts.update) run.regressions = [];
  return run;
}
