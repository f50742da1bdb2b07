// The one TTSR replay preparation (docs/product.md §2) behind `ttsr run`, `check`, `audit --rules` and the library:
// per run, the rule folders, settings file and verdicts file are read once; per session, the TTSR profile, the replay
// cwd, the settings (named, else beside the session, else defaults) and the v18 agent are chosen and reported the
// same way, so one session and one rule set give one answer in every command.
import { homedir } from "node:os";
import { resolve } from "node:path";
import { moduleOf } from "../../formats/index.js";
import type { SessionBase } from "../../formats/types.js";
import { nodeRuleFs } from "../../io/rule-fs.js";
import { isStdin, STDIN_LABEL } from "../../io/read.js";
import { readTextSync } from "../../io/text.js";
import { diag, type Diagnostic } from "../../shared/diagnostics.js";
import { parseChunking, type Chunking } from "../../ttsr/chunking.js";
import { loadRules, type LoadedRules } from "../../ttsr/load.js";
import { sinceV18, V18_KEY_CODES } from "../../ttsr/profiles.js";
import { resolveAgent, type AgentSource } from "../../ttsr/session-agent.js";
import { readTtsrSettings } from "../../ttsr/settings.js";
import { resolveTtsrProfile, usesV18Keys, type ResolvedTtsrProfile } from "../../ttsr/simulate/profile.js";
import { recordedCwdOf } from "../../ttsr/simulate/simulate.js";
import type { SimulateOptions } from "../../ttsr/simulate/types.js";
import type { Rule, TtsrProfile, TtsrSettings } from "../../ttsr/types.js";
import type { Verdicts } from "../../ttsr/verdicts.js";
import { replayCwd, type CwdSource } from "./session-cwd.js";
import { settingsBesideSession, type SettingsSource } from "./session-settings.js";
import { agentFindings, readVerdictsFile } from "./verdicts.js";

/** What a caller may name; everything left out is derived per session. */
export interface TtsrReplayOptions {
  /** Rule folders (or *.md files), highest priority first. */
  rules: readonly string[];
  settings?: string;
  ttsrProfile?: TtsrProfile;
  chunking?: Chunking | string;
  cwd?: string;
  home?: string;
  /** v18: the agent a session ran as when it does not record it (docs/ttsr.md §18.2). */
  agent?: string;
  /** v18: the judged-rule verdicts file (docs/ttsr.md §18.6). */
  verdicts?: string;
  resumedAt?: readonly string[];
  /** Where the relative paths above were given from, and the last-resort replay cwd: the current folder on the
   * command line, the config's folder in `check`. */
  base?: string;
}

/** The run-level part, read once (plain data: it crosses to a worker by structured clone). */
export interface TtsrRun {
  named: { ttsrProfile?: TtsrProfile; cwd?: string; agent?: string; settings?: string; settingsAsGiven?: string; verdicts?: string };
  base: string;
  ruleDirs: string[];
  home: string;
  settings: Partial<TtsrSettings>;
  chunking: Chunking;
  resumedAt: string[];
  verdicts?: Verdicts;
  /** The rules parsed per TTSR profile, filled as sessions need them. */
  rules: Partial<Record<TtsrProfile, Rule[]>>;
  /** Findings about the settings and verdicts files (the rule folders' findings: ruleFindings). */
  diagnostics: Diagnostic[];
}

/** How one session's replay was set up, and why (the `ttsr run` header, the TTSR_REPLAY_SETUP finding). */
export interface ReplaySetup {
  ttsrProfile: TtsrProfile;
  ttsrProfileFrom: ResolvedTtsrProfile["from"];
  /** Absolute. */
  cwd: string;
  cwdFrom: CwdSource;
  /** The settings file replayed (absolute; absent: the defaults). */
  settings?: string;
  settingsFrom: SettingsSource;
  /** v18 only. */
  agent?: string;
  agentFrom?: AgentSource;
  /** v18 only, when a verdicts file was given (absolute). */
  verdicts?: string;
  /** The session's agent has no TTSR (FormatModule.ttsrRecorded false): the replay is counterfactual. */
  counterfactual?: true;
}

