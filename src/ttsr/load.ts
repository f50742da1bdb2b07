// Rule folders → rules, buckets, skipped and shadowed rules (docs/ttsr.md §1, §7). IO-free: the caller injects a
// tiny file-system view (io/app supply a node:fs one).
import { diag, type Diagnostic } from "../shared/diagnostics.js";
import { bucketRules, type Buckets } from "./buckets.js";
import { TtsrManager } from "./manager.js";
import { parseRuleFile, ruleNameFromPath } from "./rule-file.js";
import { mergeTtsrSettings } from "./settings.js";
import type { Rule, RuleSource, TtsrProfile, TtsrSettings } from "./types.js";

export interface RuleFs {
  /** Entry names of a folder, or null when it is not a readable folder. */
  list(dir: string): string[] | null;
  /** A file's text, or null when it cannot be read. */
  read(path: string): string | null;
}

export interface RuleDirSpec {
  path: string;
  /** Provider id; "builtin-defaults" makes the folder stand for the bundled rules (virtual paths, docs/ttsr.md §1). */
  provider?: string;
}

export interface LoadRulesOptions {
  fs: RuleFs;
  settings?: Partial<TtsrSettings>;
  ttsrProfile?: TtsrProfile;
  cwd?: string;
  home?: string;
  /** v18: the agent the rules are bucketed for (docs/ttsr.md §18.2); undefined = no agent scoping. */
  agentName?: string;
}

export interface SkippedRule {
  name: string;
  path: string;
  reason: string;
}

export interface ShadowedRule {
  name: string;
  path: string;
  /** Path of the rule that wins. */
  by: string;
}

export interface LoadedRules {
  /** Every parsed rule file in read order, shadowed and invalid ones included (for lint and list). */
  all: Rule[];
  /** Valid rules after dedupe and validation, in priority order: the input of bucketing. */
  rules: Rule[];
  buckets: Buckets;
  /** The manager bucketing registered the TTSR rules on (fresh state). */
  manager: TtsrManager;
  skipped: SkippedRule[];
  shadowed: ShadowedRule[];
  diagnostics: Diagnostic[];
  settings: TtsrSettings;
  profile: TtsrProfile;
  /** The agent name bucketing used (v18), when one was given. */
  agentName?: string;
}

const RULE_FILE = /\.(md|mdc)$/;
const join = (dir: string, name: string): string => (dir.endsWith("/") ? `${dir}${name}` : `${dir}/${name}`);

/** Reads one entry: a folder of `*.md`/`*.mdc` files (sorted by name: upstream order is the scan's), or one file. */
function readEntry(spec: RuleDirSpec, o: LoadRulesOptions, diagnostics: Diagnostic[]): Rule[] {
  const profile = o.ttsrProfile ?? "seed";
  const names = o.fs.list(spec.path);
  const files: string[] = [];
  if (names === null) {
    if (RULE_FILE.test(spec.path) && o.fs.read(spec.path) !== null) files.push(spec.path);
    else {
      diagnostics.push(diag("TTSR_RULES_DIR_UNREADABLE", { file: spec.path }, { dir: spec.path }));
      return [];
    }
  } else {
    files.push(
      ...names
        .filter((n) => RULE_FILE.test(n))
        .sort()
        .map((n) => join(spec.path, n)),
    );
    // Not an error (the agent loads nothing from it too), but a replay with no rules is rarely what was meant.
    if (files.length === 0) diagnostics.push(diag("TTSR_RULES_DIR_EMPTY", { file: spec.path }, { dir: spec.path }));
  }
  const out: Rule[] = [];
  for (const file of files) {
    const text = o.fs.read(file);
    if (text === null) {
      // a folder whose name ends in .md, or a vanished file
      if (o.fs.list(file) === null) diagnostics.push(diag("TTSR_RULE_FILE_UNREADABLE", { file }, { path: file }));
      continue;
    }
    const builtin = spec.provider === "builtin-defaults";
    const source: RuleSource = builtin ? { provider: "builtin-defaults", level: "user" } : { provider: spec.provider ?? "native" };
    const name = ruleNameFromPath(file);
    const rule = parseRuleFile(text, file, { profile, source });
    if (builtin) rule.path = `builtin-defaults:${name}.md`;
    out.push(rule);
  }
  return out;
}

