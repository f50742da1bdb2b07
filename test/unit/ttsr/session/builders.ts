// Tiny typed builders for the session-layer vectors (ttsr-spec §14 "Session-level vectors").
import { TtsrManager } from "../../../../src/ttsr/manager.js";
import { TtsrCoordinator } from "../../../../src/ttsr/session/coordinator.js";
import { ruleRenderer } from "../../../../src/ttsr/session/renderer.js";
import type { DeltaEvent, Effect } from "../../../../src/ttsr/session/types.js";
import type { InterruptMode, Rule, TtsrProfile, TtsrSettings } from "../../../../src/ttsr/types.js";

/** R(name, …): path /proj/.omp/rules/<name>.md, a one-line body naming the rule. */
export function R(name: string, condition: string | string[], extra: Partial<Rule> = {}): Rule {
  return {
    name,
    path: `/proj/.omp/rules/${name}.md`,
    content: `Body of ${name}.`,
    condition: Array.isArray(condition) ? condition : [condition],
    ...extra,
  };
}

export function withMode(r: Rule, interruptMode: InterruptMode): Rule {
  return { ...r, interruptMode };
}

export interface Setup {
  c: TtsrCoordinator;
  m: TtsrManager;
  render: ReturnType<typeof ruleRenderer>;
}

/** The profile `setup` uses when none is named: v17, or v18 when the vectors re-run under it (vectors-v18.test.ts). */
export const vectorProfile: { current: TtsrProfile } = { current: "v17" };

export function setup(rules: Rule[], settings: Partial<TtsrSettings> = {}, profile: TtsrProfile = vectorProfile.current, cwd = "/proj"): Setup {
  const m = new TtsrManager(settings, { profile });
  for (const r of rules) m.addRule(r);
  const render = ruleRenderer({ profile, cwd: "/proj", home: "/root" });
  return { c: new TtsrCoordinator({ manager: m, renderer: render, cwd }), m, render };
}

export const text = (delta: string): DeltaEvent => ({ source: "text", delta });
export const thinking = (delta: string): DeltaEvent => ({ source: "thinking", delta });
export const tool = (id: string, name: string, args: Record<string, unknown>, delta = JSON.stringify(args), contentIndex = 0): DeltaEvent => ({
  source: "tool",
  delta,
  contentIndex,
  toolCall: { id, name, arguments: args },
});

export const kinds = (effects: Effect[]): string[] => effects.map((e) => e.kind);
export function ofKind<K extends Effect["kind"]>(effects: Effect[], kind: K): Extract<Effect, { kind: K }>[] {
  return effects.filter((e): e is Extract<Effect, { kind: K }> => e.kind === kind);
}
export const persisted = (effects: Effect[]) => ofKind(effects, "persist").map((e) => e.record);
export const names = (rules: readonly Rule[]): string[] => rules.map((r) => r.name);
