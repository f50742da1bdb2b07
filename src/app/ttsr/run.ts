// `ttsr run`: rules + settings + sessions → the `ttsr run --json` document (docs/product.md §4, §5). Rule folders are read
// through the core's loadRules with a node:fs view; sessions through readSession; the replay is simulateTtsr.
import { isSession } from "../../formats/index.js";
import { expandInputs } from "../../io/paths.js";
import { isStdin, STDIN_LABEL } from "../../io/read.js";
import { diag, isFidelityFinding, type Diagnostic } from "../../shared/diagnostics.js";
import type { Chunking } from "../../ttsr/chunking.js";
import type { LoadedRules } from "../../ttsr/load.js";
import { simulateTtsr } from "../../ttsr/simulate/simulate.js";
import type { TtsrRunDoc } from "../../ttsr/simulate/run-doc.js";
import type { TtsrProfile } from "../../ttsr/types.js";
import { readSession } from "../read/read.js";
import { runWithRegexBudget } from "./guard.js";
import { loadTtsrRun, prepareTtsrReplay, ruleFindings, rulesFor, type TtsrRun } from "./prepare.js";
import { TTSR_PROFILES } from "../../ttsr/profiles.js";
import { shownDir, shownPath } from "../shown-path.js";

export interface TtsrRunOptions {
  rules: string[];
  settings?: string;
  /** Format profile (pi: pi|omp17); undefined = detect. */
  profile?: string;
  /** The TTSR profile; undefined = follow each session's evidence (omp17 → v17), else seed. */
  ttsrProfile?: TtsrProfile;
  chunking: Chunking;
  /** The replay cwd (docs/product.md §2); undefined = derived per session from where the rules live (session-cwd.ts). */
  cwd?: string;
  home?: string;
  resumedAt: string[];
  /** Per-regex time budget in ms (docs/product.md §8); 0 or absent runs in-process without a worker. */
  budgetMs?: number;
  /** v18: the agent a session ran as when it does not record it (docs/ttsr.md §18.2). */
  agent?: string;
  /** v18: the judged-rule verdicts file (docs/ttsr.md §18.6). */
  verdicts?: string;
}

export type { TtsrRunDoc } from "../../ttsr/simulate/run-doc.js";

// Paths in the output are shown relative to the process cwd when inside it, so runs are reproducible.
const shown = shownPath;
const sameDiag = (d: Diagnostic): string => JSON.stringify([d.code, d.file, d.line ?? null, d.message]);

