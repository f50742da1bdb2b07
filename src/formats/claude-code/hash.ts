// The hashes Claude Code 2.1.3xx writes into its request records, worked out from the recordings
// (docs/claude-code.md §3): SHA-256 (hex) of JSON with object keys sorted at every level, no spaces, non-ASCII
// kept as is. A message hash is taken without cache_control and with a string content read as one text block;
// the shapeHash of {system, tools}; the requestDigest of the request without the billing block, metadata and
// stream, with cache_control, and with the beta list under `betas`.
import { createHash } from "node:crypto";

/** JSON.stringify with keys sorted at every level (arrays keep their order). */
export function sortedJson(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map((x) => (x === undefined ? "null" : sortedJson(x))).join(",")}]`;
  if (v !== null && typeof v === "object") {
    const o = v as Record<string, unknown>;
    const keys = Object.keys(o)
      .filter((k) => o[k] !== undefined)
      .sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${sortedJson(o[k])}`).join(",")}}`;
  }
  return JSON.stringify(v) ?? "null";
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

/** The message as the records hash it and as the requests hold it before sending: string content as one text block. */
export function blockForm<M extends { content: unknown }>(m: M): M {
  return typeof m.content === "string" ? { ...m, content: [{ type: "text", text: m.content }] } : m;
}

export const messageHash = (m: { role: string; content: unknown }): string => sha256Hex(sortedJson(blockForm(withoutCacheControl(m) as typeof m)));