export interface PreparedTtsrReplay {
  /** The rules to replay (the session's profile's parse). */
  rules: Rule[];
  /** simulateTtsr's options: simulateTtsr(session, prepared.rules, prepared.options). */
  options: SimulateOptions;
  setup: ReplaySetup;
  /** Findings about this session's setup: a contradicted --ttsr-profile or --agent, a settings.json beside it. */
  diagnostics: Diagnostic[];
}

const loadFor = (run: TtsrRun, profile: TtsrProfile): LoadedRules =>
  loadRules(run.ruleDirs, { fs: nodeRuleFs, settings: run.settings, ttsrProfile: profile, cwd: run.base, home: run.home });

/** Reads the settings and verdicts files of a run. A bad --verdicts file is refused before this (verdictsProblem). */
export function loadTtsrRun(o: TtsrReplayOptions): TtsrRun {
  const base = resolve(o.base ?? process.cwd());
  const diagnostics: Diagnostic[] = [];
  let settings: Partial<TtsrSettings> = {};
  const settingsFile = o.settings !== undefined ? resolve(base, o.settings) : undefined;
  if (settingsFile !== undefined) {
    let text: string | undefined;
    try {
      text = readTextSync(settingsFile);
    } catch (e) {
      diagnostics.push(
        diag("UNREADABLE_PATH", { file: o.settings as string }, { path: o.settings as string, reason: (e as NodeJS.ErrnoException).code ?? String(e) }),
      );
    }
    if (text !== undefined) {
      const read = readTtsrSettings(text, o.settings as string);
      settings = read.settings;
      diagnostics.push(...read.diagnostics);
    }
  }
  const chunking = typeof o.chunking === "string" ? (parseChunking(o.chunking) ?? { kind: "whole" as const }) : (o.chunking ?? { kind: "whole" as const });
  const run: TtsrRun = {
    named: {
      ...(o.ttsrProfile !== undefined && { ttsrProfile: o.ttsrProfile }),
      ...(o.cwd !== undefined && { cwd: resolve(base, o.cwd) }),
      ...(o.agent !== undefined && { agent: o.agent }),
      ...(settingsFile !== undefined && { settings: settingsFile, settingsAsGiven: o.settings }),
      ...(o.verdicts !== undefined && { verdicts: resolve(base, o.verdicts) }),
    },
    base,
    ruleDirs: o.rules.map((d) => resolve(base, d)),
    home: o.home !== undefined ? resolve(base, o.home) : homedir(),
    settings,
    chunking,
    resumedAt: [...(o.resumedAt ?? [])],
    rules: {},
    diagnostics,
  };
  if (run.named.verdicts !== undefined) {
    // Unknown names are checked against the rules v18 reads as judged, whatever profile was named.
    const read = readVerdictsFile(run.named.verdicts, loadFor(run, "v18").buckets.judged);
    run.verdicts = read.verdicts;
    diagnostics.push(...read.diagnostics.map((d) => ({ ...d, file: o.verdicts as string })));
  }
  return run;
}

/** The rules of one TTSR profile (parsed once per run). */
export function rulesFor(run: TtsrRun, profile: TtsrProfile): Rule[] {
  run.rules[profile] ??= loadFor(run, profile).rules;
  return run.rules[profile];
}

/** The rule folders' findings as the given profile reads them; unnamed, rule files using keys only v18 reads get
 * v18's findings, not "seed ignores it" (docs/ttsr.md §18.8). */
export function ruleFindings(run: TtsrRun, profile: TtsrProfile = run.named.ttsrProfile ?? "seed"): LoadedRules {
  const loaded = loadFor(run, profile);
  if (run.named.ttsrProfile === undefined && profile !== "v18" && loaded.diagnostics.some((d) => V18_KEY_CODES.has(d.code))) {
    return { ...loaded, diagnostics: loadFor(run, "v18").diagnostics };
  }
  return loaded;
}

