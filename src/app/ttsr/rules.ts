// Orchestration of `ttsr test`, `ttsr list` and `ttsr lint`: rule folders and settings from disk (node:fs view),
// then the IO-free core (ttsr/). Results are plain data; the CLI renders them.
import { homedir } from "node:os";
import { resolve } from "node:path";
import type { Diagnostic } from "../../shared/diagnostics.js";
import { argumentPathCandidates, toFilePaths } from "../../ttsr/session/paths.js";
import type { SnippetTaskArgs } from "./guard-tasks.js";
import { runWithRegexBudget } from "./guard.js";
import {
  lintRules,
  listRules,
  loadRules as loadRulesCore,
  readTtsrSettings,
  testSnippet,
  type Chunking,
  type LintResult,
  type LoadRulesOptions as CoreLoadRulesOptions,
  type LoadedRules,
  type RuleDirSpec,
  type RuleFs,
  type Rule,
  type RuleRow,
  type SnippetMatch,
  type SnippetResult,
  type TtsrMatchSource,
  type TtsrProfile,
  type TtsrSettings,
} from "../../ttsr/index.js";
import { nodeRuleFs } from "../../io/rule-fs.js";

export { nodeRuleFs };

/** Options of the library's `loadRules`: the core loader's, with the file system optional (default: node:fs). */
export type LoadRulesOptions = Omit<CoreLoadRulesOptions, "fs"> & { fs?: RuleFs };

/**
 * The library's one `loadRules(dirs, {settings, ttsrProfile, cwd, home, fs})` (docs/product.md §6): the core loader
 * over the real file system unless `fs` is given, relative folders resolved against `cwd`.
 */
export function loadRules(dirs: readonly (string | RuleDirSpec)[], o: LoadRulesOptions = {}): LoadedRules {
  const cwd = resolve(o.cwd ?? process.cwd());
  const specs = dirs.map((d) => (typeof d === "string" ? { path: resolve(cwd, d) } : { ...d, path: resolve(cwd, d.path) }));
  return loadRulesCore(specs, { ...o, fs: o.fs ?? nodeRuleFs, cwd });
}

export interface RuleSetOptions {
  /** Rule folders, highest priority first. Without rules and rule files: <cwd>/.omp/rules then ~/.omp/agent/rules. */
  rules?: string[];
  /** Single rule files, ahead of the folders. */
  ruleFiles?: string[];
  /** Folders standing for the bundled builtin-defaults rules (lowest priority). */
  builtinRules?: string[];
  settingsFile?: string;
  ttsrProfile?: TtsrProfile;
  cwd?: string;
  home?: string;
  /** v18: bucket for this agent (docs/ttsr.md §18.2); undefined = no agent scoping, as the agent's own listings do. */
  agent?: string;
}

export interface RuleSet {
  loaded: LoadedRules;
  /** Settings-file and rule-loading diagnostics together. */
  diagnostics: Diagnostic[];
  /** An input that could not be read at all (exit 2). */
  unreadable?: string;
}

/** Reads the settings file and the rule folders; a missing default folder is not a problem. */
export function loadRuleSet(o: RuleSetOptions, fs: RuleFs = nodeRuleFs): RuleSet {
  const cwd = resolve(o.cwd ?? process.cwd());
  const home = o.home ?? homedir();
  let settings: Partial<TtsrSettings> = {};
  const diagnostics: Diagnostic[] = [];
  if (o.settingsFile) {
    const path = resolve(cwd, o.settingsFile);
    const text = fs.read(path);
    if (text === null) return { loaded: loadRulesCore([], { fs }), diagnostics, unreadable: o.settingsFile };
    const s = readTtsrSettings(text, o.settingsFile);
    settings = s.settings;
    diagnostics.push(...s.diagnostics);
  }
  const explicit = (o.rules?.length ?? 0) + (o.ruleFiles?.length ?? 0) > 0;
  const entries: RuleDirSpec[] = [...(o.ruleFiles ?? []).map((p) => ({ path: resolve(cwd, p) })), ...(o.rules ?? []).map((p) => ({ path: resolve(cwd, p) }))];
  if (!explicit) for (const d of [resolve(cwd, ".omp/rules"), resolve(home, ".omp/agent/rules")]) if (fs.list(d) !== null) entries.push({ path: d });
  entries.push(...(o.builtinRules ?? []).map((p) => ({ path: resolve(cwd, p), provider: "builtin-defaults" })));
  const agentName = o.agent?.trim().toLowerCase();
  const loaded = loadRulesCore(entries, { fs, settings, ttsrProfile: o.ttsrProfile ?? "seed", cwd, home, ...(agentName && { agentName }) });
  const missing = loaded.diagnostics.find((d) => d.code === "TTSR_RULES_DIR_UNREADABLE");
  diagnostics.push(...loaded.diagnostics);
  return missing ? { loaded, diagnostics, unreadable: missing.file } : { loaded, diagnostics };
}

/** The `rules` rows of the JSON contract (docs/product.md §5 `ttsr run`). */
export const ruleSummary = (rows: RuleRow[]): { name: string; path: string; registered: boolean; bucket: string; reason?: string }[] =>
  rows.map((r) => ({ name: r.name, path: r.path, registered: r.registered, bucket: r.bucket, ...(r.reason ? { reason: r.reason } : {}) }));

