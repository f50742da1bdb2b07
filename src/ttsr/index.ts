// The TTSR core as the app layer uses it. The package's `sightline/ttsr` subpath is src/entry-ttsr.ts; the TTSR
// jobs (loadRules, TtsrManager, TtsrCoordinator, simulateTtsr) are on the root (src/index.ts).
export type { Rule, TtsrSettings, TtsrMatchSource, TtsrProfile } from "./types.js";
export { readTtsrSettings } from "./settings.js";
export { parseRuleFile } from "./rule-file.js";
export { loadRules, type LoadRulesOptions, type LoadedRules, type RuleFs, type RuleDirSpec } from "./load.js";
export type { Chunking } from "./chunking.js";
export { testSnippet, type SnippetOptions, type SnippetResult, type SnippetMatch } from "./snippet.js";
export { lintRules, type LintResult } from "./lint.js";
export { listRules, type RuleRow } from "./list.js";