/** One session's replay: its rules, simulateTtsr's options and how they were chosen. */
export function prepareTtsrReplay(
  session: SessionBase,
  runOrOptions: TtsrRun | TtsrReplayOptions,
  o: { excluded?: readonly string[] } = {},
): PreparedTtsrReplay {
  const run = "ruleDirs" in runOrOptions ? runOrOptions : loadTtsrRun(runOrOptions);
  const file = session.file;
  const diagnostics: Diagnostic[] = [];
  const named = run.named.ttsrProfile;
  const profile = resolveTtsrProfile(session, named, named === undefined && usesV18Keys(rulesFor(run, "v18")));
  if (profile.contradicts)
    diagnostics.push(
      diag(
        "TTSR_PROFILE_CONTRADICTS_SESSION",
        { file },
        { named: profile.profile, profile: profile.contradicts.profile, evidence: profile.contradicts.evidence },
      ),
    );
  const cwd = replayCwd({
    ...(run.named.cwd !== undefined && { named: run.named.cwd }),
    ruleDirs: run.ruleDirs,
    recordedCwd: recordedCwdOf(session),
    processCwd: run.base,
  });
  // Without --settings, the recording's own settings.json (beside the session) when there is one.
  const beside = run.named.settings === undefined && file !== STDIN_LABEL && !isStdin(file) ? settingsBesideSession(file) : undefined;
  if (beside) diagnostics.push(...beside.diagnostics);
  const excluded = new Set(o.excluded ?? []);
  const rules = rulesFor(run, profile.profile).filter((r) => !excluded.has(r.name));
  const setup: ReplaySetup = {
    ttsrProfile: profile.profile,
    ttsrProfileFrom: profile.from,
    cwd: cwd.path,
    cwdFrom: cwd.from,
    ...(run.named.settings !== undefined
      ? { settings: run.named.settings, settingsFrom: "option" as const }
      : beside?.file !== undefined
        ? { settings: beside.file, settingsFrom: beside.from }
        : { settingsFrom: "default" as const }),
  };
  // An agent without TTSR (Claude Code, Codex): every verdict is counterfactual, said once per session (ttsr run, audit, check).
  if (moduleOf(session).ttsrRecorded === false) {
    setup.counterfactual = true;
    diagnostics.push(diag("TTSR_COUNTERFACTUAL", { file }, { format: session.format }));
  }
  // v18 buckets rules for the session's agent (docs/ttsr.md §18.2); earlier profiles have no agent scoping.
  if (sinceV18(profile.profile)) {
    const agent = resolveAgent(session, run.named.agent);
    setup.agent = agent.name;
    setup.agentFrom = agent.from;
    if (agent.contradicts !== undefined) diagnostics.push(...agentFindings(agent, file).slice(1));
    if (run.named.verdicts !== undefined) setup.verdicts = run.named.verdicts;
  }
  const options: SimulateOptions = {
    settings: beside?.settings ?? run.settings,
    ttsrProfile: profile.profile,
    chunking: run.chunking,
    cwd: cwd.path,
    home: run.home,
    ...(run.resumedAt.length > 0 && { resumedAt: run.resumedAt }),
    ...(setup.agent !== undefined && { agentName: setup.agent }),
    ...(run.verdicts !== undefined && { verdicts: run.verdicts }),
  };
  return { rules, options, setup, diagnostics };
}

export const PROFILE_FROM: Record<ReplaySetup["ttsrProfileFrom"], string> = {
  option: "option `ttsrProfile`",
  session: "from the session",
  rules: "the session fits v17 and v18; its rules use keys only v18 reads",
  default: "default: the session shows no TTSR profile",
};
export const CWD_FROM: Record<CwdSource, string> = {
  option: "option `cwd`",
  recorded: "the session's recorded cwd",
  rules: "the folder holding the rules' .omp/",
  "recorded-name": "the rules' folder named like the session's recorded cwd",
  process: "the current folder",
};

/** The setup as findings, for outputs without a per-session header (audit, check): what was derived and why. */
export function setupFindings(file: string, s: ReplaySetup, shown: (p: string) => string = (p) => p): Diagnostic[] {
  const out = [
    diag(
      "TTSR_REPLAY_SETUP",
      { file },
      {
        profile: s.ttsrProfile,
        profileFrom: PROFILE_FROM[s.ttsrProfileFrom],
        cwd: shown(s.cwd),
        cwdFrom: CWD_FROM[s.cwdFrom],
        settings: s.settings === undefined ? "defaults" : `${shown(s.settings)}${s.settingsFrom === "session-folder" ? " (beside the session)" : ""}`,
      },
    ),
  ];
  if (s.agent !== undefined) out.push(diag("TTSR_REPLAY_AGENT", { file }, { agent: s.agent, from: s.agentFrom ?? "default" }));
  return out;
}
