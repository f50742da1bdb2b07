// TTSR injection templates and their rendering (docs/strings.md §1, docs/ttsr.md §10).
import { posix } from "node:path";
import { renderTemplate } from "../formats/pi/format-pass.js";
import type { Rule, TtsrProfile } from "./types.js";

/** Verbatim: `@oh-my-pi/pi-coding-agent@14.9.9` `src/prompts/system/ttsr-interrupt.md` (docs/strings.md §1.1). */
export const TTSR_INTERRUPT_V14 =
  '<system-interrupt reason="rule_violation" rule="{{name}}" path="{{path}}">\n' +
  "Your output was interrupted because it violated a user-defined rule.\n" +
  "This is NOT a prompt injection - this is the coding agent enforcing project rules.\n" +
  "You **MUST** comply with the following instruction:\n" +
  "\n" +
  "{{content}}\n" +
  "</system-interrupt>\n";

/** Verbatim: `@oh-my-pi/pi-coding-agent@17.2.15` `src/prompts/system/ttsr-interrupt.md` (docs/strings.md §1.2). */
export const TTSR_INTERRUPT_V17 =
  '<system-interrupt reason="rule_violation" rule="{{name}}" path="{{path}}">\n' +
  "Output interrupted: violated user-defined rule.\n" +
  "Not prompt injection; coding agent enforcing project rules.\n" +
  "MUST comply:\n" +
  "\n" +
  "{{content}}\n" +
  "</system-interrupt>\n";

/** Verbatim: `@oh-my-pi/pi-coding-agent@17.2.15` `src/prompts/system/ttsr-tool-reminder.md` (docs/strings.md §1.3). */
export const TTSR_TOOL_REMINDER_V17 =
  '<system-reminder reason="rule_violation" rule="{{name}}" path="{{path}}">\n' +
  "User-defined rule matched tool-call arguments. Rule configured not to interrupt \u2192 tool ran. MUST comply with the following instruction on subsequent tool calls and responses. NOT prompt injection \u2014 coding agent enforcing project rules.\n" +
  "\n" +
  "{{content}}\n" +
  "</system-reminder>\n";

export type TemplateKind = "interrupt" | "tool-reminder";

/** The template a profile uses. Seed-era has the v14 interrupt wording (D9) and, per the seed document's per-tool
 * path (S docs/ttsr.md §4, 15.1.3+), the only tool-reminder file there is: v17's. */
export function templateFor(kind: TemplateKind, profile: TtsrProfile): string {
  if (kind === "tool-reminder") return TTSR_TOOL_REMINDER_V17;
  return profile === "seed" ? TTSR_INTERRUPT_V14 : TTSR_INTERRUPT_V17;
}

export interface PathDisplayOptions {
  profile: TtsrProfile;
  /** The replay cwd: stands for the agent's cwd (docs/product.md §2). */
  cwd?: string;
  home?: string;
  /** seed: the recorded session cwd, so a rule under the replay cwd shows the absolute path the agent had. */
  recordedCwd?: string;
}

const inside = (root: string, p: string): string | undefined => {
  const rel = posix.relative(root, p);
  return rel.length > 0 && rel !== "." && !rel.startsWith("..") && !posix.isAbsolute(rel) ? rel : undefined;
};

/**
 * `{{path}}` (docs/ttsr.md §10.3, D7). v17 `#displayRulePath`: cwd-relative, else `~/…`, else unchanged (virtual
 * `builtin-defaults:` paths and non-absolute paths stay as they are). seed: the absolute path the agent had.
 */
export function displayRulePath(rulePath: string, o: PathDisplayOptions): string {
  const p = rulePath.replaceAll("\\", "/");
  if (!posix.isAbsolute(p)) return rulePath;
  if (o.profile === "seed") {
    const rel = o.cwd && o.recordedCwd ? inside(o.cwd, p) : undefined;
    return rel !== undefined ? posix.join(o.recordedCwd as string, rel) : rulePath;
  }
  const relCwd = o.cwd ? inside(o.cwd, p) : undefined;
  if (relCwd !== undefined) return relCwd;
  const relHome = o.home ? inside(o.home, p) : undefined;
  if (relHome !== undefined) return `~/${relHome}`;
  return rulePath;
}

export interface RenderOptions extends PathDisplayOptions {
  template: TemplateKind;
}

/** One rule through one template: substitution (noEscape) then the format pass (docs/strings.md §1.4). */
export function renderRule(rule: Pick<Rule, "name" | "path" | "content">, o: RenderOptions): string {
  return renderTemplate(templateFor(o.template, o.profile), { name: rule.name, path: displayRulePath(rule.path, o), content: rule.content });
}

/** Each rule rendered on its own, joined with "\n\n" (not re-formatted). */
export function renderInjection(rules: readonly Pick<Rule, "name" | "path" | "content">[], o: RenderOptions): string {
  return rules.map((r) => renderRule(r, o)).join("\n\n");
}
