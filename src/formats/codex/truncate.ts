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

/**
 * UTF-8 bytes of the character starting at s[i] (a lone surrogate counts as U+FFFD, 3 bytes, as TextEncoder
 * writes it), times 4, plus its UTF-16 length: one number, so the loops below allocate nothing.
 */
function charAt(s: string, i: number): number {
  const c = s.charCodeAt(i);
  if (c < 0x80) return 4 + 1;
  if (c < 0x800) return 8 + 1;
  if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length && (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00) return 16 + 2;
  return 12 + 1;
}

function byteLength(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; ) {
    const c = charAt(s, i);
    n += c >> 2;
    i += c & 3;
  }
  return n;
}

/**
 * The middle of `s` cut to `maxBytes`: characters that end within the first half stay, characters that start in
 * the last half stay, the rest is replaced by a marker counting removed characters (bytes mode) or approximate
 * tokens of the removed bytes (tokens mode).
 */
export function truncateMiddle(s: string, maxBytes: number, tokens: boolean): string {
  if (s === "") return s;
  // Three UTF-8 bytes per UTF-16 unit at most: most outputs fit without counting.
  if (maxBytes > 0 && s.length * 3 <= maxBytes) return s;
  const total = byteLength(s);
  const marker = (n: number): string => (tokens ? `…${n} tokens truncated…` : `…${n} chars truncated…`);
  if (maxBytes === 0) return marker(tokens ? Math.ceil(total / BYTES_PER_TOKEN) : [...s].length);
  if (total <= maxBytes) return s;
  const left = Math.floor(maxBytes / 2);
  const tailStart = total - (maxBytes - left);
  let at = 0;
  let prefixEnd = 0;
  let suffixStart = s.length;
  let removed = 0;
  // Bytes only grow along the string: past the first character of the tail nothing changes any more.
  for (let index = 0; index < s.length; ) {
    const c = charAt(s, index);
    const size = c >> 2;
    if (at + size <= left) prefixEnd = index + (c & 3);
    else if (at >= tailStart) {
      suffixStart = index;
      break;
    } else removed++;
    at += size;
    index += c & 3;
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
