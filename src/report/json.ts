// The canonical JSON projection: the result itself (summary.json, `audit --json`).
import type { AuditResult } from "../audit/model.js";

export function renderJson(result: AuditResult, opts: { pretty?: boolean } = {}): string {
  return `${JSON.stringify(result, null, opts.pretty === false ? undefined : 2)}\n`;
}

/**
 * JSON.stringify(obj) (compact) cut around the array at `key`: [text up to and including "[", text from "]"].
 * A plain object's JSON is "{" + `"key":value` pairs in own-key order joined by "," + "}", and undefined
 * values are left out, which is what is rebuilt here. `json` writes each other value (JSON.stringify, or a
 * caller's equivalent that changes values first).
 */
export function splitJson(obj: object, key: string, json: (v: unknown) => string | undefined = JSON.stringify): [string, string] {
  let before = "{";
  let after = "";
  let n = 0;
  let past = false;
  for (const [k, v] of Object.entries(obj)) {
    const text = k === key ? "" : json(v);
    if (text === undefined) continue;
    const pair = `${n++ ? "," : ""}${JSON.stringify(k)}:`;
    if (k === key) {
      before += `${pair}[`;
      past = true;
    } else if (past) after += pair + text;
    else before += pair + text;
  }
  return [before, `]${after}}`];
}
