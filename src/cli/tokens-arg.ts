// --tokens: the counter the flag asks for. The library words a missing optional tokenizer without flags; the
// CLI names the flag that asked for it.
import { tokenCounter } from "../app/replay/replay.js";
import type { TokenCounter } from "../app/replay/replay.js";
import { MissingPackageError, UsageError } from "../shared/errors.js";

export async function tokensArg(mode: "estimate" | "exact" | undefined): Promise<TokenCounter> {
  try {
    return await tokenCounter(mode);
  } catch (e) {
    if (e instanceof MissingPackageError) throw new UsageError(`--tokens ${mode}: ${e.message}`);
    throw e;
  }
}
