// `ttsr run`: rules + settings + sessions → the `ttsr run --json` document (design §4, §5). Rule folders are read
// through the core's loadRules with a node:fs view; sessions through readSession; the replay is simulateTtsr.
import { readFileSync } from "node:fs";
import { homedir } from "node:os";
import { isAbsolute, relative, resolve } from "node:path";
import { isSession } from "../formats/index.js";
import { expandInputs } from "../io/paths.js";
import { isStdin, STDIN_LABEL } from "../io/read.js";
import { diag, type Diagnostic } from "../shared/diagnostics.js";
import { formatChunking, parseChunking, type Chunking } from "../ttsr/chunking.js";
import { loadRules } from "../ttsr/load.js";
import { nodeRuleFs } from "../io/rule-fs.js";
import { readTtsrSettings } from "../ttsr/settings.js";
import { simulateTtsr } from "../ttsr/simulate/simulate.js";
import type { SimTurn, SimulateOptions } from "../ttsr/simulate/types.js";
import type { Rule, TtsrProfile, TtsrSettings } from "../ttsr/types.js";
import { readSession } from "./read.js";
import { runWithRegexBudget } from "./ttsr-guard.js";

export interface TtsrRunOptions {
  rules: string[];
  settings?: string;
  /** Format profile (pi: pi|omp17); undefined = detect. */
  profile?: string;
  ttsrProfile: TtsrProfile;
  chunking: Chunking;
  /** The replay cwd (design §2); defaults to the process cwd. */
  cwd?: string;
  home?: string;
  resumedAt: string[];
  /** Per-regex time budget in ms (design §8); 0 or absent runs in-process without a worker. */
  budgetMs?: number;
}

export interface TtsrRunDoc {
  schemaVersion: 1;
  rules: { name: string; path: string; registered: boolean; bucket: string; reason?: string }[];
  diagnostics: Diagnostic[];
  sessions: { path: string; format: string | null; profile?: string; turns: SimTurn[] }[];
}

export interface TtsrRunResult {
  doc: TtsrRunDoc;
  /** 0 agree, 1 recorded and replayed evidence disagree, 2 unreadable input (design §4). */
  exitCode: 0 | 1 | 2;
}


// Paths in the output are shown relative to the process cwd when inside it, so runs are reproducible.
const shown = (p: string): string => {
  const rel = relative(process.cwd(), p);
  return rel !== "" && !rel.startsWith("..") && !isAbsolute(rel) ? rel : p;
};
const UNREADABLE = new Set(["TTSR_RULES_DIR_UNREADABLE", "TTSR_RULE_FILE_UNREADABLE", "TTSR_SETTINGS_INVALID", "UNREADABLE_PATH", "EMPTY_FILE", "BINARY_FILE"]);

export async function ttsrRun(sessionPaths: readonly string[], o: TtsrRunOptions): Promise<TtsrRunResult> {
  const diagnostics: Diagnostic[] = [];
  let settings: Partial<TtsrSettings> = {};
  if (o.settings !== undefined) {
    let text: string | undefined;
    try {
      text = readFileSync(o.settings, "utf8");
    } catch (e) {
      diagnostics.push(diag("UNREADABLE_PATH", { file: o.settings }, { path: o.settings, reason: (e as NodeJS.ErrnoException).code ?? String(e) }));
    }
    if (text !== undefined) {
      const read = readTtsrSettings(text, o.settings);
      settings = read.settings;
      diagnostics.push(...read.diagnostics);
    }
  }
  const cwd = resolve(o.cwd ?? process.cwd());
  const home = o.home !== undefined ? resolve(o.home) : homedir();
  // Absolute rule paths: seed renders the absolute path the agent had, v17 the path relative to the replay cwd.
  const loaded = loadRules(o.rules.map((d) => resolve(d)), { fs: nodeRuleFs, settings, ttsrProfile: o.ttsrProfile, cwd, home });
  diagnostics.push(...loaded.diagnostics.map((d) => ({ ...d, file: shown(d.file) })));
  const skipped = new Map(loaded.skipped.map((s) => [s.path, s.reason]));
  const rules = loaded.buckets.all.map((b) => {
    const r: TtsrRunDoc["rules"][number] = { name: b.rule.name, path: shown(b.rule.path), registered: b.bucket === "ttsr", bucket: b.bucket };
    const reason = b.notRegistered ?? skipped.get(b.rule.path);
    if (reason !== undefined) r.reason = reason;
    return r;
  });
  const sessions: TtsrRunDoc["sessions"] = [];
  const inputs = expandInputs(sessionPaths);
  for (const p of inputs.problems) diagnostics.push(diag("UNREADABLE_PATH", { file: p.input }, { path: p.input, reason: p.reason }));
  const sim: SessionTaskArgs["sim"] = { settings, ttsrProfile: o.ttsrProfile, chunking: formatChunking(o.chunking), cwd, home, resumedAt: o.resumedAt };
  let budgetExceeded = false;
  for (const path of inputs.files) {
    const args: SessionTaskArgs = { path, rules: loaded.rules, sim };
    if (o.profile !== undefined) args.profile = o.profile;
    let out: SessionTaskResult | undefined;
    let excluded: string[] = [];
    // Design §8: each session runs in a worker under the per-regex time budget; a rule that exceeds it is
    // reported and the session re-run without it. Without a build (tests on sources) it runs in-process.
    if ((o.budgetMs ?? 0) > 0 && !isStdin(path)) {
      const g = await runWithRegexBudget<SessionTaskResult>({ module: "app/ttsr-run.js", export: "sessionTask", args }, { budgetMs: o.budgetMs as number, file: path });
      diagnostics.push(...g.diagnostics);
      excluded = g.excluded;
      budgetExceeded ||= g.excluded.length > 0;
      if (g.ok) out = g.value;
    }
    out ??= await sessionTask(args, { excluded });
    diagnostics.push(...out.diagnostics);
    sessions.push(out.session);
  }
  const doc: TtsrRunDoc = { schemaVersion: 1, rules, diagnostics, sessions };
  const unreadable = diagnostics.some((d) => UNREADABLE.has(d.code));
  const disagree = sessions.some((s) => s.turns.some((t) => t.agree === false));
  // A rule excluded by the regex budget makes the replay incomplete: a finding, like a disagreement.
  return { doc, exitCode: unreadable ? 2 : disagree || budgetExceeded ? 1 : 0 };
}

export interface SessionTaskArgs {
  path: string;
  profile?: string;
  rules: Rule[];
  sim: Omit<SimulateOptions, "chunking"> & { chunking: string };
}

export interface SessionTaskResult {
  session: TtsrRunDoc["sessions"][number];
  diagnostics: Diagnostic[];
}

/** One session's replay (also the regex-budget worker task): read, simulate without the excluded rules. */
export async function sessionTask(args: SessionTaskArgs, ctx: { excluded: readonly string[] }): Promise<SessionTaskResult> {
  const s = await readSession(args.path, args.profile !== undefined ? { profile: args.profile } : {});
  const path = isStdin(args.path) ? STDIN_LABEL : args.path;
  if (!isSession(s)) return { session: { path, format: null, turns: [] }, diagnostics: s.diagnostics };
  const excluded = new Set(ctx.excluded);
  const chunking = parseChunking(args.sim.chunking) ?? { kind: "whole" as const };
  const sim = simulateTtsr(s, args.rules.filter((r) => !excluded.has(r.name)), { ...args.sim, chunking });
  return {
    session: { path, format: s.format, profile: s.profile, turns: sim.turns },
    diagnostics: [...s.diagnostics.filter((d) => d.severity === "error"), ...sim.diagnostics],
  };
}
