// `ttsr run`: rules + settings + sessions → the `ttsr run --json` document (docs/product.md §4, §5). Rule folders are read
// through the core's loadRules with a node:fs view; sessions through readSession; the replay is simulateTtsr.
import { fsReason } from "../../io/fs-reason.js";
import { readTextSync } from "../../io/text.js";
import { homedir } from "node:os";
import { isAbsolute, relative, resolve } from "node:path";
import { isSession } from "../../formats/index.js";
import { expandInputs } from "../../io/paths.js";
import { isStdin, STDIN_LABEL } from "../../io/read.js";
import { diag, isFidelityFinding, type Diagnostic } from "../../shared/diagnostics.js";
import type { Chunking } from "../../ttsr/chunking.js";
import { loadRules, type LoadedRules } from "../../ttsr/load.js";
import { nodeRuleFs } from "../../io/rule-fs.js";
import { readTtsrSettings } from "../../ttsr/settings.js";
import { resolveTtsrProfile, usesV18Keys } from "../../ttsr/simulate/profile.js";
import { recordedCwdOf, simulateTtsr } from "../../ttsr/simulate/simulate.js";
import type { TtsrRunDoc } from "../../ttsr/simulate/run-doc.js";
import type { SimulateOptions } from "../../ttsr/simulate/types.js";
import type { Rule, TtsrProfile, TtsrSettings } from "../../ttsr/types.js";
import { readSession } from "../read/read.js";
import { replayCwd } from "./session-cwd.js";
import { settingsBesideSession } from "./session-settings.js";
import { runWithRegexBudget } from "./guard.js";
import { agentFindings, readVerdictsFile } from "./verdicts.js";
import { sinceV18, TTSR_PROFILES } from "../../ttsr/profiles.js";
import { resolveAgent } from "../../ttsr/session-agent.js";

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
const shown = (p: string): string => {
  const rel = relative(process.cwd(), p);
  return rel !== "" && !rel.startsWith("..") && !isAbsolute(rel) ? rel : p;
};
const shownDir = (p: string): string => (resolve(p) === process.cwd() ? "." : shown(p));
const sameDiag = (d: Diagnostic): string => JSON.stringify([d.code, d.file, d.line ?? null, d.message]);

