// A tiny re-statement of what serde derive accepts for yoi's Rust types: a checker returns the first
// error in serde_json's wording (without its "at line 1 column N" suffix, which sightline cannot
// reproduce byte for byte) or null. Unknown fields are ignored (no deny_unknown_fields upstream).
// Values come from JSON.parse, or from serdeView (lexeme.ts) when a line holds f64 lexemes (`1.0`) or
// duplicate keys: then numbers serde reads as f64 are FloatLex and repeated keys are recorded.
import { isObject } from "../../shared/json.js";
import { anyDuplicateKeys, duplicateKeys, FloatLex } from "./lexeme.js";

export type Check = (v: unknown) => string | null;

// u64::MAX (18446744073709551615) as a double is 2^64: the same number JSON.parse gives for it.
const MAX_U64 = 2 ** 64;

/** How serde names a value in "invalid type: X, expected Y". */
export function unexpected(v: unknown): string {
  if (v === null) return "null";
  if (v instanceof FloatLex) return `floating point \`${floatText(v.value)}\``;
  if (typeof v === "boolean") return `boolean \`${v}\``;
  if (typeof v === "number") return Number.isInteger(v) ? `integer \`${v}\`` : `floating point \`${v}\``;
  if (typeof v === "string") return `string ${JSON.stringify(v)}`;
  if (Array.isArray(v)) return "sequence";
  return "map";
}

/** Rust prints an integral f64 with a ".0" (serde's WithDecimalPoint); -0 as "-0.0". */
function floatText(n: number): string {
  if (Object.is(n, -0)) return "-0.0";
  const t = String(n);
  return Number.isInteger(n) && !/[e.]/.test(t) ? `${t}.0` : t;
}

/** A JSON object (not a FloatLex stand-in for a number). */
const isMap = (v: unknown): v is Record<string, unknown> => isObject(v) && !(v instanceof FloatLex);

const invalidType = (v: unknown, exp: string) => `invalid type: ${unexpected(v)}, expected ${exp}`;

function uint(name: string, max: number): Check {
  return (v) => {
    if (typeof v !== "number") return invalidType(v, name);
    if (!Number.isInteger(v)) return invalidType(v, name);
    if (v < 0 || v > max) return `invalid value: integer \`${v}\`, expected ${name}`;
    return null;
  };
}

export const u64 = uint("u64", MAX_U64);
export const usize = uint("usize", MAX_U64);
export const u32 = uint("u32", 4294967295);
export const i32: Check = (v) =>
  typeof v === "number" && Number.isInteger(v)
    ? v < -2147483648 || v > 2147483647
      ? `invalid value: integer \`${v}\`, expected i32`
      : null
    : invalidType(v, "i32");
export const f32: Check = (v) => (typeof v === "number" || v instanceof FloatLex ? null : invalidType(v, "f32"));
export const str: Check = (v) => (typeof v === "string" ? null : invalidType(v, "a string"));
export const bool: Check = (v) => (typeof v === "boolean" ? null : invalidType(v, "a boolean"));
export const any: Check = () => null;
/** PathBuf deserializes from a string. */
export const path: Check = (v) => (typeof v === "string" ? null : invalidType(v, "path string"));

// uuid crate: hyphenated, simple (32 hex), urn:uuid: and braced forms.
const UUID_RE = /^(?:urn:uuid:)?(?:[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}|[0-9a-fA-F]{32})$/;
const UUID_BRACED = /^\{[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}\}$/;
export const uuid: Check = (v) => {
  if (typeof v !== "string") return invalidType(v, "UUID");
  return UUID_RE.test(v) || UUID_BRACED.test(v) ? null : `UUID parsing failed: invalid UUID ${JSON.stringify(v)}`;
};

// base64 STANDARD engine: padded, canonical (no stray trailing bits).
const B64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
const B64_VAL = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
export const base64: Check = (v) => {
  if (typeof v !== "string") return invalidType(v, "a string");
  if (!B64.test(v)) return "Invalid base64 input";
  const m = /([A-Za-z0-9+/])(=+)$/.exec(v);
  if (m) {
    const bits = B64_VAL.indexOf(m[1]);
    const mask = m[2].length === 2 ? 0x0f : 0x03;
    if ((bits & mask) !== 0) return "Invalid last symbol, forming a non-canonical encoding";
  }
  return null;
};

