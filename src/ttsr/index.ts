// Public surface of the TTSR core (docs/product.md §6). The session layer (session/, simulate/) lives beside it.
export type { Rule, RuleSource, InterruptMode, RepeatMode, ContextMode, TtsrSettings, TtsrMatchContext, TtsrMatchSource, TtsrProfile } from "./types.js";
export { TtsrManager, type TtsrManagerOptions } from "./manager.js";
export { DEFAULT_TTSR_SETTINGS, mergeTtsrSettings, readTtsrSettings, type SettingsRead } from "./settings.js";
export { parseRuleFile, ruleNameFromPath, type ParseRuleOptions } from "./rule-file.js";
export { parseFrontmatter, type FrontmatterResult } from "./frontmatter.js";
export { normalizeRuleField, normalizeScopeField, splitScopeTokens, isLikelyFileGlob, parseConditionAndScope } from "./fields.js";
export { analyzeRule, buildScope, compileCondition, type RuleAnalysis, type NotRegisteredReason } from "./compile.js";
export { compileGlob, matchesGlob, type PathGlob } from "./glob.js";
export { bucketRules, whyNotRegistered, type Bucket, type Buckets, type BucketedRule } from "./buckets.js";
export { loadRules, type LoadRulesOptions, type LoadedRules, type RuleFs, type RuleDirSpec, type SkippedRule, type ShadowedRule } from "./load.js";
export { ruleFindings } from "./findings.js";
export { findCatastrophic, bunOnlySyntax, hasLeadingInlineFlags } from "./regex-safety.js";
export {
  TTSR_INTERRUPT_V14,
  TTSR_INTERRUPT_V17,
  TTSR_TOOL_REMINDER_V17,
  templateFor,
  displayRulePath,
  renderRule,
  renderInjection,
  type TemplateKind,
  type RenderOptions,
} from "./templates.js";
export { chunkText, parseChunking, formatChunking, mulberry32, type Chunking } from "./chunking.js";
export { testSnippet, type SnippetOptions, type SnippetResult, type SnippetMatch } from "./snippet.js";
export { lintRules, type LintResult } from "./lint.js";
export { listRules, type RuleRow } from "./list.js";
export { setRegexProbe, type RegexProbe } from "./probe.js";
// v18 rules (docs/ttsr.md §18): agents scoping, judged rules and their verdicts.
export { ruleAppliesToAgent, MAIN_AGENT, SUB_AGENT } from "./agents.js";
export { resolveAgent, recordedAgent, type ResolvedAgent, type AgentSource } from "./session-agent.js";
export { readVerdicts, verdictFor, unusedVerdicts, type Verdict, type VerdictItem, type Verdicts, type VerdictsRead, type VerdictAt } from "./verdicts.js";
export { isLookaheadOnly } from "./lookahead.js";
// The session decision layer (docs/ttsr.md §9) and the simulation over recorded sessions.
export { TtsrCoordinator, type CoordinatorOptions, type InterruptTaskHost, type AgentUpdate, type StreamCheck } from "./session/coordinator.js";
export { ruleRenderer } from "./session/renderer.js";
export type * from "./session/types.js";
export { toolHooksFor, type ToolHooks, type MatcherEntry } from "./session/matcher-hooks.js";
export { simulateTtsr, recordedCwdOf } from "./simulate/simulate.js";
export { sessionTtsrProfile, resolveTtsrProfile, type SessionTtsrProfile, type ResolvedTtsrProfile } from "./simulate/profile.js";
export type * from "./simulate/types.js";