export async function ttsrRun(sessionPaths: readonly string[], o: TtsrRunOptions): Promise<TtsrRunDoc> {
  const run = loadTtsrRun(o);
  const diagnostics: Diagnostic[] = [...run.diagnostics];
  // Every profile's rules are ready unless one was named: the profile is known per session only.
  const profiles: TtsrProfile[] = o.ttsrProfile !== undefined ? [o.ttsrProfile] : [...TTSR_PROFILES];
  for (const p of profiles) rulesFor(run, p);
  const sessions: TtsrRunDoc["sessions"] = [];
  const inputs = expandInputs(sessionPaths);
  for (const p of inputs.problems) diagnostics.push(diag("UNREADABLE_PATH", { file: p.input }, { path: p.input, reason: p.reason }));
  const sessionDiagnostics: Diagnostic[] = [];
  for (const path of inputs.files) {
    const args: SessionTaskArgs = { path, run };
    if (o.profile !== undefined) args.profile = o.profile;
    let out: SessionTaskResult | undefined;
    let excluded: string[] = [];
    // docs/product.md §8: each session runs in a worker under the per-regex time budget; a rule that exceeds it is
    // reported and the session re-run without it. Without a build (tests on sources) it runs in-process.
    if ((o.budgetMs ?? 0) > 0 && !isStdin(path)) {
      const g = await runWithRegexBudget<SessionTaskResult>(
        { module: "app/ttsr/run.js", export: "sessionTask", args },
        { budgetMs: o.budgetMs as number, file: path },
      );
      sessionDiagnostics.push(...g.diagnostics);
      excluded = g.excluded;
      if (g.ok) out = g.value;
    }
    out ??= await sessionTask(args, { excluded });
    sessionDiagnostics.push(...out.diagnostics);
    sessions.push(out.session);
  }
  // Rule findings of the profiles the sessions used (the named one, or seed when no session was read), once each.
  const used = new Set(sessions.flatMap((s) => (s.ttsrProfile ? [s.ttsrProfile] : [])));
  const shownProfiles = profiles.filter((p) => used.has(p));
  if (shownProfiles.length === 0) shownProfiles.push(profiles[0]);
  const seen = new Set<string>();
  const loaded = new Map(shownProfiles.map((p) => [p, ruleFindings(run, p)]));
  for (const p of shownProfiles)
    for (const d of (loaded.get(p) as LoadedRules).diagnostics) {
      const k = sameDiag(d);
      if (seen.has(k)) continue;
      seen.add(k);
      diagnostics.push({ ...d, file: shown(d.file) });
    }
  diagnostics.push(...sessionDiagnostics);
  const first = loaded.get(shownProfiles[0]) as LoadedRules;
  const skipped = new Map(first.skipped.map((s) => [s.path, s.reason]));
  const rules = first.buckets.all.map((b) => {
    const r: TtsrRunDoc["rules"][number] = {
      name: b.rule.name,
      path: shown(b.rule.path),
      registered: b.bucket === "ttsr" || b.bucket === "judged",
      bucket: b.bucket,
    };
    const reason = b.notRegistered ?? skipped.get(b.rule.path);
    if (reason !== undefined) r.reason = reason;
    return r;
  });
  const doc: TtsrRunDoc = { schemaVersion: 1, rules, diagnostics, sessions };
  return doc;
}

export interface SessionTaskArgs {
  path: string;
  profile?: string;
  /** The run's prepared inputs (rules per profile, settings, verdicts; prepare.ts). */
  run: TtsrRun;
}

export interface SessionTaskResult {
  session: TtsrRunDoc["sessions"][number];
  diagnostics: Diagnostic[];
}

/** One session's replay (also the regex-budget worker task): read, prepare, simulate without the excluded rules. */
export async function sessionTask(args: SessionTaskArgs, ctx: { excluded: readonly string[] }): Promise<SessionTaskResult> {
  const s = await readSession(args.path, args.profile !== undefined ? { profile: args.profile } : {});
  const path = isStdin(args.path) ? STDIN_LABEL : args.path;
  if (!isSession(s)) return { session: { path, format: null, turns: [] }, diagnostics: s.diagnostics };
  const diagnostics = s.diagnostics.filter((d) => d.severity === "error" || isFidelityFinding(d));
  const prep = prepareTtsrReplay(s, args.run, { excluded: ctx.excluded });
  diagnostics.push(...prep.diagnostics.map((d) => ({ ...d, file: d.file === s.file ? path : shown(d.file) })));
  const sim = simulateTtsr(s, prep.rules, prep.options);
  const { setup } = prep;
  return {
    session: {
      path,
      format: s.format,
      profile: s.profile,
      ttsrProfile: setup.ttsrProfile,
      ttsrProfileFrom: setup.ttsrProfileFrom,
      cwd: shownDir(setup.cwd),
      cwdFrom: setup.cwdFrom,
      ...(setup.settings !== undefined && {
        settings: setup.settingsFrom === "option" ? (args.run.named.settingsAsGiven ?? setup.settings) : shown(setup.settings),
      }),
      settingsFrom: setup.settingsFrom,
      ...(setup.agent !== undefined && { agent: setup.agent, agentFrom: setup.agentFrom }),
      ...(setup.verdicts !== undefined && { verdicts: shown(setup.verdicts) }),
      ...(setup.counterfactual && { counterfactual: true as const }),
      turns: sim.turns,
    },
    diagnostics: [...diagnostics, ...sim.diagnostics],
  };
}
