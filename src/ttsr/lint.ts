// `ttsr lint` (docs/product.md §4): invalid and catastrophic regexes, unreachable scopes, shadowed names, the YAML quoting
// trap, globs that make prose rules unreachable, and regex syntax Node rejects but Bun accepts. IO-free.
import { sortDiagnostics, type Diagnostic } from "../shared/diagnostics.js";
import { ruleFindings } from "./findings.js";
import type { LoadedRules } from "./load.js";

// Parse-time codes kept from rule.diagnostics; the condition/scope findings are recomputed in strict mode.
const PARSE_CODES = new Set([
  "TTSR_YAML_FALLBACK",
  "TTSR_YAML_WARNING",
  "TTSR_YAML_AMBIGUOUS_REPAIRED",
  "TTSR_YAML_QUOTE_TRAP",
  "TTSR_YAML_LINES_LOST",
  "TTSR_FRONTMATTER_VALUE_IGNORED",
]);
const MATCH_KEYS = new Set(["condition", "ttsr_trigger", "ttsrTrigger", "ttsr-trigger", "scope"]);

export interface LintResult {
  diagnostics: Diagnostic[];
  errors: number;
  warnings: number;
}

export function lintRules(loaded: LoadedRules): LintResult {
  const out: Diagnostic[] = [];
  for (const rule of loaded.all) {
    for (const d of rule.diagnostics ?? []) {
      if (!PARSE_CODES.has(d.code)) continue;
      // A kept quote in a condition or scope changes what matches: an error, not a style note.
      if (d.code === "TTSR_YAML_QUOTE_TRAP" && MATCH_KEYS.has(String(d.args?.key))) out.push({ ...d, severity: "error" });
      else out.push(d);
    }
    out.push(...ruleFindings(rule, { profile: loaded.profile, catastrophic: true, strict: true }));
  }
  for (const d of loaded.diagnostics) {
    if (d.code === "TTSR_RULE_SHADOWED") out.push({ ...d, severity: "warning" });
    else if (d.code === "TTSR_RULE_INVALID") out.push({ ...d, severity: d.args?.shadows ? "error" : "warning" });
    else if (d.code === "TTSR_RULES_DIR_UNREADABLE" || d.code === "TTSR_RULE_FILE_UNREADABLE" || d.code === "TTSR_RULES_DIR_EMPTY") out.push(d);
  }
  const diagnostics = sortDiagnostics(out);
  return {
    diagnostics,
    errors: diagnostics.filter((d) => d.severity === "error").length,
    warnings: diagnostics.filter((d) => d.severity === "warning").length,
  };
}
