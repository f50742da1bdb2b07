// TTSR evidence for audit and check (--rules): the rule folders loaded once per process (main thread for
// run-level findings, each worker for its sessions), then simulateTtsr per session — recorded vs replayed
// per assistant turn, docs/product.md §5 `ttsr run`.
import { homedir } from "node:os";
import { resolve } from "node:path";
import type { FormatModule, SessionBase } from "../../formats/types.js";
import type { TtsrTurnEvidence } from "../../audit/model.js";
import type { Diagnostic } from "../../shared/diagnostics.js";
import { parseChunking } from "../../ttsr/chunking.js";
import { loadRules } from "../../ttsr/load.js";
import { nodeRuleFs } from "../../io/rule-fs.js";
import { readTtsrSettings } from "../../ttsr/settings.js";
import { diag } from "../../shared/diagnostics.js";
import { resolveTtsrProfile, usesV18Keys } from "../../ttsr/simulate/profile.js";
import { V18_KEY_CODES } from "../../ttsr/profiles.js";
import { recordedCwdOf, simulateTtsr } from "../../ttsr/simulate/simulate.js";
import type { Rule, TtsrProfile, TtsrSettings } from "../../ttsr/types.js";
import { STDIN_LABEL } from "../../io/read.js";
import { sinceV18 } from "../../ttsr/profiles.js";
import { resolveAgent } from "../../ttsr/session-agent.js";
import type { Verdicts } from "../../ttsr/verdicts.js";
import { agentFindings, readVerdictsFile } from "../ttsr/verdicts.js";
import { replayCwd } from "../ttsr/session-cwd.js";
import { settingsBesideSession } from "../ttsr/session-settings.js";

export interface TtsrOptions {
  rules?: string[];
  settings?: string;
  /** Undefined: each session's own (v17 for omp17 sessions), else seed. */
  ttsrProfile?: "seed" | "v17" | "v18";
  chunking?: string;
  /** The replay cwd: rule paths are displayed relative to it in injected text (docs/product.md §2). Undefined: derived per
   * session from where the rules live (session-cwd.ts). */
  cwd?: string;
  home?: string;
  /** v18: the agent a session ran as when the session does not record it (docs/ttsr.md §18.2). */
  agent?: string;
  /** v18: the judged-rule verdicts file (docs/ttsr.md §18.6). */
  verdicts?: string;
}

const PROFILE_FROM = {
  option: "--ttsr-profile",
  session: "from the session",
  rules: "the session fits v17 and v18; its rules use keys only v18 reads",
  default: "no evidence in the session",
} as const;
const CWD_FROM = {
  option: "--cwd",
  recorded: "the session's recorded cwd",
  rules: "the folder holding the rules' .omp/",
  "recorded-name": "the rules' folder named like the recorded cwd",
  process: "the current folder",
} as const;

export type TtsrHook = (session: SessionBase, module: FormatModule) => Promise<{ turns: TtsrTurnEvidence[]; diagnostics: Diagnostic[] }>;

export interface TtsrSetup {
  /** The rules parsed with the named profile (seed when none was named). */
  rules: Rule[];
  settings: Partial<TtsrSettings>;
  /** The judged-rule answers of --verdicts (empty without it or when the file is unusable). */
  verdicts?: Verdicts;
  /** Findings about the rule folders and the settings file (run-level). */
  diagnostics: Diagnostic[];
}

