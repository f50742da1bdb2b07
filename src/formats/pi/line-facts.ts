// A pi line's own facts: what the reader learns from the line alone (no state of the file), so this part
// of reading — decoding, JSON.parse, the lone-surrogate scan and the entry schema — can run for many lines
// on other threads and the file's reader (parse.ts) carries on from the facts in line order.
import type { SchemaIssue } from "../../schema/ajv.js";
import { findLoneSurrogate, isObject, parseJson, type JsonParse } from "../../shared/json.js";
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

const MAYBE_SURROGATE = /\\u[dD][89a-fA-F]/;

/** The facts of one line; with `version`, also its entry-schema issues (for an object that is not a header). */
export function piLineFacts(rec: LineRecord, version?: PiVersion): PiLineFacts {
  const f: PiLineFacts = { no: rec.no, terminated: rec.terminated, cr: rec.text.endsWith("\r"), blank: rec.text.trim() === "" };
  if (rec.invalidUtf8) f.invalidUtf8 = true;
  if (f.blank) return f;
  const parsed = parseJson(rec.text);
  f.parsed = parsed;
  if (!parsed.ok) return f;
  if (MAYBE_SURROGATE.test(rec.text)) {
    const ptr = findLoneSurrogate(parsed.value);
    if (ptr !== undefined) f.surrogate = ptr;
  }
  if (version !== undefined && isObject(parsed.value) && parsed.value.type !== "session") f.schema = checkRecordSchema(parsed.value, version);
  return f;
}

/** Strings longer than this, below an entry's own fields, are replaced by SLIM_TEXT in slimmed facts. */
const SLIM_MAX = 64;
export const SLIM_TEXT = "\u2026";
/** Objects nested deeper than this (the entry itself is depth 1) become empty objects. */
const SLIM_DEPTH = 3;

/**
 * The facts with the parsed value slimmed for crossing threads, keeping what the file's reader checks after
 * the per-line work (parse.ts onRecord and finish: ids and references, types, roles, usage and its cost,
 * details keys, key sets of compactions — tree.ts, newer.ts, load18.ts, profile.ts, migrate.ts): the entry's
 * own fields as they are; below them strings longer than SLIM_MAX become SLIM_TEXT, arrays become empty
 * (message content, tool output) and objects below SLIM_DEPTH become empty objects. None of those checks
 * reads text, an array below the entry or anything deeper, so the findings are the same (the property test
 * in test/property holds it); the entries of a session read this way serve validation only, never a
 * context or a replay. A check that comes to read deeper must deepen this too.
 */
export function slimFacts(f: PiLineFacts): PiLineFacts {
  if (!f.parsed?.ok || !isObject(f.parsed.value)) return f;
  return { ...f, parsed: { ok: true, value: slimObject(f.parsed.value, 1) } };
}

function slimValue(v: unknown, depth: number): unknown {
  if (typeof v === "string") return depth > 1 && v.length > SLIM_MAX ? SLIM_TEXT : v;
  if (Array.isArray(v)) return depth > 1 ? [] : v.map((x) => slimValue(x, depth + 1));
  if (isObject(v)) return depth >= SLIM_DEPTH ? {} : slimObject(v, depth + 1);
  return v;
}

function slimObject(o: Record<string, unknown>, depth: number): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  // defineProperty: a "__proto__" key from the log stays an own key, as JSON.parse made it.
  for (const [k, v] of Object.entries(o)) Object.defineProperty(out, k, { value: slimValue(v, depth), enumerable: true, writable: true, configurable: true });
  return out;
}
