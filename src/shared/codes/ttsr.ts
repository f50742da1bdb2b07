// Diagnostic codes of the ttsr area. Loader verdict codes (loader: true) keep the upstream code verbatim;
// sightline's own findings use SCREAMING_SNAKE codes prefixed with the area.
import { show, type Catalogue } from "./types.js";

const EVIDENCE: Record<string, string> = {
  "recorded-template": "the injection texts it recorded",
  "recorded-v18": "its v18-only TTSR records (a judged-rule warning or a deliveryId)",
  "format-profile": "its format profile (omp17 or omp18, read from the file's version markers)",
};

const UNVERIFIABLE: Record<string, string> = {
  "aborted-output-not-recorded":
    "the response that triggered this interrupt is not in the log (with contextMode discard the agent drops the aborted output, docs/ttsr.md §9.5), so the replay cannot see its trigger",
  "violating-tool-call-removed":
    'a tool-source interrupt: the agent removed the violating tool call from the aborted response and wrote synthetic "aborted" results for its siblings (docs/ttsr.md §16.2), so the replay cannot see its trigger',
  "judged-verdict-not-given":
    "a judged rule's warning: a model answered the rule's question after the response (docs/ttsr.md §17.6), so the replay cannot see its trigger; the recorded warning is the agent's verdict, give it as a verdict to replay it",
  "ast-language-not-parsed":
    "its rules' AST conditions ran on a file in a language sightline has no grammar for (docs/ttsr.md §17.11), so the replay cannot tell whether they matched",
};

const AGENT_FROM: Record<string, string> = {
  session: "recorded in the session's session_init entry",
  option: "option `agent`; the session does not record its agent",
  default: "a top-level session: the session records no agent and option `agent` was not given",
};

/** The wording of an unverifiable-evidence reason (JSON `recorded[].unverifiable`). */
export const unverifiableReason = (reason: unknown): string => UNVERIFIABLE[String(reason)] ?? show(reason);

