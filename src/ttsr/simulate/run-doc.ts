// The `ttsr run --json` document (docs/product.md §5): declared here, below report/ and app/, so the app that builds it
// and the renderer that prints it share one type.
import type { Diagnostic } from "../../shared/diagnostics.js";
import type { AgentSource } from "../session-agent.js";
import type { TtsrProfile } from "../types.js";
import type { ResolvedTtsrProfile } from "./profile.js";
import type { SimTurn } from "./types.js";

/**
 * option: --cwd; recorded: the session's recorded cwd exists here and holds the rules; rules: the folder holding the
 * rules' `.omp/`; recorded-name: the rules' nearest ancestor named like the recorded cwd; process: the current folder.
 */
export type CwdSource = "option" | "recorded" | "rules" | "recorded-name" | "process";

/** option: --settings; session-folder: a settings.json beside the session; default: the defaults. */
export type SettingsSource = "option" | "session-folder" | "default";

export interface TtsrRunDoc {
  schemaVersion: 1;
  rules: { name: string; path: string; registered: boolean; bucket: string; reason?: string }[];
  diagnostics: Diagnostic[];
  sessions: TtsrRunSession[];
}

export interface TtsrRunSession {
  path: string;
  format: string | null;
  profile?: string;
  /** The TTSR profile replayed, and why: named by --ttsr-profile, the session's evidence, or the seed default. */
  ttsrProfile?: TtsrProfile;
  ttsrProfileFrom?: ResolvedTtsrProfile["from"];
  /** The replay cwd rule paths were rendered from (shown relative to the current folder), and where it came from. */
  cwd?: string;
  cwdFrom?: CwdSource;
  /** The TTSR settings file replayed (absent: the defaults), and where it came from. */
  settings?: string;
  settingsFrom?: SettingsSource;
  /** v18: the agent the rules were bucketed for (docs/ttsr.md §18.2), and where the name came from. */
  agent?: string;
  agentFrom?: AgentSource;
  /** v18: the verdicts file judged rules were answered from (docs/ttsr.md §18.6). */
  verdicts?: string;
  /** Why the whole replay is counterfactual: the agent has no TTSR, so no turn can agree or disagree. */
  counterfactual?: string;
  turns: SimTurn[];
}
