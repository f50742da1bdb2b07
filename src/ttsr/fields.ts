// Frontmatter field normalisation shared by condition and scope (docs/ttsr.md §4.1, §5.1).

/** docs/ttsr.md §4.1: a trimmed non-empty string → [s]; an array → trimmed non-empty strings, deduped; else undefined. */
export function normalizeRuleField(value: unknown): string[] | undefined {
  if (typeof value === "string") {
    const t = value.trim();
    return t.length > 0 ? [t] : undefined;
  }
  if (!Array.isArray(value)) return undefined;
  const tokens = value
    .filter((v): v is string => typeof v === "string")
    .map((v) => v.trim())
    .filter((v) => v.length > 0);
  return tokens.length > 0 ? [...new Set(tokens)] : undefined;
}

/**
 * docs/ttsr.md §5.1 step 2: split on commas outside (), [], {} and quotes; unbalanced closers clamp at 0. With
 * `escapes` (v17+, docs/ttsr.md §18.4) a quote preceded by a backslash does not close the quoted run.
 */
export function splitScopeTokens(value: string, escapes = false): string[] {
  const tokens: string[] = [];
  let current = "";
  let paren = 0;
  let bracket = 0;
  let brace = 0;
  let quote: string | null = null;
  let prev = "";
  for (const ch of value) {
    const escaped = escapes && prev === "\\";
    prev = ch;
    if (quote) {
      if (ch === quote && !escaped) quote = null;
      current += ch;
      continue;
    }
    if (ch === '"' || ch === "'") quote = ch;
    else if (ch === "(") paren++;
    else if (ch === ")") paren = Math.max(0, paren - 1);
    else if (ch === "[") bracket++;
    else if (ch === "]") bracket = Math.max(0, bracket - 1);
    else if (ch === "{") brace++;
    else if (ch === "}") brace = Math.max(0, brace - 1);
    else if (ch === "," && paren === 0 && bracket === 0 && brace === 0) {
      tokens.push(current.trim());
      current = "";
      continue;
    }
    current += ch;
  }
  tokens.push(current.trim());
  return tokens;
}

const stripOuterQuotes = (t: string): string => (t.length >= 2 && (t[0] === '"' || t[0] === "'") && t[t.length - 1] === t[0] ? t.slice(1, -1) : t);

/**
 * How a profile reads scope-like fields. seed: split only. v17 and v18 (the same code upstream, docs/ttsr.md §18.4):
 * a backslash-escaped quote does not close a quoted run, and matching outer quotes go, the inside trimmed (D8).
 */
export type ScopeReading = "seed" | "v17" | "v18";

/** docs/ttsr.md §5.1: normalise, split at top-level commas, (v17+, D8) strip matching outer quotes, drop empties, dedupe. */
export function normalizeScopeField(value: unknown, reading: ScopeReading | boolean): string[] | undefined {
  const upstream = reading === true || reading === "v17" || reading === "v18";
  const fields = normalizeRuleField(value);
  if (!fields) return undefined;
  const tokens = fields
    .flatMap((f) => splitScopeTokens(f, upstream))
    .map((t) => {
      if (!upstream) return t;
      const inner = stripOuterQuotes(t);
      // What was inside the quotes is trimmed; a token without outer quotes is already trimmed.
      return inner !== t ? inner.trim() : inner;
    })
    .filter((t) => t.length > 0);
  return tokens.length > 0 ? [...new Set(tokens)] : undefined;
}

/**
 * v18 `agents` (docs/ttsr.md §18.2): read like a scope field, then spaces around commas inside a `{a, b}` group are
 * removed and every pattern is lowercased.
 */
export function parseAgentsField(value: unknown): string[] | undefined {
  const tokens = normalizeScopeField(value, "v18");
  if (!tokens) return undefined;
  return [...new Set(tokens.map((t) => t.replace(/\s*,\s*/g, ",").toLowerCase()))];
}

/** docs/ttsr.md §4.2 `isLikelyFileGlob`. */
export function isLikelyFileGlob(token: string): boolean {
  if (/[\\^$+|()]/.test(token)) return false;
  if (!/[?*[\]{}]/.test(token)) return false;
  return token.includes("/") || /^\*\.[^\s/]+$/.test(token);
}

export interface ConditionAndScope {
  condition?: string[];
  scope?: string[];
  astCondition?: string[];
  question?: string;
}

/**
 * `parseRuleConditionAndScope` (docs/ttsr.md §4.2, §5.1): `condition` (else the legacy `ttsr_trigger`/`ttsrTrigger`, only when
 * `condition` is nullish), glob shorthand turned into edit/write scopes, `.*` when only globs were given.
 */
export function parseConditionAndScope(fm: Record<string, unknown>, scopeReading: ScopeReading | boolean, withAst: boolean): ConditionAndScope {
  const raw = fm.condition ?? fm.ttsr_trigger ?? fm.ttsrTrigger;
  const tokens = normalizeRuleField(raw);
  const explicitScope = normalizeScopeField(fm.scope, scopeReading);
  const condition: string[] = [];
  const inferred: string[] = [];
  for (const t of tokens ?? []) {
    if (isLikelyFileGlob(t)) inferred.push(`tool:edit(${t})`, `tool:write(${t})`);
    else condition.push(t);
  }
  if (inferred.length > 0 && condition.length === 0) condition.push(".*");
  const scope = [...(explicitScope ?? []), ...inferred];
  const out: ConditionAndScope = {};
  if (condition.length > 0) out.condition = [...new Set(condition)];
  if (scope.length > 0) out.scope = [...new Set(scope)];
  if (withAst) {
    const ast = normalizeRuleField(fm.astCondition);
    if (ast) out.astCondition = ast;
  }
  // v18 (docs/ttsr.md §18.5): one string, trimmed; empty or another type means no question.
  if (scopeReading === "v18" && typeof fm.question === "string" && fm.question.trim().length > 0) out.question = fm.question.trim();
  return out;
}