export const ttsrCodes = {
  // ── rule files and rule folders (docs/ttsr.md §1–§7) ──
  TTSR_RULES_DIR_EMPTY: {
    severity: "warning",
    title: "A rule folder holds no rule files",
    message: (a: { dir: string }) => `Rule folder ${show(a.dir)} holds no *.md or *.mdc rule files`,
  },
  TTSR_RULES_DIR_UNREADABLE: {
    severity: "error",
    title: "A rule folder could not be read",
    message: (a: { dir: string }) => `Cannot read rule folder ${show(a.dir)}`,
  },
  TTSR_RULE_FILE_UNREADABLE: {
    severity: "error",
    title: "A rule file could not be read",
    message: (a: { path: string }) => `Cannot read rule file ${show(a.path)}`,
  },
  TTSR_YAML_FALLBACK: {
    severity: "warning",
    title: "Frontmatter YAML failed; oh-my-pi's line-by-line fallback was used",
    message: (a: { detail: string; profile: string }) =>
      `Frontmatter is not valid YAML (${show(a.detail)}); oh-my-pi falls back to reading \`key: value\` lines one by one (${show(a.profile)} profile)`,
  },
  TTSR_YAML_AMBIGUOUS_REPAIRED: {
    severity: "info",
    title: "v17 parsed the frontmatter only after quoting `key: a: b` values",
    message: () => 'Frontmatter parsed only after quoting plain values that contain ": " (v17 retry)',
  },
  TTSR_YAML_QUOTE_TRAP: {
    severity: "warning",
    title: "A quoted frontmatter value kept its quotes (the YAML quoting trap)",
    message: (a: { key: string; raw: string }) =>
      `\`${show(a.key)}\` keeps its literal quotes: ${show(a.raw)} (the YAML fallback could not parse it). Use single quotes or doubled backslashes`,
  },
  TTSR_YAML_ESCAPE_TRAP: {
    severity: "warning",
    title: "A condition holds a control character a YAML double-quoted escape produced",
    message: (a: { rule: string; chars: string; escape: string; fix: string }) =>
      `Condition of rule ${show(a.rule)} holds ${show(a.chars)}: in a double-quoted YAML value ${show(a.escape)} is a YAML escape, not a regex one. Use single quotes or ${show(a.fix)}`,
  },
  TTSR_YAML_WARNING: {
    severity: "warning",
    title: "The YAML reader warned about the frontmatter",
    message: (a: { yamlCode: string; detail: string }) => `YAML warning ${show(a.yamlCode)}: ${show(a.detail)} (the value may not be what was meant; quote it)`,
  },
  TTSR_YAML_LINES_LOST: {
    severity: "warning",
    title: "The YAML fallback dropped lines that are not `key: value`",
    message: (a: { text: string }) => `The YAML fallback ignores this line: ${show(a.text)}`,
  },
  TTSR_INVALID_REGEX: {
    severity: "warning",
    title: "A condition is not a valid regex; upstream skips it",
    message: (a: { token: string; rule: string; error: string }) =>
      `Condition ${show(a.token)} of rule ${show(a.rule)} does not compile (${show(a.error)}); it is skipped`,
  },
  TTSR_INLINE_FLAGS_SEED: {
    severity: "warning",
    title: "A leading (?i)/(?m)/(?s) group: invalid in seed-era code, translated to flags in v17",
    message: (a: { token: string; rule: string }) =>
      `Condition ${show(a.token)} of rule ${show(a.rule)} starts with an inline flag group: seed-era code drops it, v17 turns it into RegExp flags (D2)`,
  },
  TTSR_REGEX_NODE_ONLY_REJECTS: {
    severity: "error",
    title: "Regex syntax Bun accepts but Node rejects (sightline cannot evaluate it)",
    message: (a: { token: string; rule: string; feature: string; node: string }) =>
      `Condition ${show(a.token)} of rule ${show(a.rule)} uses ${show(a.feature)}, which Bun accepts and Node ${show(a.node)} rejects; sightline cannot replay this condition`,
  },
  TTSR_CATASTROPHIC_REGEX: {
    severity: "error",
    title: "A condition can backtrack catastrophically",
    message: (a: { token: string; rule: string; why: string }) =>
      `Condition ${show(a.token)} of rule ${show(a.rule)} can backtrack exponentially: ${show(a.why)}`,
  },
  TTSR_INVALID_SCOPE_TOKEN: {
    severity: "warning",
    title: "A scope token is not understood; upstream ignores it",
    message: (a: { token: string; rule: string }) => `Scope token ${show(a.token)} of rule ${show(a.rule)} is invalid and ignored`,
  },
  TTSR_UNREACHABLE_SCOPE: {
    severity: "error",
    title: "A rule's scope admits no stream",
    message: (a: { rule: string; scope: string[] | undefined }) => `Rule ${show(a.rule)} has no valid scope token (scope ${show(a.scope)}); addRule refuses it`,
  },
  TTSR_NO_VALID_CONDITION: {
    severity: "error",
    title: "No condition of a rule compiles",
    message: (a: { rule: string }) => `Rule ${show(a.rule)} has no condition that compiles; addRule refuses it`,
  },
  TTSR_GLOBS_BLOCK_PROSE: {
    severity: "warning",
    title: "`globs` make a rule unreachable on text and thinking",
    message: (a: { rule: string; globs: string[] | undefined; sources: string; never?: boolean }) =>
      `Rule ${show(a.rule)} has globs ${show(a.globs)}: it can never fire on ${show(a.sources)} (text and thinking carry no file paths, docs/ttsr.md §6.2)${a.never ? "; with no tool scope it never fires at all" : ""}`,
  },
  TTSR_CATCH_ALL_CONDITION: {
    severity: "info",
    title: "A glob-only condition became `.*` and fires on the first delta",
    message: (a: { rule: string; globs: string[] }) =>
      `Rule ${show(a.rule)}: condition ${show(a.globs)} is a file glob, so the condition is \`.*\` and the rule fires on the first delta of any admitted stream, whatever its content`,
  },
  TTSR_AST_CONDITION_SKIPPED: {
    severity: "warning",
    title: "astCondition rules are not evaluated by sightline",
    message: (a: { rule: string; only?: boolean }) =>
      `Rule ${show(a.rule)} has astCondition (v17 D5), which sightline does not evaluate${a.only ? "; the rule is skipped" : "; only its regex conditions are replayed"}`,
  },
  TTSR_VERDICTS_INVALID: {
    severity: "error",
    title: "The verdicts file is not valid JSON",
    message: (a: { detail: string }) => `Verdicts file is not valid JSON: ${show(a.detail)}; no verdicts were read`,
  },
  TTSR_VERDICTS_SCHEMA: {
    severity: "error",
    title: "The verdicts file does not match its schema",
    message: (a: { pointer: string; detail: string }) =>
      `Verdicts ${show(a.pointer)} ${a.detail} (schema ttsr/verdicts.json: {"verdicts": {RULE: "yes" | "no" | [{"verdict", "entry"? | "turn"?}]}}); no verdicts were read`,
  },
  TTSR_VERDICT_REPEATED: {
    severity: "warning",
    title: "A verdicts file answers one rule twice for the same response",
    message: (a: { rule: string; at: string; kept: string }) => `Rule ${show(a.rule)} has a second verdict for ${a.at}; the first (${a.kept}) is kept`,
  },
  TTSR_VERDICT_UNKNOWN_RULE: {
    severity: "warning",
    title: "A verdicts file names a rule that is not a judged rule of the replay",
    message: (a: { rule: string; judged: string[] }) =>
      `Verdicts name ${show(a.rule)}, which is not a judged rule of this replay (judged: ${a.judged.length ? a.judged.map(show).join(", ") : "none"})`,
  },
  TTSR_JUDGED_RULE_KEY: {
    severity: "warning",
    title: "A v18 judged-rule key (`question`) that seed and v17 ignore",
    message: (a: { rule: string; hasCondition?: boolean }) =>
      `Rule ${show(a.rule)} has \`question\` (a v18 judged rule: option \`ttsrProfile\` v18 lists it as judged); seed and v17 ignore the key${a.hasCondition ? " and match its condition as a stream rule" : ""}`,
  },
  TTSR_V18_KEY_IGNORED: {
    severity: "warning",
    title: "A v18 rule key (`agents`, `enabled: false`) that seed and v17 ignore",
    message: (a: { rule: string; key: string }) =>
      a.key === "agents"
        ? `Rule ${show(a.rule)} has \`agents\` (v18 agent scoping, docs/ttsr.md §18.2); seed and v17 ignore it and apply the rule to every agent`
        : `Rule ${show(a.rule)} has \`enabled: false\` (v18 drops the file, docs/ttsr.md §18.3); seed and v17 ignore it and load the rule`,
  },
  TTSR_FRONTMATTER_VALUE_IGNORED: {
    severity: "warning",
    title: "A frontmatter value the rule frontmatter schema does not admit; oh-my-pi ignores it",
    message: (a: { pointer: string; detail: string }) =>
      `Frontmatter ${show(a.pointer)} ${show(a.detail)} (rule frontmatter schema): oh-my-pi ignores this value`,
  },
  TTSR_RULE_SHADOWED: {
    severity: "info",
    title: "A rule is shadowed by a same-name rule of higher priority",
    message: (a: { rule: string; path: string; by: string }) => `Rule ${show(a.rule)} at ${show(a.path)} is shadowed by ${show(a.by)}`,
  },
  TTSR_RULE_INVALID: {
    severity: "warning",
    title: "A rule fails capability validation and is dropped",
    message: (a: { rule: string; reason: string; shadows?: string[] }) =>
      `Rule ${show(a.rule)} is dropped: ${show(a.reason)}${a.shadows ? ` (it still shadows ${show(a.shadows)})` : ""}`,
  },
  TTSR_RULE_NOT_REGISTERED: {
    severity: "info",
    title: "A rule with a condition was not registered as a TTSR rule",
    message: (a: { rule: string; reason: string; bucket: string }) => `Rule ${show(a.rule)} was not registered (${show(a.reason)}); bucket: ${show(a.bucket)}`,
  },
  // ── settings (docs/product.md §2) ──
  TTSR_SETTINGS_INVALID: {
    severity: "error",
    title: "The TTSR settings file is not a JSON object",
    message: (a: { detail: string }) => `TTSR settings must be a JSON object: ${show(a.detail)}`,
  },
  TTSR_SETTINGS_UNKNOWN_KEY: {
    severity: "warning",
    title: "An unknown TTSR settings key",
    message: (a: { key: string }) => `Unknown TTSR setting ${show(a.key)} (kept, but the matcher never reads it)`,
  },
  TTSR_SETTINGS_UNUSUAL_VALUE: {
    severity: "warning",
    title: "A TTSR setting has a value upstream never writes; it passes through verbatim",
    message: (a: { key: string; value: unknown; why: string }) =>
      `Setting ${show(a.key)} = ${show(a.value)} is unusual (${show(a.why)}); used verbatim as oh-my-pi would`,
  },
  // ── runtime guard (docs/product.md §8) ──
  TTSR_REGEX_BUDGET_EXCEEDED: {
    severity: "error",
    title: "A rule's regex exceeded the time budget; the run was repeated without it",
    message: (a: { rule: string; budgetMs: number }) =>
      `Rule ${show(a.rule)} exceeded the ${show(a.budgetMs)} ms regex budget; it was excluded and the run repeated without it`,
  },

  // ── session decision layer (appended by the session layer below this line) ──
  TTSR_SIMULATE_FORMAT_UNSUPPORTED: {
    severity: "warning",
    title: "TTSR replay is not available for this session format",
    message: (a: { format: string }) => `TTSR replay covers pi / oh-my-pi sessions; ${show(a.format)} sessions are listed without turns`,
  },
  TTSR_PROFILE_CONTRADICTS_SESSION: {
    severity: "warning",
    title: "The TTSR profile asked for is one the session's own evidence contradicts",
    message: (a: { named: string; evidence?: string; profile: string }) =>
      `option \`ttsrProfile\` ${show(a.named)} contradicts the session: ${show(EVIDENCE[String(a.evidence)] ?? a.evidence)} point${a.evidence === "format-profile" ? "s" : ""} to ${show(a.profile)}; replaying with ${show(a.named)} as asked (without option \`ttsrProfile\` the session is followed)`,
  },
  TTSR_EVIDENCE_UNVERIFIABLE: {
    severity: "info",
    title: "Recorded TTSR evidence whose trigger is not in the log (neither agreement nor disagreement)",
    message: (a: { kind: string; entryId: string; rules: string; reason: string }) =>
      `Recorded ${show(a.kind)} ${show(a.entryId)} [${show(a.rules)}] is unverifiable: ${unverifiableReason(a.reason)}`,
  },
  TTSR_COUNTERFACTUAL: {
    severity: "info",
    title: "A TTSR replay of a session whose agent has no TTSR: what the rules would have done, nothing to compare with",
    message: (a: { format: string }) =>
      `counterfactual: ${show(a.format)} records no TTSR (the agent has none), so the replay shows what the rules would have injected, with no recorded injection to agree or disagree with`,
  },
  TTSR_REPLAY_SETUP: {
    severity: "info",
    title: "How a session's TTSR replay was set up (profile, cwd, settings) when they were not all named",
    message: (a: { profile: string; profileFrom: string; cwd: string; cwdFrom: string; settings: string }) =>
      `TTSR replay with profile ${show(a.profile)} (${show(a.profileFrom)}), cwd ${show(a.cwd)} (${show(a.cwdFrom)}), settings ${show(a.settings)}`,
  },
  TTSR_REPLAY_AGENT: {
    severity: "info",
    title: "The agent a v18 replay buckets rules for (rule `agents` scoping)",
    message: (a: { agent: string; from: string }) => `TTSR v18 replay as agent ${show(a.agent)} (${AGENT_FROM[a.from] ?? show(a.from)})`,
  },
  TTSR_AGENT_CONTRADICTS_SESSION: {
    severity: "warning",
    title: "The agent asked for is another than the session records",
    message: (a: { named: string; recorded: string }) =>
      `option \`agent\` ${show(a.named)} contradicts the session, which records agent ${show(a.recorded)} (session_init); replaying as ${show(a.recorded)}`,
  },
  TTSR_RESUMED_AT_UNKNOWN: {
    severity: "warning",
    title: "A resume point asked for names an entry the session does not have",
    message: (a: { id: string }) => `option \`resumedAt\` ${show(a.id)}: no entry with this id; no process restart was applied there`,
  },
} satisfies Catalogue;
