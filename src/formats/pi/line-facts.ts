// A pi line's own facts: what the reader learns from the line alone (no state of the file), so this part
// of reading — decoding, JSON.parse, the lone-surrogate scan and the entry schema — can run for many lines
// on other threads and the file's reader (parse.ts) carries on from the facts in line order.
import type { SchemaIssue } from "../../schema/ajv.js";
import { findLoneSurrogate, isObject, MAX_DEPTH, parseJson, type JsonParse } from "../../shared/json.js";
import type { LineRecord } from "../../shared/lines.js";
import { checkRecordSchema } from "./schema.js";
import type { PiVersion } from "./model.js";

export interface PiLineFacts {
  no: number;
  terminated: boolean;
  invalidUtf8?: boolean;
  /** The line ends with "\r". */
  cr: boolean;
  /** Only white space: a skipped line, never parsed. */
  blank: boolean;
  parsed?: JsonParse;
  /** JSON pointer of a lone surrogate in the parsed value. */
  surrogate?: string;
  /** Entry-schema issues, when computed here (a line after the header, by the header's version). */
  schema?: SchemaIssue[];
}

/** Whether the JSON text holds an escape `\\uD8..`-`\\uDF..` (a surrogate written escaped): indexOf, not a regex, as it runs over every byte. */
function maybeSurrogateEscape(text: string): boolean {
  for (let i = text.indexOf("\\u"); i !== -1; i = text.indexOf("\\u", i + 2)) {
    const a = text.charCodeAt(i + 2) | 0x20;
    const b = text.charCodeAt(i + 3) | 0x20;
    if (a === 0x64 && (b === 0x38 || b === 0x39 || (b >= 0x61 && b <= 0x66))) return true;
  }
  return false;
}

/**
 * The facts of one line; with `version`, also its entry-schema issues (for an object that is not a header).
 * `escapes` false: the caller knows the text holds no "\\u" escape (so no escaped surrogate to look for).
 */
export function piLineFacts(rec: LineRecord, version?: PiVersion, escapes = true): PiLineFacts {
  const f: PiLineFacts = { no: rec.no, terminated: rec.terminated, cr: rec.text.endsWith("\r"), blank: rec.text.trim() === "" };
  if (rec.invalidUtf8) f.invalidUtf8 = true;
  if (f.blank) return f;
  const parsed = parseJson(rec.text, MAX_DEPTH, rec.openingBrackets);
  f.parsed = parsed;
  if (!parsed.ok) return f;
  if (escapes && maybeSurrogateEscape(rec.text)) {
    const ptr = findLoneSurrogate(parsed.value);
    if (ptr !== undefined) f.surrogate = ptr;
  }
  if (version !== undefined && isObject(parsed.value) && parsed.value.type !== "session") f.schema = checkRecordSchema(parsed.value, version);
  return f;
}

/**
 * What the file's reader reads below an entry's own fields after the per-line work (parse.ts #onEntry and
 * finish: migrate.ts, tree.ts, newer.ts, load18.ts, profile.ts): the message's role and tool name, whether a
 * usage has a cost (load18.ts), which keys an entry's details have (newer.ts), whether preserveData holds a
 * snapcompact (tree.ts). KEEP_KEYS keeps the keys of an object, each value reduced to its presence.
 */
type Keep = { readonly [key: string]: Keep } | typeof KEEP_KEYS | typeof PRESENCE;
const PRESENCE = 0;
const KEEP_KEYS = 1;
const USAGE: Keep = { cost: PRESENCE };
const BELOW: { readonly [key: string]: Keep } = {
  message: { role: PRESENCE, toolName: PRESENCE, usage: USAGE, details: { usage: USAGE } },
  usage: USAGE,
  details: KEEP_KEYS,
  preserveData: { snapcompact: PRESENCE },
};

/**
 * The facts with the parsed value reduced for crossing threads (and for a reader that keeps the entries for
 * validation only, never a context or a replay): the entry's own fields as they are, except that an array
 * becomes empty and an object keeps only what BELOW names. Objects and arrays the reader does not look into
 * become empty ones, strings it only tests for presence stay (short ones) or become "" — so every check after
 * the per-line work sees what it would see in the whole entry, and the findings are the same (the property
 * test in test/property holds it). A check that comes to read more of an entry must name it in BELOW.
 */
export function slimFacts(f: PiLineFacts): PiLineFacts {
  if (!f.parsed?.ok || typeof f.parsed.value !== "object" || f.parsed.value === null) return f;
  // A line holding an array is reported by its kind only.
  const value = Array.isArray(f.parsed.value) ? [] : slimEntry(f.parsed.value as Record<string, unknown>);
  if (f.invalidUtf8 || f.blank || f.surrogate !== undefined) return Object.assign({}, f, { parsed: { ok: true, value } });
  return plainFacts(f.no, f.terminated, f.cr, value, f.schema);
}

/**
 * The facts of a line that parsed, with nothing else to say about its bytes (most lines), always made the same
 * way (here and when they come from another thread, app/validate/chunks.ts): the reader that takes them in then
 * sees one shape of object, and its optimised code is not thrown away for a second one.
 */
export function plainFacts(no: number, terminated: boolean, cr: boolean, value: unknown, schema: SchemaIssue[] | undefined): PiLineFacts {
  const f: PiLineFacts = { no, terminated, cr, blank: false, parsed: { ok: true, value } };
  if (schema !== undefined) f.schema = schema;
  return f;
}

function slimEntry(o: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k in o) {
    const v = o[k];
    const keep = Object.hasOwn(BELOW, k) ? BELOW[k] : PRESENCE;
    set(out, k, typeof v === "object" && v !== null ? reduce(v, keep) : v);
  }
  return out;
}

/** An object or array reduced to what `keep` names (a primitive stays as it is: the checks compare them). */
function reduce(v: unknown, keep: Keep): unknown {
  if (typeof v !== "object" || v === null) return v;
  if (Array.isArray(v)) return [];
  if (keep === PRESENCE) return {};
  const o = v as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  if (keep === KEEP_KEYS) {
    for (const k in o) set(out, k, 0);
    return out;
  }
  for (const k in keep) if (Object.hasOwn(o, k)) set(out, k, reduce(o[k], (keep as Record<string, Keep>)[k]));
  return out;
}

function set(o: Record<string, unknown>, k: string, v: unknown): void {
  // A "__proto__" key from the log stays an own key, as JSON.parse made it (plain assignment would set the prototype).
  if (k === "__proto__") Object.defineProperty(o, k, { value: v, enumerable: true, writable: true, configurable: true });
  else o[k] = v;
}
