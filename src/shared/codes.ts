// The one code catalogue: every diagnostic code sightline emits, with its wording (the docs print it:
// `sightline codes`). sightline's own areas keep their entries in codes/<area>.ts; each format keeps its codes in
// its own folder (src/formats/<name>/codes.ts), and the format registry adds them here, so adding a format touches
// no file of this layer (docs/adding-a-format.md).
import { generalCodes } from "./codes/general.js";
import { capsuleCodes } from "./codes/capsule.js";
import { ttsrCodes } from "./codes/ttsr.js";
import { contextCodes } from "./codes/context.js";
import { appCodes } from "./codes/app.js";
import type { AnyCodeSpec, Catalogue } from "./codes/types.js";

/**
 * The catalogue's tables by area, as types. A format's `codes.ts` adds its table by declaration merging
 * (`declare module "../../shared/codes.js" { interface CodeTables { pi: typeof piCodes } }`), so a format's codes
 * are typed at every `diag` without this layer importing formats/.
 */
export interface CodeTables {
  general: typeof generalCodes;
  capsule: typeof capsuleCodes;
  ttsr: typeof ttsrCodes;
  context: typeof contextCodes;
  app: typeof appCodes;
}

type UnionToIntersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void ? I : never;
/** Every table joined, as a type. */
type AllCodes = UnionToIntersection<CodeTables[keyof CodeTables]>;

export type CodeName = keyof AllCodes & string;

const own: Record<string, Catalogue> = { general: generalCodes, capsule: capsuleCodes, ttsr: ttsrCodes, context: contextCodes, app: appCodes };
/** The area each code was defined in (to refuse a code defined twice). */
const areaOf = new Map<string, string>();
const joined: Catalogue = {};

/**
 * Adds an area's table to the catalogue. The format registry adds each registered format's table
 * (src/formats/index.ts); a code another area already defines is refused, so no code has two wordings.
 */
export function registerCodes(area: string, table: Catalogue): void {
  for (const code of Object.keys(table)) {
    const before = areaOf.get(code);
    if (before !== undefined && before !== area) throw new Error(`code ${code} is defined by ${before} and by ${area}`);
  }
  for (const [code, spec] of Object.entries(table)) {
    areaOf.set(code, area);
    joined[code] = spec;
  }
}
for (const [area, table] of Object.entries(own)) registerCodes(area, table);

/** The catalogue: sightline's own areas and every registered format's codes. */
export const catalogue: Readonly<Catalogue> = joined;

/** The area (`general`, `ttsr`, …, or a format's name) that defines a code. */
export const codeArea = (code: string): string | undefined => areaOf.get(code);

/** A code without data to word it from takes no args (`{}` or nothing). */
export type NoArgs = Record<string, never>;

/** The data a code is worded from, as its catalogue wording declares it. */
export type ArgsOf<C extends CodeName> = Parameters<AllCodes[C]["message"]> extends [infer A, ...unknown[]] ? A : NoArgs;

/** The args position of `diag` / `bag.add`: optional when the code needs no data, then the severity override. */
export type ArgsParam<C extends CodeName, S> = NoArgs extends ArgsOf<C> ? [args?: ArgsOf<C>, severity?: S] : [args: ArgsOf<C>, severity?: S];

/** A finding as data: one code with the args its wording needs (a union over the catalogue, or over `C`). */
export type Coded<C extends CodeName = CodeName> = { [K in C]: { code: K; args: ArgsOf<K> } }[C];

/** `{code, args}` for a code held in a variable of a union type (TypeScript cannot relate the two itself). */
export const coded = <C extends CodeName>(code: C, args: ArgsOf<C>): Coded => ({ code, args }) as Coded;

/** The codes whose args are exactly `A` (for helpers that build many codes of one shape). */
export type CodesWithArgs<A> = { [K in CodeName]: [ArgsOf<K>] extends [A] ? ([A] extends [ArgsOf<K>] ? K : never) : never }[CodeName];

/** A code's entry; undefined for a code no registered area defines. */
export function codeSpec(code: string): AnyCodeSpec | undefined {
  return joined[code];
}