export interface TtsrTestOptions extends RuleSetOptions {
  text: string;
  source: TtsrMatchSource;
  tool?: string;
  paths?: string[];
  chunking: Chunking;
}

export interface TtsrTestDoc {
  schemaVersion: 1;
  profile: TtsrProfile;
  context: { source: TtsrMatchSource; toolName?: string; filePaths?: string[] };
  chunking: string;
  deltas: number;
  triggered: boolean;
  matches: SnippetMatch[];
  rules: ReturnType<typeof ruleSummary>;
  diagnostics: Diagnostic[];
}

/**
 * `ttsr test`. With `budgetMs` and a build, the matching runs in a worker under the regex time budget (docs/product.md §8):
 * a rule whose regex test exceeds it is excluded and reported; without a build it runs in-process.
 */
export async function runTtsrTest(o: TtsrTestOptions & { budgetMs?: number }, fs: RuleFs = nodeRuleFs): Promise<{ doc?: TtsrTestDoc; unreadable?: string }> {
  const set = loadRuleSet(o, fs);
  if (set.unreadable) return { unreadable: set.unreadable };
  const cwd = resolve(o.cwd ?? process.cwd());
  // Without --path, a tool snippet that is a JSON object offers its `*path`/`*paths` arguments (docs/ttsr.md §9.2). They are taken
  // from the complete arguments: a live stream sees them only once the key has streamed.
  const candidates = o.paths && o.paths.length > 0 ? o.paths : o.source === "tool" ? argumentPathCandidates(parseObject(o.text)) : [];
  const filePaths = candidates.length > 0 ? toFilePaths(candidates, cwd) : undefined;
  const options = {
    profile: set.loaded.profile,
    settings: set.loaded.settings,
    source: o.source,
    chunking: o.chunking,
    ...(o.tool !== undefined ? { toolName: o.tool } : {}),
    ...(filePaths ? { filePaths } : {}),
    ...(set.loaded.agentName !== undefined ? { agentName: set.loaded.agentName } : {}),
  };
  let matched: Pick<SnippetResult, "matches" | "deltas" | "chunking"> | undefined;
  const diagnostics = [...set.diagnostics];
  if (o.budgetMs !== undefined && o.budgetMs > 0) {
    const args: SnippetTaskArgs = { rules: stripDiagnostics(set.loaded.rules), text: o.text, options };
    const g = await runWithRegexBudget<typeof matched>(
      { module: "app/ttsr/guard-tasks.js", export: "snippetTask", args },
      { budgetMs: o.budgetMs, file: "<ttsr test>" },
    );
    if (g.ok) matched = g.value;
    diagnostics.push(...g.diagnostics);
  }
  matched ??= testSnippet(set.loaded.rules, o.text, options);
  const context: TtsrTestDoc["context"] = { source: o.source };
  if (o.tool !== undefined) context.toolName = o.tool;
  if (filePaths) context.filePaths = filePaths;
  return {
    doc: {
      schemaVersion: 1,
      profile: set.loaded.profile,
      context,
      chunking: matched.chunking,
      deltas: matched.deltas,
      triggered: matched.matches.length > 0,
      matches: matched.matches,
      rules: ruleSummary(listRules(set.loaded)),
      diagnostics,
    },
  };
}

function parseObject(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Rules cross to the worker by structured clone; their diagnostics are not needed there. */
const stripDiagnostics = (rules: readonly Rule[]): Rule[] => rules.map(({ diagnostics: _d, ...rest }) => rest);

export interface TtsrListDoc {
  schemaVersion: 1;
  profile: TtsrProfile;
  /** v18: the agent the rules were bucketed for (--agent); absent: no agent scoping. */
  agent?: string;
  rules: RuleRow[];
  shadowed: LoadedRules["shadowed"];
  skipped: LoadedRules["skipped"];
  diagnostics: Diagnostic[];
}

export function runTtsrList(o: RuleSetOptions, fs: RuleFs = nodeRuleFs): { doc?: TtsrListDoc; unreadable?: string } {
  const set = loadRuleSet(o, fs);
  if (set.unreadable) return { unreadable: set.unreadable };
  const l = set.loaded;
  const agent = l.agentName !== undefined && l.profile === "v18" ? { agent: l.agentName } : {};
  return {
    doc: { schemaVersion: 1, profile: l.profile, ...agent, rules: listRules(l), shadowed: l.shadowed, skipped: l.skipped, diagnostics: set.diagnostics },
  };
}

export interface TtsrLintDoc extends LintResult {
  schemaVersion: 1;
  profile: TtsrProfile;
  files: number;
}

export function runTtsrLint(o: RuleSetOptions, fs: RuleFs = nodeRuleFs): { doc?: TtsrLintDoc; unreadable?: string } {
  const set = loadRuleSet(o, fs);
  if (set.unreadable) return { unreadable: set.unreadable };
  const lint = lintRules(set.loaded);
  const settingsDiags = set.diagnostics.filter((d) => d.code.startsWith("TTSR_SETTINGS"));
  const diagnostics = [...settingsDiags, ...lint.diagnostics];
  return {
    doc: {
      schemaVersion: 1,
      profile: set.loaded.profile,
      files: set.loaded.all.length,
      diagnostics,
      errors: diagnostics.filter((d) => d.severity === "error").length,
      warnings: diagnostics.filter((d) => d.severity === "warning").length,
    },
  };
}
