// Exact counting with a maintained BPE tokenizer (gpt-tokenizer, o200k_base: the encoding of current
// OpenAI models). Loaded only when asked for (--tokens exact): its tables are large.
import type { TokenCounter } from "./tokens.js";

export async function exactCounter(): Promise<TokenCounter> {
  const { countTokens } = await import("gpt-tokenizer/encoding/o200k_base");
  return { name: "o200k_base (gpt-tokenizer)", count: (text) => countTokens(text) };
}
