// `ttsr list` (docs/product.md §4): every rule file with its scope, bucket and why it is not registered. IO-free.
import { analyzeRule } from "./compile.js";
import { isLookaheadOnly } from "./lookahead.js";
import { sinceV18 } from "./profiles.js";
import type { LoadedRules } from "./load.js";

export interface RuleRow {
  name: string;
  path: string;
  provider: string;
  /** A stream rule or (v18) a judged rule the session registers. */
  registered: boolean;
  /** ttsr | judged | always-apply | rulebook | discarded | disabled | builtin-off | agent-excluded | frontmatter-disabled | shadowed | invalid */
  bucket: string;
  reason?: string;
  condition?: string[];
  scope?: string[];
  globs?: string[];
  interruptMode?: string;
  description?: string;
  /** v18: the agent-name patterns the rule applies to. */
  agents?: string[];
  /** v18 judged rules: the question a model answers after the message (sightline reads answers from --verdicts). */
  question?: string;
  /** v18: conditions made only of `(?=[\s\S]*…)` lookaheads, which oh-my-pi 18 anchors at the start (same verdict). */
  lookaheadOnly?: string[];
  /** The rule file that shadows this one (bucket `shadowed`), for renderers to show like `path`. */
  shadowedBy?: string;
}

export function listRules(loaded: LoadedRules): RuleRow[] {
  const bucketOf = new Map(loaded.buckets.all.map((b) => [b.rule, b]));
  const skippedAt = new Map(loaded.skipped.map((s) => [s.path, s.reason]));
  const shadowedAt = new Map(loaded.shadowed.map((s) => [s.path, s.by]));
  return loaded.all.map((rule) => {
    const b = bucketOf.get(rule);
    const row: RuleRow = {
      name: rule.name,
      path: rule.path,
      provider: rule._source?.provider ?? "native",
      registered: b?.bucket === "ttsr" || b?.bucket === "judged",
      bucket: b?.bucket ?? "invalid",
    };
    if (rule.disabledByFrontmatter) {
      row.bucket = "frontmatter-disabled";
      row.reason = skippedAt.get(rule.path);
    } else if (!b && shadowedAt.has(rule.path) && !loaded.rules.includes(rule)) {
      row.bucket = "shadowed";
      row.shadowedBy = shadowedAt.get(rule.path);
      row.reason = `shadowed by ${row.shadowedBy}`;
    } else if (b?.notRegistered) row.reason = describeReason(b.notRegistered, rule, loaded.profile);
    else if (skippedAt.has(rule.path)) row.reason = skippedAt.get(rule.path);
    if (rule.condition) row.condition = rule.condition;
    if (rule.scope) row.scope = rule.scope;
    if (rule.globs) row.globs = rule.globs;
    if (rule.interruptMode) row.interruptMode = rule.interruptMode;
    if (rule.description) row.description = rule.description;
    if (rule.agents) row.agents = rule.agents;
    if (rule.question !== undefined && sinceV18(loaded.profile)) row.question = rule.question;
    const anchored = sinceV18(loaded.profile)
      ? analyzeRule(rule, loaded.profile).conditions.flatMap((c) => (c.ok && isLookaheadOnly(c.regex.source) ? [c.token] : []))
      : [];
    if (anchored.length > 0) row.lookaheadOnly = anchored;
    return row;
  });
}

function describeReason(reason: string, rule: Parameters<typeof analyzeRule>[0], profile: LoadedRules["profile"]): string {
  if (reason === "no-valid-condition") {
    const bad = analyzeRule(rule, profile).conditions.flatMap((c) => (c.ok ? [] : [`${c.token}: ${c.error}`]));
    return `no condition compiles (${bad.join("; ")})`;
  }
  if (reason === "unreachable-scope") return `scope admits no stream (${(rule.scope ?? []).join(", ")})`;
  if (reason === "disabled") return `ttsr.enabled is false (${profile} refuses every rule)`;
  return "a rule of the same name is already registered";
}