export async function ttsrRun(sessionPaths: readonly string[], o: TtsrRunOptions): Promise<TtsrRunDoc> {
  const diagnostics: Diagnostic[] = [];
  let settings: Partial<TtsrSettings> = {};
  if (o.settings !== undefined) {
    let text: string | undefined;
    try {
      text = readTextSync(o.settings);
    } catch (e) {
      diagnostics.push(diag("UNREADABLE_PATH", { file: o.settings }, { path: o.settings, reason: fsReason(e) }));
    }
    if (text !== undefined) {
      const read = readTtsrSettings(text, o.settings);
      settings = read.settings;
      diagnostics.push(...read.diagnostics);
    }
  }
  const home = o.home !== undefined ? resolve(o.home) : homedir();
  const ruleDirs = o.rules.map((d) => resolve(d));
  // Rules are parsed per TTSR profile (v17 and seed read some frontmatter differently); the profile is known per
  // session, so every set is ready unless one was named. Rule paths are absolute: the cwd is per session too.
  const profiles: TtsrProfile[] = o.ttsrProfile !== undefined ? [o.ttsrProfile] : [...TTSR_PROFILES];
  const loaded = new Map(profiles.map((p) => [p, loadRules(ruleDirs, { fs: nodeRuleFs, settings, ttsrProfile: p, cwd: process.cwd(), home })]));
  const sessions: TtsrRunDoc["sessions"] = [];
  const inputs = expandInputs(sessionPaths);
  for (const p of inputs.problems) diagnostics.push(diag("UNREADABLE_PATH", { file: p.input }, { path: p.input, reason: p.reason }));
  const sim: SessionTaskArgs["sim"] = { settings, chunking: o.chunking, home, resumedAt: o.resumedAt };
  if (o.verdicts !== undefined) {
    const v18 = loaded.get("v18") ?? loadRules(ruleDirs, { fs: nodeRuleFs, settings, ttsrProfile: "v18", cwd: process.cwd(), home });
    const read = readVerdictsFile(o.verdicts, v18.buckets.judged);
    diagnostics.push(...read.diagnostics);
    sim.verdicts = read.verdicts;
  }
  const rulesByProfile: SessionTaskArgs["rules"] = {};
  for (const [p, l] of loaded) rulesByProfile[p] = l.rules;
  const sessionDiagnostics: Diagnostic[] = [];
  for (const path of inputs.files) {
    const args: SessionTaskArgs = { path, rules: rulesByProfile, ruleDirs, sim };
    if (o.profile !== undefined) args.profile = o.profile;
    if (o.ttsrProfile !== undefined) args.ttsrProfile = o.ttsrProfile;
    if (o.cwd !== undefined) args.cwd = o.cwd;
    if (o.settings !== undefined) args.settingsFile = o.settings;
    if (o.agent !== undefined) args.agent = o.agent;
    if (o.verdicts !== undefined) args.verdictsFile = o.verdicts;
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
  /** --ttsr-profile, when named. */
  ttsrProfile?: TtsrProfile;
  /** The rules parsed for each profile that may be replayed. */
  rules: Partial<Record<TtsrProfile, Rule[]>>;
  ruleDirs: string[];
  /** --cwd, when given. */
  cwd?: string;
  /** --settings, when given (already read into sim.settings). */
  settingsFile?: string;
  /** --agent, when given. */
  agent?: string;
  /** --verdicts, when given (already read into sim.verdicts). */
  verdictsFile?: string;
  /** Plain data (it crosses to the regex-budget worker by structured clone, so nothing is re-parsed there). */
  sim: Omit<SimulateOptions, "chunking" | "ttsrProfile" | "cwd"> & { chunking: Chunking };
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
  const diagnostics = s.diagnostics.filter((d) => d.severity === "error" || isFidelityFinding(d));
  const profile = resolveTtsrProfile(s, args.ttsrProfile, usesV18Keys(args.rules.v18 ?? []));
  if (profile.contradicts)
    diagnostics.push(
      diag(
        "TTSR_PROFILE_CONTRADICTS_SESSION",
        { file: path },
        { named: profile.profile, profile: profile.contradicts.profile, evidence: profile.contradicts.evidence },
      ),
    );
  const cwd = replayCwd({ ...(args.cwd !== undefined && { named: args.cwd }), ruleDirs: args.ruleDirs, recordedCwd: recordedCwdOf(s) });
  const rules = (args.rules[profile.profile] ?? []).filter((r) => !excluded.has(r.name));
  const beside = args.settingsFile === undefined && !isStdin(args.path) ? settingsBesideSession(args.path) : undefined;
  if (beside) diagnostics.push(...beside.diagnostics.map((d) => ({ ...d, file: shown(d.file) })));
  const settings = beside ? { settings: beside.settings } : {};
  // v18 buckets rules for the session's agent (docs/ttsr.md §18.2); earlier profiles have no agent scoping.
  const agent = sinceV18(profile.profile) ? resolveAgent(s, args.agent) : undefined;
  if (agent?.contradicts !== undefined) diagnostics.push(...agentFindings(agent, path).slice(1));
  const sim = simulateTtsr(s, rules, {
    ...args.sim,
    ...settings,
    ttsrProfile: profile.profile,
    cwd: cwd.path,
    ...(agent && { agentName: agent.name }),
  });
  const used =
    args.settingsFile !== undefined
      ? { settings: args.settingsFile, settingsFrom: "option" as const }
      : beside?.file
        ? { settings: shown(beside.file), settingsFrom: beside.from }
        : { settingsFrom: "default" as const };
  return {
    session: {
      path,
      format: s.format,
      profile: s.profile,
      ttsrProfile: profile.profile,
      ttsrProfileFrom: profile.from,
      cwd: shownDir(cwd.path),
      cwdFrom: cwd.from,
      ...used,
      ...(agent && { agent: agent.name, agentFrom: agent.from }),
      ...(agent && args.verdictsFile !== undefined && { verdicts: shown(args.verdictsFile) }),
      turns: sim.turns,
    },
    diagnostics: [...diagnostics, ...sim.diagnostics],
  };
}
