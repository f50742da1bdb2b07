// JSON parsing that never throws and never recurses: a bad line becomes data for a diagnostic.

export type JsonParse = { ok: true; value: unknown } | { ok: false; detail: string; column?: number; tooDeep?: boolean };

/** Deeper than this, sightline's own (recursive) walkers are not run on a value. Real sessions nest < 50. */
export const MAX_DEPTH = 1000;

/** Maximum bracket nesting of a JSON text, ignoring brackets inside strings. O(n), no recursion. */
export function jsonDepth(text: string): number {
  let depth = 0;
  let max = 0;
  let inStr = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inStr) {
      if (c === 92) i++;
      else if (c === 34) inStr = false;
    } else if (c === 34) inStr = true;
    else if (c === 91 || c === 123) {
      if (++depth > max) max = depth;
    } else if (c === 93 || c === 125) depth--;
  }
  return max;
}

/** True when the text holds more than `limit` "{" and "[" characters in total (brackets in strings count too). */
export function openingBracketsExceed(text: string, limit: number): boolean {
  let n = 0;
  for (const ch of ["{", "["]) {
    for (let i = text.indexOf(ch); i !== -1; i = text.indexOf(ch, i + 1)) if (++n > limit) return true;
  }
  return false;
}

/**
 * Parses one JSON text. `maxDepth` rejects pathological nesting before anything recursive sees it
 * (JSON.parse itself copes with 200 000 levels, JSON.stringify and validators do not). `openingBrackets`: the
 * text's count of "{" and "[", when the caller has it (the byte reader's, LineRecord.openingBrackets).
 */
export function parseJson(text: string, maxDepth = MAX_DEPTH, openingBrackets?: number): JsonParse {
  // A text shorter than 2*maxDepth, or holding at most maxDepth opening brackets, cannot nest deeper than
  // maxDepth: the exact scan runs only when a cheap (native indexOf) count cannot rule it out.
  if (
    text.length > 2 * maxDepth &&
    (openingBrackets === undefined ? openingBracketsExceed(text, maxDepth) : openingBrackets > maxDepth) &&
    jsonDepth(text) > maxDepth
  ) {
    return { ok: false, detail: `nesting deeper than ${maxDepth}`, tooDeep: true };
  }
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (e) {
    const msg = e instanceof Error ? e.message : String(e);
    const m = /at position (\d+)/.exec(msg);
    const detail = msg.replace(/, "[\s\S]*" is not valid JSON$/, " (not valid JSON)");
    return m ? { ok: false, detail, column: Number(m[1]) + 1 } : { ok: false, detail };
  }
}

/**
 * A shallow copy of a parsed JSON object, every own key kept as an own key (a "__proto__" key included, as
 * object spread keeps it). Spread is far slower on objects made by JSON.parse in V8 (≈ 20× on a 40,000-entry
 * session), and this runs once per entry of a large file.
 */
export function copyRecord(o: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k in o) {
    if (!Object.hasOwn(o, k)) continue;
    if (k === "__proto__") Object.defineProperty(out, k, { value: o[k], enumerable: true, writable: true, configurable: true });
    else out[k] = o[k];
  }
  return out;
}

export const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** True when the string holds an unpaired UTF-16 surrogate. */
export function hasLoneSurrogate(s: string): boolean {
  // Native (ES2024, every Node this package supports): readers call it on whole lines, where a loop over
  // each character cost more than the line's JSON.parse. The lib this project compiles against predates it.
  return !(s as string & { isWellFormed(): boolean }).isWellFormed();
}

/** JSON pointer of the first string (key or value) holding a lone surrogate, iteratively; undefined if none. */
export function findLoneSurrogate(value: unknown): string | undefined {
  const stack: Array<[unknown, string]> = [[value, ""]];
  while (stack.length > 0) {
    const [v, ptr] = stack.pop()!;
    if (typeof v === "string") {
      if (hasLoneSurrogate(v)) return ptr || "/";
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push([v[i], `${ptr}/${i}`]);
    } else if (isObject(v)) {
      for (const k of Object.keys(v)) {
        const p = `${ptr}/${escapePointer(k)}`;
        if (hasLoneSurrogate(k)) return p;
        stack.push([v[k], p]);
      }
    }
  }
  return undefined;
}

export const escapePointer = (k: string): string => k.replace(/~/g, "~0").replace(/\//g, "~1");
