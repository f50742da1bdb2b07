// v18 judged rules (docs/ttsr.md §17.6): after a completed assistant message, each of its outputs (a reply, the
// reasoning, one tool call or one file of it) is offered to the judged rules; a model answers each rule's question.
// sightline cannot ask a model, so a verdict comes from the host (a replay's `verdicts` option) or stays unknown.
import { renderTemplate } from "../../formats/pi/format-pass.js";
import type { TtsrManager } from "../manager.js";
import { displayRulePath, type PathDisplayOptions } from "../templates.js";
import type { Rule, TtsrMatchContext } from "../types.js";
import type { Effect, InjectionMessage } from "./types.js";

/** Verbatim: `@oh-my-pi/pi-coding-agent@18.3.4` `src/prompts/system/ttsr-warning.md` (the judged-rule warning). */
export const TTSR_WARNING_V18 =
  '<system-reminder reason="rule_violation" rule="{{name}}" path="{{path}}">\n' +
  "Rule judge flagged your {{subject}} as likely violating a user-defined rule. Not interrupted \u2192 it already took effect. You MUST check it against the rule below: real violation \u2192 fix it now; false positive \u2192 continue. NOT prompt injection \u2014 coding agent enforcing project rules.\n" +
  "\n" +
  "{{content}}\n" +
  "</system-reminder>\n";

/** The second line's start: how recorded evidence tells a judged warning from a tool reminder. */
export const WARNING_MARKER = "\nRule judge flagged your ";

/** One completed output of an assistant message, as judged rules see it (v18 `TtsrOutput`). */
export interface TtsrOutput {
  content: string;
  context: TtsrMatchContext;
  /** How the warning names it: `reply`, `reasoning`, or "`edit` call on `src/a.ts`". */
  subject: string;
}

/** A judged rule's answer for one output: true (violated), false (clean), undefined (no verdict: not decidable offline). */
export type Verdict = boolean | undefined;

/** The host's verdict source; a replay looks the rule's name up in `SimulateOptions.verdicts`. */
export type VerdictSource = (rule: Rule, output: TtsrOutput) => Verdict;

/** A verdict source from a map keyed by rule name (the same answer for every output). */
export const verdictsByName =
  (verdicts: ReadonlyMap<string, boolean>): VerdictSource =>
  (rule) =>
    verdicts.get(rule.name);

/** The warning for one rule and one output, rendered like the other templates (docs/strings.md §1.4). */
export function renderWarning(rule: Pick<Rule, "name" | "path" | "content">, subject: string, o: PathDisplayOptions): string {
  return renderTemplate(TTSR_WARNING_V18, { name: rule.name, path: displayRulePath(rule.path, o), subject, content: rule.content });
}

export interface ToolOutputParts {
  ctx: TtsrMatchContext;
  name: string;
  args: unknown;
  entries?: { path: string; digest: string; ctx: TtsrMatchContext }[];
  digest?: string;
}

/**
 * v18 `outputs`: tool calls in content order (per file when the tool gives entries, else its digest or its
 * arguments as JSON), then all text joined with a blank line as the reply, then all thinking as the reasoning;
 * blank prose is no output.
 */
export function outputsOf(content: unknown, tool: (block: Record<string, unknown>, index: number) => ToolOutputParts): TtsrOutput[] {
  const outputs: TtsrOutput[] = [];
  const text: string[] = [];
  const thinking: string[] = [];
  if (!Array.isArray(content)) return outputs;
  content.forEach((b: unknown, index) => {
    if (b === null || typeof b !== "object") return;
    const block = b as Record<string, unknown>;
    if (block.type === "text" && typeof block.text === "string") text.push(block.text);
    else if (block.type === "thinking" && typeof block.thinking === "string") thinking.push(block.thinking);
    else if (block.type === "toolCall") outputs.push(...toolOutputs(tool(block, index)));
  });
  const reply = text.join("\n\n");
  if (/\S/.test(reply)) outputs.push({ content: reply, context: { source: "text" }, subject: "reply" });
  const reasoning = thinking.join("\n\n");
  if (/\S/.test(reasoning)) outputs.push({ content: reasoning, context: { source: "thinking" }, subject: "reasoning" });
  return outputs;
}

function toolOutputs(p: ToolOutputParts): TtsrOutput[] {
  if (p.entries && p.entries.length > 0) return p.entries.map((e) => ({ content: e.digest, context: e.ctx, subject: `\`${p.name}\` call on \`${e.path}\`` }));
  const content = p.digest ?? (typeof p.args === "string" ? p.args : JSON.stringify(p.args ?? {}));
  const first = p.ctx.filePaths?.[0];
  return [{ content, context: p.ctx, subject: first !== undefined ? `\`${p.name}\` call on \`${first}\`` : `\`${p.name}\` call` }];
}

/** How a judged pass words its warnings: the injection message and one rule's warning for an output. */
export interface WarningWords {
  message: (text: string, names: string[]) => InjectionMessage;
  warn: (rule: Rule, subject: string) => string;
}

/** A question put to the host's judge and not answered yet: the output and the rules asked about it. */
export interface OpenQuestion {
  output: TtsrOutput;
  rules: Rule[];
}

/**
 * The judge's pass over one message's outputs: every output's candidates first (upstream asks concurrently, after
 * all were found). With a verdict source each output's verdicts are claimed at once, in output order (a rule flagged
 * twice is delivered once). Without one the question stays open (`open(…)` gives its request number) and nothing is
 * claimed: 18.3.4 claims when the judge answers, so until then a later message is asked about the same rule again.
 */
export function judgeOutputs(
  outputs: readonly TtsrOutput[],
  m: TtsrManager,
  verdict: VerdictSource | undefined,
  words: WarningWords,
  open: (q: OpenQuestion) => number,
): Effect[] {
  const effects: Effect[] = [];
  const asked = outputs.map((output) => ({ output, candidates: m.judgedCandidates(output.content, output.context) }));
  for (const { output, candidates } of asked) {
    if (candidates.length === 0) continue;
    const answers = candidates.map((c) => ({ c, verdict: verdict?.(c.rule, output) }));
    const claimed = m.claim(answers.filter((a) => a.verdict === true).map((a) => a.c.rule));
    const request = verdict === undefined ? open({ output, rules: candidates.map((c) => c.rule) }) : undefined;
    effects.push({
      kind: "judged",
      subject: output.subject,
      source: output.context.source,
      streamKey: m.bufferKey(output.context),
      content: output.content,
      rules: answers.map(({ c, verdict }) => ({
        rule: c.rule,
        verdict,
        delivered: claimed.includes(c.rule),
        ...(c.astUnchecked && { astUnchecked: true as const }),
      })),
      ...(request !== undefined && { request }),
    });
    effects.push(...warningEffects(claimed, output.subject, words));
  }
  return effects;
}

/** The claimed rules of one output as one warning: marked, announced, and delivered as an aside. */
export function warningEffects(claimed: readonly Rule[], subject: string, words: WarningWords): Effect[] {
  if (claimed.length === 0) return [];
  const warning = words.message(
    claimed.map((r) => words.warn(r, subject)).join("\n\n"),
    claimed.map((r) => r.name),
  );
  return [
    { kind: "mark", names: claimed.map((r) => r.name) },
    { kind: "ttsr_triggered", rules: [...claimed] },
    { kind: "inject", mode: "judged", rules: warning.details.rules, text: warning.content },
    { kind: "aside", message: warning },
  ];
}
