// The hashes Claude Code 2.1.3xx writes into its request records, worked out from the recordings
// (docs/claude-code.md §3): SHA-256 (hex) of JSON with object keys sorted at every level, no spaces, non-ASCII
// kept as is. A message hash is taken without cache_control and with a string content read as one text block;
// the shapeHash of {system, tools}; the requestDigest of the request without the billing block, metadata and
// stream, with cache_control, and with the beta list under `betas`.
import { createHash } from "node:crypto";

/** JSON.stringify with keys sorted at every level (arrays keep their order). */
export const sortedJson = (v: unknown): string => sortedJsonWith(v, sortedJson);

/**
 * The same, each object's own JSON built from `inner` for its items and values (messageJson passes one that
 * remembers blocks). Loops and concatenation rather than map/filter/join: this runs over every message of a session.
 */
function sortedJsonWith(v: unknown, inner: (x: unknown) => string): string {
  if (v === null || typeof v !== "object") return JSON.stringify(v) ?? "null";
  if (Array.isArray(v)) {
    let s = "[";
    for (let i = 0; i < v.length; i++) {
      const x: unknown = v[i];
      if (i > 0) s += ",";
      s += x === undefined ? "null" : inner(x);
    }
    return `${s}]`;
  }
  return objectJson(v as Record<string, unknown>, (_k, x) => inner(x));
}

/** An object's members in sorted key order, undefined ones left out as JSON.stringify does, each value by `value`. */
function objectJson(o: Record<string, unknown>, value: (k: string, x: unknown) => string): string {
  let s = "{";
  let first = true;
  for (const k of Object.keys(o).sort()) {
    const x = o[k];
    if (x === undefined) continue;
    s += `${first ? "" : ","}${JSON.stringify(k)}:${value(k, x)}`;
    first = false;
  }
  return `${s}}`;
}

/**
 * sortedJson of a message, the text of each block of its content taken from `blocks` or remembered there: one
 * rebuild hashes a message once from the lines and again in the requests that hold it (as itself, or as a copy
 * with cache_control set on a block, whose other blocks are the same objects). Only blocks are remembered, so
 * what the map holds is about the session's message text once. The blocks are never changed once built
 * (cache_control is set on copies: requests.ts), so identity is a safe key.
 */
export function messageJson(m: unknown, blocks: Map<object, string>): string {
  if (m === null || typeof m !== "object" || Array.isArray(m)) return sortedJson(m);
  return objectJson(m as Record<string, unknown>, (k, x) =>
    k === "content" && Array.isArray(x) ? sortedJsonWith(x, (b) => blockJson(b, blocks)) : sortedJson(x),
  );
}

function blockJson(b: unknown, blocks: Map<object, string>): string {
  if (b === null || typeof b !== "object") return sortedJson(b);
  let s = blocks.get(b);
  if (s === undefined) {
    s = sortedJson(b);
    blocks.set(b, s);
  }
  return s;
}

export const sha256Hex = (text: string): string => createHash("sha256").update(text, "utf8").digest("hex");

/** A deep copy without any cache_control key. */
export function withoutCacheControl(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(withoutCacheControl);
  if (v !== null && typeof v === "object") {
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v as Record<string, unknown>)) if (k !== "cache_control") out[k] = withoutCacheControl(x);
    return out;
  }
  return v;
}

/**
 * What withoutCacheControl gives, as JSON, sharing every part that holds no cache_control key: the part itself is
 * returned, so messageJson knows its blocks. A part with a `__proto__` key is copied as withoutCacheControl copies it
 * (the copy sets the prototype instead of keeping the key).
 */
export function sharedWithoutCacheControl(v: unknown): unknown {
  if (!holdsStripped(v)) return v;
  if (Array.isArray(v)) {
    let out: unknown[] | undefined;
    for (let i = 0; i < v.length; i++) {
      const x: unknown = v[i];
      const y = sharedWithoutCacheControl(x);
      if (out) out.push(y);
      else if (y !== x) {
        out = v.slice(0, i);
        out.push(y);
      }
    }
    return out ?? v;
  }
  const o = v as Record<string, unknown>;
  if (Object.hasOwn(o, "__proto__")) return withoutCacheControl(o);
  let out: Record<string, unknown> | undefined;
  for (const k of Object.keys(o)) {
    const x = o[k];
    const y = k === "cache_control" ? undefined : sharedWithoutCacheControl(x);
    if (out) {
      if (k !== "cache_control") out[k] = y;
    } else if (y !== x || k === "cache_control") {
      // The first change: a copy of the keys before it, then this one and the rest.
      out = {};
      for (const j of Object.keys(o)) {
        if (j === k) break;
        out[j] = o[j];
      }
      if (k !== "cache_control") out[k] = y;
    }
  }
  return out ?? o;
}

/**
 * Whether a cache_control or __proto__ key is anywhere in the value (what sharedWithoutCacheControl would drop or
 * copy). A walk without allocation: most messages hold neither and are their own stripped form. (for…in also
 * lists inherited keys, which can only say yes where the full strip then decides.)
 */
function holdsStripped(v: unknown): boolean {
  if (v === null || typeof v !== "object") return false;
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) if (holdsStripped(v[i])) return true;
    return false;
  }
  const o = v as Record<string, unknown>;
  for (const k in o) if (k === "cache_control" || k === "__proto__" || holdsStripped(o[k])) return true;
  return false;
}

/** The message as the records hash it and as the requests hold it before sending: string content as one text block. */
export function blockForm<M extends { content: unknown }>(m: M): M {
  return typeof m.content === "string" ? { ...m, content: [{ type: "text", text: m.content }] } : m;
}

// One hash form per message object that needs a copy, so that every request holds the same one.
const hashForms = new WeakMap<object, object>();

/**
 * blockForm of the message without cache_control: the form a message hash is taken of and a rebuilt request
 * holds before cache_control is set. Shared: the same object for a message each time (never to be changed).
 */
export function hashForm<M extends { role: string; content: unknown }>(m: M): M {
  // Block content without cache_control: the message itself, nothing to remember.
  if (typeof m.content !== "string" && !holdsStripped(m)) return m;
  let f = hashForms.get(m);
  if (f === undefined) {
    f = blockForm(sharedWithoutCacheControl(m) as M);
    hashForms.set(m, f);
  }
  return f as M;
}

/** The hash a request record names a message by; `blocks` as for messageJson. */
export const messageHash = (m: { role: string; content: unknown }, blocks?: Map<object, string>): string =>
  sha256Hex(blocks ? messageJson(hashForm(m), blocks) : sortedJson(hashForm(m)));
