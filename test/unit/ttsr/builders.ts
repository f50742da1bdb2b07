// Tiny typed builders for TTSR tests: R(name, frontmatter) as ttsr-spec §14 writes it.
import { TtsrManager } from "../../../src/ttsr/manager.js";
import { buildRule } from "../../../src/ttsr/rule-file.js";
import type { Rule, TtsrMatchContext, TtsrProfile, TtsrSettings } from "../../../src/ttsr/types.js";

export const PROFILES: readonly TtsrProfile[] = ["seed", "v17"];

/** The rule `parseRuleConditionAndScope(frontmatter)` builds, with path /proj/.omp/rules/<name>.md. */
export const R = (name: string, fm: Record<string, unknown>, profile: TtsrProfile, content = `body of ${name}`): Rule =>
  buildRule(name, `/proj/.omp/rules/${name}.md`, content, fm, profile);

export const mgr = (profile: TtsrProfile, settings?: Partial<TtsrSettings> | Record<string, unknown>): TtsrManager => new TtsrManager(settings, { profile });

/** A manager with the given rules added (asserting nothing about registration). */
export function withRules(profile: TtsrProfile, rules: Record<string, Record<string, unknown>>, settings?: Record<string, unknown>): TtsrManager {
  const m = mgr(profile, settings);
  for (const [name, fm] of Object.entries(rules)) m.addRule(R(name, fm, profile));
  return m;
}

export const names = (rules: readonly Rule[]): string[] => rules.map((r) => r.name);

export const text: TtsrMatchContext = { source: "text" };
export const thinking: TtsrMatchContext = { source: "thinking" };
export const tool = (toolName?: string, filePaths?: string[], streamKey?: string): TtsrMatchContext => {
  const c: TtsrMatchContext = { source: "tool" };
  if (toolName !== undefined) c.toolName = toolName;
  if (filePaths !== undefined) c.filePaths = filePaths;
  if (streamKey !== undefined) c.streamKey = streamKey;
  return c;
};
