// `sightline/ttsr`: the TTSR engine's building blocks below the root's jobs (loadRules, TtsrManager,
// TtsrCoordinator, simulateTtsr): rule analysis and buckets, globs, settings, templates, chunking, lint and
// list, snippets, agents, verdict files and the profile registry (docs/ttsr.md).
export { analyzeRule, type RuleAnalysis, type NotRegisteredReason } from "./ttsr/compile.js";
export { bucketRules, type Bucket, type Buckets, type BucketedRule } from "./ttsr/buckets.js";
export { compileGlob, matchesGlob, type PathGlob } from "./ttsr/glob.js";
export { DEFAULT_TTSR_SETTINGS, mergeTtsrSettings, readTtsrSettings, type SettingsRead } from "./ttsr/settings.js";
export { templateFor, renderRule, renderInjection, type TemplateKind, type RenderOptions } from "./ttsr/templates.js";
export { chunkText, parseChunking } from "./ttsr/chunking.js";
export { testSnippet, type SnippetOptions, type SnippetResult, type SnippetMatch } from "./ttsr/snippet.js";
export { lintRules, type LintResult } from "./ttsr/lint.js";
export { listRules, type RuleRow } from "./ttsr/list.js";
export { ruleAppliesToAgent } from "./ttsr/agents.js";
export { resolveAgent, type ResolvedAgent, type AgentSource } from "./ttsr/session-agent.js";
export {
  readVerdicts,
  verdictFor,
  type Verdict as VerdictAnswer,
  type VerdictItem,
  type Verdicts,
  type VerdictsRead,
  type VerdictAt,
} from "./ttsr/verdicts.js";
export { TTSR_PROFILE_INFO } from "./ttsr/profiles.js";
export { sessionTtsrProfile, resolveTtsrProfile, type SessionTtsrProfile, type ResolvedTtsrProfile } from "./ttsr/simulate/profile.js";
