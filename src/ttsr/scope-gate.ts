// The scope and `globs` gates of a rule (docs/ttsr.md §8.4, §8.5): whether a match context's source, tool and file
// paths let a rule match at all. Glob answers are remembered per glob for the last path list, since a streamed
// tool call repeats its paths delta after delta.
import type { TtsrScope } from "./compile.js";
import { matchesGlob, type PathGlob } from "./glob.js";
import type { TtsrMatchContext } from "./types.js";

/** What the gates read of a registered rule. */
export interface Gated {
  scope: TtsrScope;
  globalGlobs?: PathGlob[];
}

export class ScopeGate {
  readonly #globMemo = new Map<PathGlob, { paths: readonly string[] | undefined; hit: boolean }>();

  /** Both gates: the rule's scope admits the context and its `globs` (if any) match its paths. */
  passes(e: Gated, ctx: TtsrMatchContext): boolean {
    return this.scope(e, ctx) && this.globalPaths(e, ctx);
  }

  scope(e: Gated, ctx: TtsrMatchContext): boolean {
    if (ctx.source === "text") return e.scope.allowText;
    if (ctx.source === "thinking") return e.scope.allowThinking;
    if (e.scope.allowAnyTool) return true;
    const toolName = ctx.toolName?.trim().toLowerCase();
    for (const ts of e.scope.toolScopes)
      if ((!ts.toolName || ts.toolName === toolName) && (!ts.pathGlob || this.#globMatches(ts.pathGlob, ctx.filePaths))) return true;
    return false;
  }

  globalPaths(e: Gated, ctx: TtsrMatchContext): boolean {
    if (!e.globalGlobs) return true;
    return e.globalGlobs.some((g) => this.#globMatches(g, ctx.filePaths));
  }

  /** matchesGlob, remembered per glob for the last path list. */
  #globMatches(glob: PathGlob, filePaths: readonly string[] | undefined): boolean {
    const last = this.#globMemo.get(glob);
    if (last && sameList(last.paths, filePaths)) return last.hit;
    const hit = matchesGlob(glob, filePaths);
    this.#globMemo.set(glob, { paths: filePaths === undefined ? undefined : [...filePaths], hit });
    return hit;
  }
}

function sameList(a: readonly string[] | undefined, b: readonly string[] | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
