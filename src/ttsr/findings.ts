// What can be said about a rule's conditions and scope without running it: the problems parseRuleFile attaches
// and `ttsr lint` reports (docs/ttsr.md §4–§6).
import { DiagnosticBag, type Diagnostic, type Severity } from "../shared/diagnostics.js";
import { analyzeRule } from "./compile.js";
import { bunOnlySyntax, findCatastrophic, hasLeadingInlineFlags } from "./regex-safety.js";
import type { Rule, TtsrProfile } from "./types.js";

export interface FindingOptions {
  profile: TtsrProfile;
  /** lint: also run the catastrophic-backtracking analysis. */
  catastrophic?: boolean;
  /** lint raises registration problems to errors. */
  strict?: boolean;
}

// Characters a YAML double-quoted escape yields but nobody types into a regex: \b (backspace) is the classic one.
const YAML_ESCAPED = /[\x00\x07\x08\x0b\x0c\x1b\x85\xa0\u2028\u2029]/;
const YAML_ESCAPES: Record<string, [string, string]> = {
  "\x08": ["\\b", "\\\\b"],
  "\x07": ["\\a", "\\\\a"],
  "\x1b": ["\\e", "\\\\e"],
  "\x0b": ["\\v", "\\\\v"],
  "\x0c": ["\\f", "\\\\f"],
  "\x00": ["\\0", "\\\\0"],
  "\x85": ["\\N", "\\\\N"],
  "\xa0": ["\\_", "\\\\_"],
  "\u2028": ["\\L", "\\\\L"],
  "\u2029": ["\\P", "\\\\P"],
};

export function ruleFindings(rule: Rule, o: FindingOptions): Diagnostic[] {
  const bag = new DiagnosticBag(rule.path);
  const hard: Severity | undefined = o.strict ? "error" : undefined;
  const a = analyzeRule(rule, o.profile);
  const ruleName = rule.name;
  for (const token of rule.condition ?? []) {
    const m = YAML_ESCAPED.exec(token);
    if (!m) continue;
    const ch = m[0];
    const known = YAML_ESCAPES[ch];
    const chars = `U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}`;
    bag.add(
      "TTSR_YAML_ESCAPE_TRAP",
      {},
      { rule: ruleName, chars, escape: known ? known[0] : "an escape", fix: known ? known[1] : "a doubled backslash" },
      hard,
    );
  }
  for (const c of a.conditions) {
    if (c.ok) {
      if (o.catastrophic)
        for (const f of findCatastrophic(c.regex.source, c.regex.flags)) bag.add("TTSR_CATASTROPHIC_REGEX", {}, { rule: ruleName, token: c.token, why: f.why });
      continue;
    }
    const bun = bunOnlySyntax(c.token);
    if (o.profile === "seed" && hasLeadingInlineFlags(c.token)) bag.add("TTSR_INLINE_FLAGS_SEED", {}, { rule: ruleName, token: c.token }, hard);
    else if (bun) bag.add("TTSR_REGEX_NODE_ONLY_REJECTS", {}, { rule: ruleName, token: c.token, feature: bun.feature, node: "20" });
    else bag.add("TTSR_INVALID_REGEX", {}, { rule: ruleName, token: c.token, error: c.error }, hard);
  }
  for (const token of a.built.invalidTokens) bag.add("TTSR_INVALID_SCOPE_TOKEN", {}, { rule: ruleName, token }, hard ? "warning" : undefined);
  if (rule.condition && a.reason === "no-valid-condition") bag.add("TTSR_NO_VALID_CONDITION", {}, { rule: ruleName }, o.strict ? "error" : "warning");
  if (a.reason === "unreachable-scope") bag.add("TTSR_UNREACHABLE_SCOPE", {}, { rule: ruleName, scope: rule.scope }, o.strict ? "error" : "warning");
  if (rule.astCondition && rule.astCondition.length > 0 && o.profile === "v17")
    bag.add("TTSR_AST_CONDITION_SKIPPED", {}, { rule: ruleName, only: a.regexes.length === 0 });
  // docs/ttsr.md §6.2: text and thinking never carry file paths, so a gate makes those sources unreachable.
  const s = a.built.scope;
  if (a.globalGlobs && (s.allowText || s.allowThinking)) {
    const sources = [s.allowText ? "text" : "", s.allowThinking ? "thinking" : ""].filter(Boolean).join(" and ");
    // With no tool scope at all the rule can never fire: that is an error, not a partial loss.
    const never = !s.allowAnyTool && s.toolScopes.length === 0;
    bag.add("TTSR_GLOBS_BLOCK_PROSE", {}, { rule: ruleName, globs: rule.globs, sources, never }, never ? "error" : undefined);
  }
  if (rule.condition?.includes(".*") && rule.scope?.some((t) => /^tool:(edit|write)\(/.test(t)))
    bag.add("TTSR_CATCH_ALL_CONDITION", {}, { rule: ruleName, globs: rule.scope.filter((t) => t.startsWith("tool:edit(")).map((t) => t.slice(10, -1)) });
  return bag.items;
}
