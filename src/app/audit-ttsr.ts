// TTSR evidence for audit and check (--rules): the rule folders loaded once per process (main thread for
// run-level findings, each worker for its sessions), then simulateTtsr per session — recorded vs replayed
// per assistant turn, design §5 `ttsr run`.
import { homedir } from "node:os";
import { resolve } from "node:path";
import type { FormatModule, SessionBase } from "../formats/types.js";
import type { TtsrTurnEvidence } from "../report/model.js";
import type { Diagnostic } from "../shared/diagnostics.js";
import { parseChunking } from "../ttsr/chunking.js";
import { loadRules } from "../ttsr/load.js";
import { nodeRuleFs } from "../io/rule-fs.js";
import { readTtsrSettings } from "../ttsr/settings.js";
import { simulateTtsr } from "../ttsr/simulate/simulate.js";
import type { Rule, TtsrSettings } from "../ttsr/types.js";

export interface TtsrOptions {
  rules?: string[];
  settings?: string;
  ttsrProfile?: "seed" | "v17";
  chunking?: string;
  /** The replay cwd: rule paths are displayed relative to it in injected text (design §2). */
  cwd?: string;
  home?: string;
}

export type TtsrHook = (session: SessionBase, module: FormatModule) => Promise<{ turns: TtsrTurnEvidence[]; diagnostics: Diagnostic[] }>;


export interface TtsrSetup {
  rules: Rule[];
  settings: Partial<TtsrSettings>;
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
  const loaded = loadRules((o.rules ?? []).map((d) => resolve(d)), { fs: nodeRuleFs, settings, ttsrProfile: o.ttsrProfile ?? "seed", cwd: resolve(o.cwd ?? "."), home: o.home ?? homedir() });
  diagnostics.push(...loaded.diagnostics);
  return { rules: loaded.rules, settings, diagnostics };
}

/** The TTSR replay for the given options, or undefined when no rule folder was given. */
export function ttsrHookFor(o: TtsrOptions, setup?: TtsrSetup): TtsrHook | undefined {
  if (!o.rules?.length) return undefined;
  setup ??= loadTtsrSetup(o);
  const { rules, settings } = setup;
  const chunking = parseChunking(o.chunking ?? "whole") ?? { kind: "whole" as const };
  return async (session) => {
    const r = simulateTtsr(session, rules, { settings, ttsrProfile: o.ttsrProfile ?? "seed", chunking, cwd: resolve(o.cwd ?? "."), home: o.home ?? homedir() });
    return { turns: r.turns.map(({ stopReason: _s, ...t }) => t as TtsrTurnEvidence), diagnostics: r.diagnostics };
  };
}
