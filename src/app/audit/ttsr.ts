// TTSR evidence for audit and check (--rules): the rule folders loaded once per process (main thread for
// run-level findings, each worker for its sessions), then simulateTtsr per session — recorded vs replayed
// per assistant turn, docs/product.md §5 `ttsr run`.
import type { FormatModule, SessionBase } from "../../formats/types.js";
import type { TtsrTurnEvidence } from "../../audit/model.js";
import type { Diagnostic } from "../../shared/diagnostics.js";
import { simulateTtsr } from "../../ttsr/simulate/simulate.js";
import { loadTtsrRun, prepareTtsrReplay, ruleFindings, setupFindings, type TtsrReplayOptions, type TtsrRun } from "../ttsr/prepare.js";

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

export type TtsrHook = (session: SessionBase, module: FormatModule) => Promise<{ turns: TtsrTurnEvidence[]; diagnostics: Diagnostic[] }>;

export interface TtsrSetup {
  run: TtsrRun;
  /** Findings about the rule folders, the settings and verdicts files (run-level). */
  diagnostics: Diagnostic[];
}

const replayOptions = (o: TtsrOptions & { base?: string }): TtsrReplayOptions => ({ ...o, rules: o.rules ?? [] });

export function loadTtsrSetup(o: TtsrOptions & { base?: string }): TtsrSetup {
  const run = loadTtsrRun(replayOptions(o));
  return { run, diagnostics: [...ruleFindings(run).diagnostics, ...run.diagnostics] };
}

/** The TTSR replay for the given options, or undefined when no rule folder was given: app/ttsr/prepare.ts chooses
 * profile, cwd, settings and agent per session exactly as for `ttsr run`. */
export function ttsrHookFor(o: TtsrOptions & { base?: string }, setup?: TtsrSetup): TtsrHook | undefined {
  if (!o.rules?.length) return undefined;
  const run = setup?.run ?? loadTtsrRun(replayOptions(o));
  return async (session) => {
    const prep = prepareTtsrReplay(session, run);
    const r = simulateTtsr(session, prep.rules, prep.options);
    // Say what was derived (docs/product.md §2): the audit has no per-session header like `ttsr run`.
    const derived = o.ttsrProfile === undefined || o.cwd === undefined || o.settings === undefined || prep.setup.agent !== undefined;
    const diagnostics = [...(derived ? setupFindings(session.file, prep.setup) : []), ...prep.diagnostics, ...r.diagnostics];
    return { turns: r.turns.map(({ stopReason: _s, ...t }) => t as TtsrTurnEvidence), diagnostics };
  };
}
