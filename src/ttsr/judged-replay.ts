// A v18 judged-rule step at the end of a replayed assistant message (docs/ttsr.md §18.5, §18.6): which judged rules
// are asked about each output, what the verdicts file answers, and the warnings a yes delivers. The session layer
// calls this after the message's own end handling; nothing here touches the stream matcher's buffers.
import { renderTemplate } from "../formats/pi/format-pass.js";
import { answerJudged, type JudgedRules } from "./judged.js";
import { judgedOutputs } from "./judged-outputs.js";
import type { TtsrManager } from "./manager.js";
import { displayRulePath, type PathDisplayOptions } from "./templates.js";
import type { JudgeMode, Rule } from "./types.js";
import type { VerdictAt, Verdicts } from "./verdicts.js";

/** Verbatim: `@oh-my-pi/pi-coding-agent@18.3.4` `src/prompts/system/ttsr-warning.md` (the judged-rule warning). */
export const TTSR_WARNING_V18 =
  '<system-reminder reason="rule_violation" rule="{{name}}" path="{{path}}">\n' +
  "Rule judge flagged your {{subject}} as likely violating a user-defined rule. Not interrupted \u2192 it already took effect. You MUST check it against the rule below: real violation \u2192 fix it now; false positive \u2192 continue. NOT prompt injection \u2014 coding agent enforcing project rules.\n" +
  "\n" +
  "{{content}}\n" +
  "</system-reminder>\n";

/** One warning message: the rules one output was flagged for, rendered and joined as upstream delivers them. */
export interface JudgedDelivery {
  rules: string[];
  subject: string;
  text: string;
}

export interface JudgedStep {
  deliveries: JudgedDelivery[];
  /** Asked, but the verdicts file does not answer for this response (counted as no). */
  unanswered: { rule: string; subject: string }[];
}

export interface JudgedStepOptions {
  /** The recorded session cwd: tool-call paths are expanded against it (docs/ttsr.md §9.2). */
  cwd: string | null;
  verdicts?: Verdicts;
  /** The response being judged: its assistant entry id and 1-based turn. */
  at: VerdictAt;
  /** How `{{path}}` is shown (docs/ttsr.md §10.3). */
  display: PathDisplayOptions;
}

/** The manager's repeat gate for a name (docs/ttsr.md §8.6), asked from outside: judged rules are not registered on it. */
function canTrigger(manager: TtsrManager, name: string): boolean {
  const last = manager.getLastInjectedAt(name);
  if (last === undefined) return true;
  const s = manager.getSettings();
  if (s.repeatMode === "once") return false;
  return manager.getMessageCount() - last >= (s.repeatGap as number);
}

export function renderJudgedWarning(rule: Pick<Rule, "name" | "path" | "content">, subject: string, display: PathDisplayOptions): string {
  return renderTemplate(TTSR_WARNING_V18, { name: rule.name, path: displayRulePath(rule.path, display), subject, content: rule.content });
}

/**
 * Judges one completed assistant message. Aborted and failed messages are skipped (their output never took effect);
 * so is everything when TTSR is disabled or `judge` is off. Upstream judges the outputs concurrently and a rule
 * flagged on two of them is delivered once, with whichever answer came back first; the replay takes output order.
 * Delivered rules are marked on the manager (the claim), so the repeat policy applies to them as to stream rules.
 */
export function judgeCompletedMessage(
  judged: JudgedRules,
  manager: TtsrManager,
  message: { content: unknown; stopReason: string | null },
  o: JudgedStepOptions,
): JudgedStep {
  const out: JudgedStep = { deliveries: [], unanswered: [] };
  const settings = manager.getSettings();
  const judge = settings.judge as JudgeMode | undefined;
  if (judged.size === 0 || !settings.enabled || judge === "off" || message.stopReason === "aborted" || message.stopReason === "error") return out;
  for (const output of judgedOutputs(message.content, o.cwd)) {
    const asked = judged.candidates(output, (name) => canTrigger(manager, name));
    const answer = answerJudged(asked, o.verdicts, o.at, judge);
    for (const r of answer.unanswered) out.unanswered.push({ rule: r.name, subject: output.subject });
    const claimed = answer.flagged.filter((r) => canTrigger(manager, r.name));
    if (claimed.length === 0) continue;
    manager.markInjected(claimed);
    out.deliveries.push({
      rules: claimed.map((r) => r.name),
      subject: output.subject,
      text: claimed.map((r) => renderJudgedWarning(r, output.subject, o.display)).join("\n\n"),
    });
  }
  return out;
}
