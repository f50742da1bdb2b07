// The one code catalogue: every diagnostic code sightline emits, with its wording.
// Each area keeps its entries in codes/<area>.ts (so areas can grow independently); this file joins them
// and the docs print the result (`sightline codes`).
import { generalCodes } from "./codes/general.js";
import { scorelCodes } from "./codes/scorel.js";
import { piCodes } from "./codes/pi.js";
import { yoiCodes } from "./codes/yoi.js";
import { capsuleCodes } from "./codes/capsule.js";
import { ttsrCodes } from "./codes/ttsr.js";
import { contextCodes } from "./codes/context.js";
import { appCodes } from "./codes/app.js";
import type { Catalogue, CodeSpec } from "./codes/types.js";

const parts = { generalCodes, scorelCodes, piCodes, yoiCodes, capsuleCodes, ttsrCodes, contextCodes, appCodes } as const;

export const catalogue = {
  ...generalCodes,
  ...scorelCodes,
  ...piCodes,
  ...yoiCodes,
  ...capsuleCodes,
  ...ttsrCodes,
  ...contextCodes,
  ...appCodes,
} satisfies Catalogue;

export type CodeName = keyof typeof catalogue;

/** Codes defined twice across areas (must stay empty; checked by a test). */
export function duplicateCodes(): string[] {
  const seen = new Map<string, number>();
  for (const part of Object.values(parts) as Catalogue[]) for (const k of Object.keys(part)) seen.set(k, (seen.get(k) ?? 0) + 1);
  return [...seen].filter(([, n]) => n > 1).map(([k]) => k);
}

export function codeSpec(code: string): CodeSpec | undefined {
  return (catalogue as Catalogue)[code];
}
