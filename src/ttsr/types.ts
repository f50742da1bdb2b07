// The rule object TTSR works with (docs/ttsr.md §3) and the manager's settings and match context (docs/ttsr.md §8).
import type { Diagnostic } from "../shared/diagnostics.js";

/** Which upstream code the matcher follows (docs/product.md §2): seed-era (v14 code), v17.2.15 or v18.3.4. */
export type TtsrProfile = "seed" | "v17" | "v18";

export type InterruptMode = "never" | "prose-only" | "tool-only" | "always";
export type RepeatMode = "once" | "after-gap";
export type ContextMode = "discard" | "keep";

export interface RuleSource {
  /** Provider id, e.g. "native", "cursor", "builtin-defaults" (bucketing drops the last one on builtinRules:false). */
  provider: string;
  level?: "user" | "project";
}

/** docs/ttsr.md §3: the fields TTSR reads, as oh-my-pi's markdown builder produces them. */
export interface Rule {
  name: string;
  path: string;
  /** The body: frontmatter-stripped (and trimmed when there was frontmatter). */
  content: string;
  description?: string;
  globs?: string[];
  alwaysApply?: boolean;
  condition?: string[];
  scope?: string[];
  interruptMode?: InterruptMode;
  /** v17 only (D5); sightline does not evaluate AST conditions. */
  astCondition?: string[];
  /** v18: the judged-rule question (docs/ttsr.md §18.5); a model answers it after the message, never mid-stream. */
  question?: string;
  /** v18: lowercased agent-name globs the rule applies to (docs/ttsr.md §18.2); absent = every agent. */
  agents?: string[];
  /**
   * v18: frontmatter `enabled: false` on a discovered (not bundled) rule (docs/ttsr.md §18.3). Upstream discovery
   * drops such a file before deduplication; sightline keeps it here only so `ttsr list` can show it.
   */
  disabledByFrontmatter?: boolean;
  _source?: RuleSource;
  /** Problems found while parsing the file (never thrown). */
  diagnostics?: Diagnostic[];
}

/** docs/ttsr.md §8.1, flat. Values pass through verbatim (an explicit undefined overrides a default). */
export interface TtsrSettings {
  enabled: boolean;
  contextMode: ContextMode;
  interruptMode: InterruptMode;
  repeatMode: RepeatMode;
  repeatGap: number;
  builtinRules: boolean;
  disabledRules: string[];
  /** v18 (docs/ttsr.md §18.6): whether judged rules are asked; not merged with a default, so seed and v17 are unchanged. */
  judge?: JudgeMode;
}

export type JudgeMode = "auto" | "on" | "off";

export type TtsrMatchSource = "text" | "thinking" | "tool";

/** docs/ttsr.md §8.3. */
export interface TtsrMatchContext {
  source: TtsrMatchSource;
  toolName?: string;
  filePaths?: string[];
  streamKey?: string;
}

export const INTERRUPT_MODES: readonly InterruptMode[] = ["never", "prose-only", "tool-only", "always"];
