// Exact counting with a maintained BPE tokenizer (gpt-tokenizer, o200k_base: the encoding of current
// OpenAI models). Loaded only when asked for: its tables are large, and the package is an
// optional dependency, so an install without it still runs everything else.
import { MissingPackageError } from "../shared/errors.js";
import type { TokenCounter } from "./tokens.js";

type CountTokens = (text: string) => number;
const loadEncoding = async (): Promise<{ countTokens: CountTokens }> => import("gpt-tokenizer/encoding/o200k_base");

/** The exact counter; `load` is the module loader (tests stand in a missing package). */
export async function exactCounter(load: () => Promise<{ countTokens: CountTokens }> = loadEncoding): Promise<TokenCounter> {
  let countTokens: CountTokens;
  try {
    ({ countTokens } = await load());
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === "ERR_MODULE_NOT_FOUND" || code === "MODULE_NOT_FOUND") {
      throw new MissingPackageError(
        "gpt-tokenizer",
        "exact token counting needs the optional package gpt-tokenizer, which is not installed (npm install gpt-tokenizer); the default estimate needs nothing",
        { name: "tokens", value: "exact" },
      );
    }
    throw e;
  }
  return { name: "o200k_base (gpt-tokenizer)", count: (text) => countTokens(text) };
}
