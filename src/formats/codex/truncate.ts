// Tool outputs as the history keeps them (docs/codex.md §2.2): 0.100.0 records a tool's output whole in the
// rollout and cuts its middle when it enters the history, under the turn's truncation policy
// (turn_context.truncation_policy, measured: {mode: "bytes", limit: 10000}) raised by a fifth for tool outputs.
// The cut keeps the first and last halves of the budget on UTF-8 character boundaries with a marker between
// (codex-rs truncate.rs, described there; this is sightline's own code).

export interface TruncationPolicy {
  mode: "bytes" | "tokens";
  limit: number;
}

/** The policy a turn_context records, or null. */
export function truncationPolicyOf(v: unknown): TruncationPolicy | null {
  if (!v || typeof v !== "object") return null;
  const o = v as Record<string, unknown>;
  if ((o.mode === "bytes" || o.mode === "tokens") && typeof o.limit === "number" && o.limit >= 0) return { mode: o.mode, limit: o.limit };
  return null;
}

const BYTES_PER_TOKEN = 4;
const utf8 = new TextEncoder();
const byteLength = (s: string): number => utf8.encode(s).length;

/**
 * The middle of `s` cut to `maxBytes`: characters that end within the first half stay, characters that start in
 * the last half stay, the rest is replaced by a marker counting removed characters (bytes mode) or approximate
 * tokens of the removed bytes (tokens mode).
 */
export function truncateMiddle(s: string, maxBytes: number, tokens: boolean): string {
  if (s === "") return s;
  const total = byteLength(s);
  const marker = (n: number): string => (tokens ? `…${n} tokens truncated…` : `…${n} chars truncated…`);
  if (maxBytes === 0) return marker(tokens ? Math.ceil(total / BYTES_PER_TOKEN) : [...s].length);
  if (total <= maxBytes) return s;
  const left = Math.floor(maxBytes / 2);
  const tailStart = total - (maxBytes - left);
  let at = 0;
  let prefixEnd = 0;
  let suffixStart = s.length;
  let suffixFound = false;
  let removed = 0;
  let index = 0;
  for (const ch of s) {
    const size = byteLength(ch);
    if (at + size <= left) prefixEnd = index + ch.length;
    else if (at >= tailStart) {
      if (!suffixFound) {
        suffixStart = index;
        suffixFound = true;
      }
    } else removed++;
    at += size;
    index += ch.length;
  }
  if (suffixStart < prefixEnd) suffixStart = prefixEnd;
  const count = tokens ? Math.ceil((total - maxBytes) / BYTES_PER_TOKEN) : removed;
  return `${s.slice(0, prefixEnd)}${marker(count)}${s.slice(suffixStart)}`;
}

/** Tool outputs get a fifth more room than the policy's limit (measured on 0.100.0: 10000 bytes → 12000). */
const OUTPUT_ALLOWANCE = 1.2;

/** A tool output item as the history keeps it under `policy` (other items unchanged). */
export function truncateOutputItem(item: Record<string, unknown>, policy: TruncationPolicy | null): Record<string, unknown> {
  if (!policy || (item.type !== "function_call_output" && item.type !== "custom_tool_call_output") || typeof item.output !== "string") return item;
  const budget = Math.floor(policy.limit * OUTPUT_ALLOWANCE);
  const maxBytes = policy.mode === "bytes" ? budget : budget * BYTES_PER_TOKEN;
  const output = truncateMiddle(item.output, maxBytes, policy.mode === "tokens");
  return output === item.output ? item : { ...item, output };
}
