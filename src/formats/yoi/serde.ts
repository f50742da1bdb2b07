// A tiny re-statement of what serde derive accepts for yoi's Rust types: a checker returns the first
// error in serde_json's wording (without its "at line 1 column N" suffix, which sightline cannot
// reproduce byte for byte) or null. Unknown fields are ignored (no deny_unknown_fields upstream).
// Known gaps, kept on purpose: JSON.parse loses the lexeme, so `1.0` passes where serde wants an
// integer, and duplicate keys (serde: "duplicate field") are not seen.
import { isObject } from "../../shared/json.js";

export type Check = (v: unknown) => string | null;

const MAX_U64 = 18446744073709551615;

/** How serde names a value in "invalid type: X, expected Y". */
export function unexpected(v: unknown): string {
  if (v === null) return "null";
  if (typeof v === "boolean") return `boolean \`${v}\``;
  if (typeof v === "number") return Number.isInteger(v) ? `integer \`${v}\`` : `floating point \`${v}\``;
  if (typeof v === "string") return `string ${JSON.stringify(v)}`;
  if (Array.isArray(v)) return "sequence";
  return "map";
}

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
export const u8 = uint("u8", 255);
export const i32: Check = (v) =>
  typeof v === "number" && Number.isInteger(v)
    ? v < -2147483648 || v > 2147483647
      ? `invalid value: integer \`${v}\`, expected i32`
      : null
    : invalidType(v, "i32");
export const f32: Check = (v) => (typeof v === "number" ? null : invalidType(v, "f32"));
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

export const option = (c: Check): Check => (v) => (v === null ? null : c(v));
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

export const unitEnum =
  (name: string, variants: readonly string[]): Check =>
  (v) => {
    if (typeof v !== "string") return invalidType(v, `enum ${name}`);
    return variants.includes(v) ? null : unknownVariant(v, variants);
  };

const unknownVariant = (v: string, variants: readonly string[]) =>
  `unknown variant \`${v}\`, expected ${variants.length === 1 ? `\`${variants[0]}\`` : `one of ${variants.map((x) => `\`${x}\``).join(", ")}`}`;

/** A struct field: required (missing → "missing field"), or with a default / Option (missing is fine). */
export interface Field {
  check: Check;
  optional?: boolean;
}
export type Fields = Record<string, Field | Check>;

function checkFields(o: Record<string, unknown>, fields: Fields): string | null {
  for (const [k, f] of Object.entries(fields)) {
    const field = typeof f === "function" ? { check: f } : f;
    if (!Object.hasOwn(o, k)) {
      if (field.optional) continue;
      return `missing field \`${k}\``;
    }
    const e = field.check(o[k]);
    if (e) return e;
  }
  return null;
}

export const opt = (check: Check): Field => ({ check, optional: true });
/** serde derive: a missing Option<T> field is None even without #[serde(default)]. */
export const optNull = (check: Check): Field => ({ check: option(check), optional: true });

export const struct =
  (name: string, fields: Fields): Check =>
  (v) =>
    isObject(v) ? checkFields(v, fields) : invalidType(v, `struct ${name}`);

/** An internally tagged enum (#[serde(tag = "kind")]); `other` = the #[serde(other)] unit variant. */
export function tagged(name: string, variants: Record<string, Fields>, other = false): Check {
  const names = Object.keys(variants);
  return (v) => {
    if (!isObject(v)) return invalidType(v, `internally tagged enum ${name}`);
    if (!Object.hasOwn(v, "kind")) return "missing field `kind`";
    const k = v.kind;
    if (typeof k !== "string") return invalidType(k, "variant identifier");
    const fields = variants[k];
    if (!fields || !Object.hasOwn(variants, k)) return other ? null : unknownVariant(k, names);
    return checkFields(v, fields);
  };
}
