// Token figures always say how they were counted (docs/product.md §3 "Tokens"). The default is a fast estimator;
// an exact BPE count is opt-in (tokens-exact.ts) because it costs far more than everything else.
// Both count the same things: everything the file shows being sent to the model (msgTokens).
import type { Msg } from "../formats/types.js";
import type { List, PList } from "../shared/plist.js";
import { sentBeyondText } from "./blocks.js";

export interface TokenCounter {
  /** Stated in every output, e.g. "chars/4" or "o200k_base (gpt-tokenizer)". */
  readonly name: string;
  count(text: string): number;
}

/** ceil(UTF-16 length / 4): the rule of thumb most agents use for budgeting. */
export const charsPer4: TokenCounter = {
  name: "chars/4",
  count: (text) => Math.ceil(text.length / 4),
};

/**
 * The image rule: every image counts as 1,600 tokens, whatever its size. That is what Anthropic's documented
 * rule (width × height / 750) gives for the largest image it accepts without downscaling (≈1.15 megapixels);
 * the log keeps only base64 data (or a blob reference), and its length says nothing about the pixels.
 */
export const IMAGE_TOKENS = 1600;

/** The estimator as every output names it: the text counter plus the image rule. */
export const estimatorName = (c: TokenCounter): string => `${c.name} + ${IMAGE_TOKENS}/image`;

/**
 * What the provider's logged input figure counts that no session file records: the tool definitions
 * always, and the system prompt when the turn has none (pi does not write it). Shown wherever an
 * estimate stands next to a logged figure.
 */
export type Unrecorded = "systemPrompt" | "toolDefinitions";
export const unrecordedIn = (systemPrompt: string | null | undefined): Unrecorded[] =>
  systemPrompt ? ["toolDefinitions"] : ["systemPrompt", "toolDefinitions"];

/**
 * Tokens of one message as sent: its provider `text` (which already holds text blocks, rendered reminders and
 * tool-result text) plus what its blocks add beyond it. Assistant thinking is sent back to the provider; tool
 * calls cost their name and arguments; images follow IMAGE_TOKENS. Redacted or encrypted reasoning is opaque and not
 * counted. Thinking and tool-call blocks in non-assistant messages are dropped by the lowering
 * (docs/scorel.md §9.1), so they cost nothing. A yoi item's text already is its reasoning or its tool call's arguments.
 * (blocks.ts sentBeyondText reads a block for this rule.)
 */
export function msgTokens(m: Msg, c: TokenCounter, args?: ArgsText): number {
  let n = c.count(m.text);
  const assistant = m.role === "assistant";
  for (const b of m.blocks) n += sentBeyondText(b, assistant, c, IMAGE_TOKENS, args);
  return n;
}

/** How tool-call arguments are serialised for a count: blocks.ts argsJson by default, `compact` to keep them for views. */
export type ArgsText = (v: unknown) => string;

/**
 * Tokens of a whole context: the system prompt (when there is one) and every message; `perMsg` remembers each
 * message's count for a caller that counts contexts sharing messages (both sides of a compaction).
 */
export function contextTokens(systemPrompt: string | null, ms: readonly Msg[], c: TokenCounter, perMsg?: Map<Msg, number>, args?: ArgsText): number {
  let n = systemPrompt ? c.count(systemPrompt) : 0;
  for (const m of ms) {
    let k = perMsg?.get(m);
    if (k === undefined) {
      k = msgTokens(m, c, args);
      perMsg?.set(m, k);
    }
    n += k;
  }
  return n;
}

/**
 * Cumulative token counts of persistent message lists, cached per list cell so that counting every
 * turn of a session costs O(new messages), not O(context) per turn.
 */
export class ListTokenCache {
  // Maps, not weak ones: a cache lives for one listing of turns, whose lists are alive anyway, and a WeakMap
  // entry costs several times as much to add and to collect. A message in several cells (a compaction
  // rebuilds its window) is counted once.
  private readonly perCell = new Map<PList<Msg>, number>();
  /**
   * `perMsg`: counts by message, made with the same counter, that another listing may share (compaction diffs);
   * `args`: how tool-call arguments are serialised (msgTokens).
   */
  constructor(
    readonly counter: TokenCounter,
    private readonly perMsg = new Map<Msg, number>(),
    private readonly args?: ArgsText,
  ) {}

  total(list: List<Msg>): number {
    const pending: PList<Msg>[] = [];
    let c = list;
    let base = 0;
    while (c) {
      const hit = this.perCell.get(c);
      if (hit !== undefined) {
        base = hit;
        break;
      }
      pending.push(c);
      c = c.prev;
    }
    for (let i = pending.length - 1; i >= 0; i--) {
      const m = pending[i].value;
      let k = this.perMsg.get(m);
      if (k === undefined) {
        k = msgTokens(m, this.counter, this.args);
        this.perMsg.set(m, k);
      }
      base += k;
      this.perCell.set(pending[i], base);
    }
    return base;
  }
}