export const option =
  (c: Check): Check =>
  (v) =>
    v === null ? null : c(v);
export const vec =
  (c: Check): Check =>
  (v) => {
    if (!Array.isArray(v)) return invalidType(v, "a sequence");
    for (const x of v) {
      const e = c(x);
      if (e) return e;
    }
    return null;
  };

/**
 * A unit-only enum inside buffered content (ContentRefDeserializer::deserialize_enum): a string names the
 * variant; a single-key map {variant: null} is the externally tagged form and also works.
 */
export const unitEnum =
  (name: string, variants: readonly string[]): Check =>
  (v) => {
    void name;
    if (typeof v === "string") return variants.includes(v) ? null : unknownVariant(v, variants);
    if (!isMap(v)) return invalidType(v, "string or map");
    const keys = Object.keys(v);
    if (keys.length !== 1) return "invalid value: map, expected map with a single key";
    if (!variants.includes(keys[0])) return unknownVariant(keys[0], variants);
    return v[keys[0]] === null ? null : invalidType(v[keys[0]], "unit variant");
  };

const unknownVariant = (v: string, variants: readonly string[]) =>
  `unknown variant \`${v}\`, expected ${variants.length === 1 ? `\`${variants[0]}\`` : `one of ${variants.map((x) => `\`${x}\``).join(", ")}`}`;

/** A struct field: required (missing → "missing field"), or with a default / Option (missing is fine). */
export interface Field {
  check: Check;
  optional?: boolean;
}
export type Fields = Record<string, Field | Check>;

function checkFields(o: Record<string, unknown>, c: CompiledFields): string | null {
  // serde derive rejects a known field given twice (unknown ones are skipped, repeats included).
  if (anyDuplicateKeys()) {
    const dup = duplicateKeys.get(o)?.find((k) => c.checks.has(k));
    if (dup !== undefined) return `duplicate field \`${dup}\``;
  }
  // Values are deserialized in input order; missing fields are only noticed at the end. (for-in: the object's
  // own keys in Object.keys order, JSON.parse and the serde view make plain objects, and no key array.)
  for (const k in o) {
    const check = c.checks.get(k);
    if (check === undefined) continue;
    const e = check(o[k]);
    if (e) return e;
  }
  for (const k of c.required) if (!Object.hasOwn(o, k)) return `missing field \`${k}\``;
  return null;
}

/** A struct's fields as checkFields reads them: made once per struct (every line of a log checks several). */
interface CompiledFields {
  checks: ReadonlyMap<string, Check>;
  /** Fields neither optional nor defaulted, in declaration order (the first missing one is reported). */
  required: readonly string[];
}
function compileFields(fields: Fields): CompiledFields {
  const entries = Object.entries(fields).map(([k, f]) => [k, typeof f === "function" ? { check: f } : f] as const);
  return { checks: new Map(entries.map(([k, f]) => [k, f.check])), required: entries.filter(([, f]) => !f.optional).map(([k]) => k) };
}

export const opt = (check: Check): Field => ({ check, optional: true });
/** serde derive: a missing Option<T> field is None even without #[serde(default)]. */
export const optNull = (check: Check): Field => ({ check: option(check), optional: true });

export function struct(name: string, fields: Fields): Check {
  const c = compileFields(fields);
  return (v) => (isMap(v) ? checkFields(v, c) : invalidType(v, `struct ${name}`));
}

/** An internally tagged enum (#[serde(tag = "kind")]); `other` = the #[serde(other)] unit variant. */
export function tagged(name: string, variants: Record<string, Fields>, other = false): Check {
  const names = Object.keys(variants);
  const byKind = new Map(names.map((k) => [k, compileFields(variants[k])]));
  return (v) => {
    if (!isMap(v)) return invalidType(v, `internally tagged enum ${name}`);
    if (!Object.hasOwn(v, "kind")) return "missing field `kind`";
    if (anyDuplicateKeys() && duplicateKeys.get(v)?.includes("kind")) return "duplicate field `kind`";
    const k = v.kind;
    if (typeof k !== "string") return invalidType(k, "variant identifier");
    const fields = byKind.get(k);
    if (fields === undefined) return other ? null : unknownVariant(k, names);
    return checkFields(v, fields);
  };
}