/** docs/ttsr.md §1 validation (after dedupe): non-empty name, path, and string content. */
function invalidReason(r: Rule): string | undefined {
  if (!r.name) return "missing rule name";
  if (!r.path) return "missing rule path";
  if (!r.content || typeof r.content !== "string") return "empty rule content";
  return undefined;
}

/**
 * `loadRules(dirs, opts)` (docs/product.md §6): folders highest priority first, first-wins by name, validation after dedupe
 * (an invalid higher-priority rule still shadows), then bucketing on a fresh manager.
 */
export function loadRules(dirs: readonly (string | RuleDirSpec)[], o: LoadRulesOptions): LoadedRules {
  const profile = o.ttsrProfile ?? "seed";
  const settings = mergeTtsrSettings(o.settings);
  const diagnostics: Diagnostic[] = [];
  const all = dirs.flatMap((d) => readEntry(typeof d === "string" ? { path: d } : d, o, diagnostics));
  const winners = new Map<string, Rule>();
  const shadowed: ShadowedRule[] = [];
  const skipped: SkippedRule[] = [];
  for (const r of all) {
    diagnostics.push(...(r.diagnostics ?? []));
    // v18 discovery drops an `enabled: false` file before names are deduplicated: it shadows nothing (docs/ttsr.md §18.3).
    if (r.disabledByFrontmatter) {
      skipped.push({ name: r.name, path: r.path, reason: "enabled: false in its frontmatter (not discovered)" });
      continue;
    }
    const w = winners.get(r.name);
    if (w) {
      shadowed.push({ name: r.name, path: r.path, by: w.path });
      diagnostics.push(diag("TTSR_RULE_SHADOWED", { file: r.path }, { rule: r.name, path: r.path, by: w.path }));
    } else winners.set(r.name, r);
  }
  const rules: Rule[] = [];
  for (const r of winners.values()) {
    const bad = invalidReason(r);
    if (!bad) {
      rules.push(r);
      continue;
    }
    const shadows = shadowed.filter((s) => s.by === r.path).map((s) => s.path);
    skipped.push({ name: r.name, path: r.path, reason: bad + (shadows.length ? `; still shadows ${shadows.join(", ")}` : "") });
    diagnostics.push(diag("TTSR_RULE_INVALID", { file: r.path }, shadows.length ? { rule: r.name, reason: bad, shadows } : { rule: r.name, reason: bad }));
  }
  const manager = new TtsrManager(settings, { profile });
  const buckets = bucketRules(rules, manager, settings, o.agentName !== undefined ? { agentName: o.agentName } : {});
  for (const b of buckets.all) {
    const { rule } = b;
    if (b.bucket === "disabled") skipped.push({ name: rule.name, path: rule.path, reason: "named in ttsr.disabledRules" });
    else if (b.bucket === "builtin-off") skipped.push({ name: rule.name, path: rule.path, reason: "builtin-defaults rule with ttsr.builtinRules false" });
    else if (b.bucket === "agent-excluded")
      skipped.push({ name: rule.name, path: rule.path, reason: `agents ${(rule.agents ?? []).join(", ")} do not admit agent ${o.agentName}` });
    else if (b.bucket === "ttsr" && profile === "v17" && (rule.astCondition?.length ?? 0) > 0 && !(rule.condition?.length ?? 0))
      skipped.push({
        name: rule.name,
        path: rule.path,
        reason: "astCondition-only rule: registered upstream, but sightline does not evaluate AST conditions (D5)",
      });
    if (b.notRegistered)
      diagnostics.push(diag("TTSR_RULE_NOT_REGISTERED", { file: rule.path }, { rule: rule.name, reason: b.notRegistered, bucket: b.bucket }));
  }
  const out: LoadedRules = { all, rules, buckets, manager, skipped, shadowed, diagnostics, settings, profile };
  if (o.agentName !== undefined) out.agentName = o.agentName;
  return out;
}