export function loadTtsrSetup(o: TtsrOptions): TtsrSetup {
  const diagnostics: Diagnostic[] = [];
  let settings: Partial<TtsrSettings> = {};
  if (o.settings !== undefined) {
    const text = nodeRuleFs.read(o.settings);
    const r = readTtsrSettings(text ?? "", o.settings);
    settings = r.settings;
    diagnostics.push(...r.diagnostics);
  }
  // Absolute rule paths: injected text shows them relative to the replay cwd, which needs both absolute.
  const dirs = (o.rules ?? []).map((d) => resolve(d));
  const loadOptions = { fs: nodeRuleFs, settings, cwd: resolve(o.cwd ?? "."), home: o.home ?? homedir() };
  const loaded = loadRules(dirs, { ...loadOptions, ttsrProfile: o.ttsrProfile ?? "seed" });
  // Unnamed, rule files using keys only v18 reads get v18's findings, not "seed ignores it" (docs/ttsr.md §18.8).
  const v18Keys = o.ttsrProfile === undefined && loaded.diagnostics.some((d) => V18_KEY_CODES.has(d.code));
  diagnostics.push(...(v18Keys ? loadRules(dirs, { ...loadOptions, ttsrProfile: "v18" }).diagnostics : loaded.diagnostics));
  const setup: TtsrSetup = { rules: loaded.rules, settings, diagnostics };
  if (o.verdicts !== undefined) {
    // Unknown names are checked against the rules v18 reads as judged, whatever profile was named.
    const v18 = o.ttsrProfile === "v18" ? loaded : loadRules(dirs, { ...loadOptions, ttsrProfile: "v18" });
    const read = readVerdictsFile(o.verdicts, v18.buckets.judged);
    setup.verdicts = read.verdicts;
    diagnostics.push(...read.diagnostics);
  }
  return setup;
}

/** The TTSR replay for the given options, or undefined when no rule folder was given. Profile and cwd follow each
 * session unless named (docs/product.md §2), as in `ttsr run`. */
export function ttsrHookFor(o: TtsrOptions, setup?: TtsrSetup): TtsrHook | undefined {
  if (!o.rules?.length) return undefined;
  setup ??= loadTtsrSetup(o);
  const { settings, verdicts } = setup;
  const ruleDirs = o.rules.map((d) => resolve(d));
  const home = o.home ?? homedir();
  const byProfile = new Map<TtsrProfile, Rule[]>([[o.ttsrProfile ?? "seed", setup.rules]]);
  const rulesFor = (p: TtsrProfile): Rule[] => {
    let rules = byProfile.get(p);
    if (!rules) {
      rules = loadRules(ruleDirs, { fs: nodeRuleFs, settings, ttsrProfile: p, cwd: resolve("."), home }).rules;
      byProfile.set(p, rules);
    }
    return rules;
  };
  const chunking = parseChunking(o.chunking ?? "whole") ?? { kind: "whole" as const };
  return async (session) => {
    const profile = resolveTtsrProfile(session, o.ttsrProfile, o.ttsrProfile === undefined && usesV18Keys(rulesFor("v18")));
    const cwd = replayCwd({ ...(o.cwd !== undefined && { named: o.cwd }), ruleDirs, recordedCwd: recordedCwdOf(session) });
    // Without --settings, the recording's own settings.json (beside the session) when there is one.
    const beside = o.settings === undefined && session.file !== STDIN_LABEL ? settingsBesideSession(session.file) : undefined;
    const agent = resolveAgent(session, o.agent);
    const r = simulateTtsr(session, rulesFor(profile.profile), {
      settings: beside?.settings ?? settings,
      ttsrProfile: profile.profile,
      chunking,
      cwd: cwd.path,
      home,
      ...(sinceV18(profile.profile) && { agentName: agent.name }),
      ...(verdicts && { verdicts }),
    });
    const diagnostics = [...r.diagnostics];
    if (sinceV18(profile.profile)) diagnostics.unshift(...agentFindings(agent, session.file));
    // Say what was derived (docs/product.md §2): the audit has no per-session header like `ttsr run`.
    if (o.ttsrProfile === undefined || o.cwd === undefined || o.settings === undefined)
      diagnostics.unshift(
        diag(
          "TTSR_REPLAY_SETUP",
          { file: session.file },
          {
            profile: profile.profile,
            profileFrom: PROFILE_FROM[profile.from],
            cwd: cwd.path,
            cwdFrom: CWD_FROM[cwd.from],
            settings: o.settings ?? (beside?.file ? `${beside.file} (beside the session)` : "defaults"),
          },
        ),
      );
    if (profile.contradicts)
      diagnostics.unshift(
        diag(
          "TTSR_PROFILE_CONTRADICTS_SESSION",
          { file: session.file },
          { named: profile.profile, profile: profile.contradicts.profile, evidence: profile.contradicts.evidence },
        ),
      );
    return { turns: r.turns.map(({ stopReason: _s, ...t }) => t as TtsrTurnEvidence), diagnostics };
  };
}
