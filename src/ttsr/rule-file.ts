// A markdown rule file → the rule object (docs/ttsr.md §2.2, §2.3, §3), as oh-my-pi's `buildRuleFromMarkdown` builds
// it. Problems go to rule.diagnostics; registration is decided later by addRule.
import { DiagnosticBag } from "../shared/diagnostics.js";
import { checkRuleFrontmatter } from "../schema/settings.js";
import { parseConditionAndScope } from "./fields.js";
import { ruleFindings } from "./findings.js";
import { parseFrontmatter } from "./frontmatter.js";
import { INTERRUPT_MODES, type InterruptMode, type Rule, type RuleSource, type TtsrProfile } from "./types.js";

export interface ParseRuleOptions {
  profile?: TtsrProfile;
  /** Defaults to the file name without `.md`/`.mdc` (docs/ttsr.md §2.3). */
  name?: string;
  source?: RuleSource;
}

/** docs/ttsr.md §2.3 `stripNamePattern`: the base name without a trailing `.md` or `.mdc`; case preserved. */
export function ruleNameFromPath(path: string): string {
  const base = path.replaceAll("\\", "/").split("/").pop() ?? path;
  return base.replace(/\.(md|mdc)$/, "");
}

// Keys whose quoted values matter for matching, so a kept quote is a trap worth reporting.
const TRAP_KEYS = new Set([
  "condition",
  "ttsr_trigger",
  "ttsrTrigger",
  "ttsr-trigger",
  "scope",
  "globs",
  "interruptMode",
  "interrupt-mode",
  "alwaysApply",
  "always-apply",
  "description",
]);

export function parseRuleFile(text: string, path: string, options: ParseRuleOptions = {}): Rule {
  const profile = options.profile ?? "seed";
  const bag = new DiagnosticBag(path);
  const fmr = parseFrontmatter(text, profile);
  const fm = fmr.frontmatter;
  if (fmr.repairedAmbiguous) bag.add("TTSR_YAML_AMBIGUOUS_REPAIRED", { line: 1 });
  for (const w of fmr.yamlWarnings ?? []) bag.add("TTSR_YAML_WARNING", { line: w.line + 1 }, { yamlCode: w.code, detail: w.detail });
  if (fmr.yamlError !== undefined) {
    bag.add("TTSR_YAML_FALLBACK", { line: 1 }, { detail: fmr.yamlError, profile });
    for (const v of fmr.fallback ?? []) {
      const quoted = v.raw.length >= 2 && ((v.raw.startsWith('"') && v.raw.endsWith('"')) || (v.raw.startsWith("'") && v.raw.endsWith("'")));
      if (v.keptRaw && quoted && TRAP_KEYS.has(v.key)) bag.add("TTSR_YAML_QUOTE_TRAP", { line: v.line + 1 }, { key: v.key, raw: v.raw });
    }
    for (const l of fmr.lostLines ?? []) bag.add("TTSR_YAML_LINES_LOST", { line: l.line + 1 }, { text: l.text });
  }

  // The shipped frontmatter schema states the types upstream reads; a value of another type is dropped there.
  for (const i of checkRuleFrontmatter(fm)) {
    const line = keyLine(text, i.pointer);
    bag.add("TTSR_FRONTMATTER_VALUE_IGNORED", line === undefined ? {} : { line }, { pointer: i.pointer, detail: i.detail });
  }

  const rule = buildRule(options.name ?? ruleNameFromPath(path), path, fmr.body, fm, profile, options.source);
  // v18 judged rules are out of scope: the profiles replayed here ignore the key, so the rule stays as it is.
  if (fm.question !== undefined) bag.add("TTSR_JUDGED_RULE_KEY", {}, { rule: rule.name, hasCondition: (rule.condition?.length ?? 0) > 0 });
  rule.diagnostics = [...bag.items, ...ruleFindings(rule, { profile })];
  return rule;
}

/** The 1-based line of a frontmatter key (camelCase or kebab-case spelling), or undefined. */
function keyLine(text: string, pointer: string): number | undefined {
  const key = pointer.split("/")[1] ?? "";
  const kebab = key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
  const lines = text.split(/\r?\n/);
  const end = lines.indexOf("---", 1);
  for (let i = 1; i < (end < 0 ? lines.length : end); i++) if (new RegExp(`^\\s*["']?(${key}|${kebab})["']?\\s*:`).test(lines[i])) return i + 1;
  return undefined;
}

/** `buildRuleFromMarkdown` from an already parsed frontmatter object (docs/ttsr.md §2.2). */
export function buildRule(name: string, path: string, content: string, fm: Record<string, unknown>, profile: TtsrProfile, source?: RuleSource): Rule {
  const rule: Rule = { name, path, content };
  if (typeof fm.description === "string") rule.description = fm.description;
  if (Array.isArray(fm.globs)) rule.globs = fm.globs.filter((g): g is string => typeof g === "string");
  else if (typeof fm.globs === "string") rule.globs = [fm.globs];
  rule.alwaysApply = fm.alwaysApply === true;
  const cs = parseConditionAndScope(fm, profile === "v17", profile === "v17" || profile === "v18");
  if (cs.condition) rule.condition = cs.condition;
  if (cs.scope) rule.scope = cs.scope;
  if (cs.astCondition) rule.astCondition = cs.astCondition;
  if (INTERRUPT_MODES.includes(fm.interruptMode as InterruptMode)) rule.interruptMode = fm.interruptMode as InterruptMode;
  rule._source = source ?? { provider: "native" };
  return rule;
}
