// Types of rules.mjs for the TypeScript tests.
export interface BenchRule {
  name: string;
  condition: string;
  scope: string | null;
  sample: string;
}
export declare const RULE_COUNT: number;
export declare const rules: BenchRule[];
export declare function compiledConditions(): RegExp[];
export declare function ruleFile(rule: BenchRule): string;
export declare const samples: { text: string[]; thinking: string[]; bash: string[]; code: string[] };
