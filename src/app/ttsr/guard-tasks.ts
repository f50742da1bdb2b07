// Tasks the regex budget worker can run (module "app/ttsr/guard-tasks.js"). Each takes plain data and the
// excluded rule names and returns plain data.
import { testSnippet, type Rule, type SnippetOptions, type SnippetResult } from "../../ttsr/index.js";

export interface SnippetTaskArgs {
  rules: Rule[];
  text: string;
  options: Omit<SnippetOptions, "excluded">;
}

/** `ttsr test` matching under the budget; returns only the matches (buckets hold rules, which clone fine too). */
export function snippetTask(args: SnippetTaskArgs, ctx: { excluded: string[] }): Pick<SnippetResult, "matches" | "deltas" | "chunking"> {
  const r = testSnippet(args.rules, args.text, { ...args.options, excluded: ctx.excluded });
  return { matches: r.matches, deltas: r.deltas, chunking: r.chunking };
}
