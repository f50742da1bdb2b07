// What `addRule` compiles from a rule (docs/ttsr.md §4.3, §5.2, §6.2), as a pure analysis so `list` and `lint`
// can say why a rule is not registered without touching a manager.
import { compileGlob, type PathGlob } from "./glob.js";
import type { Rule, TtsrProfile } from "./types.js";

export interface ToolScope {
  toolName?: string;
  pathGlob?: PathGlob;
}

export interface TtsrScope {
  allowText: boolean;
  allowThinking: boolean;
  allowAnyTool: boolean;
  toolScopes: ToolScope[];
}

export type CompiledCondition = { ok: true; token: string; regex: RegExp } | { ok: false; token: string; error: string };

// v17 `compileRuleCondition`: a leading `(?flags)` group of only i/m/s letters becomes RegExp flags.
const INLINE_FLAG_PREFIX = /^\(\?([a-z]+)\)/;
const TRANSLATABLE = /^[ims]+$/;

/** docs/ttsr.md §4.3: seed compiles the token as-is with no flags; v17 translates a leading (?ims) group (D2). */
export function compileCondition(token: string, profile: TtsrProfile): CompiledCondition {
  try {
    if (profile === "v17") {
      const m = INLINE_FLAG_PREFIX.exec(token);
      if (m && TRANSLATABLE.test(m[1])) return { ok: true, token, regex: new RegExp(token.slice(m[0].length), [...new Set(m[1])].join("")) };
    }
    return { ok: true, token, regex: new RegExp(token) };
  } catch (e) {
    return { ok: false, token, error: e instanceof Error ? e.message : String(e) };
  }
}

// `#parseToolScopeToken`: `tool`, `tool:NAME` or bare `NAME`, then an optional `(PATH)`; case-insensitive.
const TOOL_SCOPE = /^(?:(?<prefix>tool)(?::(?<tool>[a-z0-9_-]+))?|(?<bare>[a-z0-9_-]+))(?:\((?<path>[^)]+)\))?$/i;

export function parseToolScopeToken(token: string): ToolScope | undefined {
  const m = TOOL_SCOPE.exec(token);
  if (!m?.groups) return undefined;
  const g = m.groups;
  const toolName = (g.tool ?? (g.prefix !== undefined ? undefined : g.bare))?.trim().toLowerCase();
  const path = g.path?.trim();
  const out: ToolScope = {};
  if (toolName) out.toolName = toolName;
  if (path) out.pathGlob = compileGlob(path);
  return out;
}

export interface BuiltScope {
  scope: TtsrScope;
  invalidTokens: string[];
}

/** docs/ttsr.md §5.2 `#buildScope`: missing/empty scope = text + any tool (no thinking). */
export function buildScope(tokens: readonly string[] | undefined): BuiltScope {
  if (!tokens || tokens.length === 0) return { scope: { allowText: true, allowThinking: false, allowAnyTool: true, toolScopes: [] }, invalidTokens: [] };
  const scope: TtsrScope = { allowText: false, allowThinking: false, allowAnyTool: false, toolScopes: [] };
  const invalidTokens: string[] = [];
  for (const raw of tokens) {
    const token = raw.trim();
    const lower = token.toLowerCase();
    if (token.length === 0) continue;
    if (lower === "text") scope.allowText = true;
    else if (lower === "thinking") scope.allowThinking = true;
    else if (lower === "tool" || lower === "toolcall") scope.allowAnyTool = true;
    else {
      const ts = parseToolScopeToken(token);
      if (!ts) invalidTokens.push(raw);
      else if (!ts.toolName && !ts.pathGlob) scope.allowAnyTool = true;
      else scope.toolScopes.push(ts);
    }
  }
  return { scope, invalidTokens };
}

export const isReachable = (s: TtsrScope): boolean => s.allowText || s.allowThinking || s.allowAnyTool || s.toolScopes.length > 0;

/** docs/ttsr.md §6.2: trimmed non-empty globs form the gate; none means no gate. */
export function compileGlobalGlobs(globs: readonly string[] | undefined): PathGlob[] | undefined {
  if (!globs || globs.length === 0) return undefined;
  const compiled = globs
    .map((g) => g.trim())
    .filter((g) => g.length > 0)
    .map(compileGlob);
  return compiled.length > 0 ? compiled : undefined;
}

export type NotRegisteredReason = "disabled" | "duplicate-name" | "no-valid-condition" | "unreachable-scope";

export interface RuleAnalysis {
  conditions: CompiledCondition[];
  regexes: RegExp[];
  astConditions: string[];
  built: BuiltScope;
  globalGlobs?: PathGlob[];
  /** Why addRule would refuse the rule on a fresh manager (name clashes are the manager's business). */
  reason?: Exclude<NotRegisteredReason, "disabled" | "duplicate-name">;
}

export function analyzeRule(rule: Rule, profile: TtsrProfile): RuleAnalysis {
  const conditions = (rule.condition ?? []).map((t) => compileCondition(t, profile));
  const regexes = conditions.flatMap((c) => (c.ok ? [c.regex] : []));
  // v17 and v18 accept an astCondition-only rule (docs/ttsr.md §4.3); seed has no such field.
  const astConditions = profile === "v17" || profile === "v18" ? (rule.astCondition ?? []).map((p) => p.trim()).filter((p) => p.length > 0) : [];
  const built = buildScope(rule.scope);
  const a: RuleAnalysis = { conditions, regexes, astConditions, built };
  const gates = compileGlobalGlobs(rule.globs);
  if (gates) a.globalGlobs = gates;
  if (regexes.length === 0 && astConditions.length === 0) a.reason = "no-valid-condition";
  else if (!isReachable(built.scope)) a.reason = "unreachable-scope";
  return a;
}
