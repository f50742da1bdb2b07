// Token figures always say how they were counted (design §3 "Tokens"). The default is a fast estimator;
// an exact BPE count is opt-in (tokens-exact.ts) because it costs far more than everything else.
import type { Msg } from "../formats/types.js";
import type { List, PList } from "../shared/plist.js";

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
 * Cumulative token counts of persistent message lists, cached per list cell so that counting every
 * turn of a session costs O(new messages), not O(context) per turn.
 */
export class ListTokenCache {
  private readonly perCell = new WeakMap<PList<Msg>, number>();
  constructor(readonly counter: TokenCounter) {}

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
      base += this.counter.count(pending[i].value.text);
      this.perCell.set(pending[i], base);
    }
    return base;
  }
}
