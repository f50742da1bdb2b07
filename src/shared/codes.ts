// The one code catalogue: every diagnostic code sightline emits, with its wording.
// Each area keeps its entries in codes/<area>.ts (so areas can grow independently); this file joins them
// and the docs print the result (`sightline codes`).
import { generalCodes } from "./codes/general.js";
import { scorelCodes } from "./codes/scorel.js";
import { piCodes } from "./codes/pi.js";
import { yoiCodes } from "./codes/yoi.js";
import { claudeCodeCodes } from "./codes/claude-code.js";
import { codexCodes } from "./codes/codex.js";
import { capsuleCodes } from "./codes/capsule.js";
import { ttsrCodes } from "./codes/ttsr.js";
import { contextCodes } from "./codes/context.js";
import { appCodes } from "./codes/app.js";
import type { AnyCodeSpec, Catalogue } from "./codes/types.js";

const parts = { generalCodes, scorelCodes, piCodes, yoiCodes, claudeCodeCodes, codexCodes, capsuleCodes, ttsrCodes, contextCodes, appCodes } as const;

export const catalogue = {
  ...generalCodes,
  ...scorelCodes,
  ...piCodes,
  ...yoiCodes,
  ...claudeCodeCodes,
  ...codexCodes,
  ...capsuleCodes,
  ...ttsrCodes,
  ...contextCodes,
  ...appCodes,
} satisfies Catalogue;

export type CodeName = keyof typeof catalogue;

/** A code without data to word it from takes no args (`{}` or nothing). */
export type NoArgs = Record<string, never>;

/** The data a code is worded from, as its catalogue wording declares it. */
export type ArgsOf<C extends CodeName> = Parameters<(typeof catalogue)[C]["message"]> extends [infer A, ...unknown[]] ? A : NoArgs;

/** The args position of `diag` / `bag.add`: optional when the code needs no data, then the severity override. */
export type ArgsParam<C extends CodeName, S> = NoArgs extends ArgsOf<C> ? [args?: ArgsOf<C>, severity?: S] : [args: ArgsOf<C>, severity?: S];

/** A finding as data: one code with the args its wording needs (a union over the catalogue, or over `C`). */
export type Coded<C extends CodeName = CodeName> = { [K in C]: { code: K; args: ArgsOf<K> } }[C];

/** `{code, args}` for a code held in a variable of a union type (TypeScript cannot relate the two itself). */
export const coded = <C extends CodeName>(code: C, args: ArgsOf<C>): Coded => ({ code, args }) as Coded;

/** The codes whose args are exactly `A` (for helpers that build many codes of one shape). */
export type CodesWithArgs<A> = { [K in CodeName]: [ArgsOf<K>] extends [A] ? ([A] extends [ArgsOf<K>] ? K : never) : never }[CodeName];

/** Codes defined twice across areas (must stay empty; checked by a test). */
export function duplicateCodes(): string[] {
  const seen = new Map<string, number>();
  for (const part of Object.values(parts) as Catalogue[]) for (const k of Object.keys(part)) seen.set(k, (seen.get(k) ?? 0) + 1);
  return [...seen].filter(([, n]) => n > 1).map(([k]) => k);
}

export function codeSpec(code: string): AnyCodeSpec | undefined {
  return (catalogue as Catalogue)[code];
}
