// Binds the core renderer (ttsr/templates.ts) to a profile and the display directories: the interrupt
// template serves the interrupt AND the deferred path, the tool reminder the per-tool fold (docs/strings.md §1.4),
// and v18's warning template the judged rules (docs/ttsr.md §17.6).
import { renderRule, type PathDisplayOptions } from "../templates.js";
import { renderWarning } from "./judged.js";
import type { RuleRenderer } from "./types.js";

export function ruleRenderer(o: PathDisplayOptions): RuleRenderer {
  return {
    interrupt: (rule) => renderRule(rule, { ...o, template: "interrupt" }),
    toolReminder: (rule) => renderRule(rule, { ...o, template: "tool-reminder" }),
    warning: (rule, subject) => renderWarning(rule, subject, o),
  };
}
