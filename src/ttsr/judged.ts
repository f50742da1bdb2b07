// v18 judged rules at replay time (docs/ttsr.md §18.5, §18.6). Upstream asks a judge model, after an assistant
// message completes, about each of its outputs (the reply, the reasoning, each tool call) and delivers a yes as a
// warning. sightline cannot ask the model again: the answers come from a verdicts file. This module decides which
// judged rules would have been asked about an output and what the file answers; the session layer delivers.
import { analyzeRule, type RuleAnalysis, type TtsrScope } from "./compile.js";
import { matchesGlob } from "./glob.js";
import type { JudgeMode, Rule, TtsrMatchContext, TtsrProfile } from "./types.js";
import { verdictFor, type VerdictAt, type Verdicts } from "./verdicts.js";

/** One completed output of an assistant message, as the judge sees it. */
export interface JudgedOutput {
  content: string;
  context: TtsrMatchContext;
}

interface JudgedEntry {
  rule: Rule;
  a: RuleAnalysis;
}

function inScope(scope: TtsrScope, ctx: TtsrMatchContext): boolean {
  if (ctx.source === "text") return scope.allowText;
  if (ctx.source === "thinking") return scope.allowThinking;
  if (scope.allowAnyTool) return true;
  const tool = ctx.toolName?.trim().toLowerCase();
  return scope.toolScopes.some((t) => (!t.toolName || t.toolName === tool) && (!t.pathGlob || matchesGlob(t.pathGlob, ctx.filePaths)));
}

/**
 * A rule's conditions only pre-filter its question. With none, every in-scope output is asked about; with regexes,
 * one must match the whole output. AST patterns are not evaluated by sightline (D5): they never pass here.
 */
function passesPrefilter(a: RuleAnalysis, content: string): boolean {
  if (a.regexes.length === 0 && a.astConditions.length === 0) return true;
  return a.regexes.some((re) => {
    re.lastIndex = 0;
    return re.test(content);
  });
}

export class JudgedRules {
  readonly #entries: JudgedEntry[];

  /** `rules`: the `judged` bucket, in registration order. */
  constructor(rules: readonly Rule[], profile: TtsrProfile) {
    this.#entries = rules.map((rule) => ({ rule, a: analyzeRule(rule, profile) }));
  }

  get size(): number {
    return this.#entries.length;
  }

  names(): string[] {
    return this.#entries.map((e) => e.rule.name);
  }

  /** Rules whose question would be asked about `output`: in scope, inside `globs`, past the repeat gate and pre-filter. */
  candidates(output: JudgedOutput, canTrigger: (name: string) => boolean): Rule[] {
    return this.#entries
      .filter(
        (e) =>
          canTrigger(e.rule.name) &&
          inScope(e.a.built.scope, output.context) &&
          (!e.a.globalGlobs || e.a.globalGlobs.some((g) => matchesGlob(g, output.context.filePaths))) &&
          passesPrefilter(e.a, output.content),
      )
      .map((e) => e.rule);
  }
}

export interface JudgedAnswer {
  /** Answered yes: delivered as a warning (once claimed by the repeat gate). */
  flagged: Rule[];
  /** Asked, but the verdicts file has no answer for this response: treated as no, and reported. */
  unanswered: Rule[];
}

/**
 * What the verdicts file answers for the asked rules at one response. With `judge: off` upstream asks nothing, so
 * nothing is flagged whatever the file says; `auto` and `on` count as asking (sightline cannot tell which model
 * the judge role resolved to).
 */
export function answerJudged(asked: readonly Rule[], verdicts: Verdicts | undefined, at: VerdictAt, judge?: JudgeMode): JudgedAnswer {
  const out: JudgedAnswer = { flagged: [], unanswered: [] };
  if (judge === "off") return out;
  for (const rule of asked) {
    const v = verdictFor(verdicts, rule.name, at);
    if (v === "yes") out.flagged.push(rule);
    else if (v === undefined) out.unanswered.push(rule);
  }
  return out;
}
