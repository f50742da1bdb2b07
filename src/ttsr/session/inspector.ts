// How a tool call looks to the matcher (docs/ttsr.md §9.2, docs/strings.md §3): its stream key, its match context with
// candidate paths, and the tool's per-file entries or digest (v17/v18 hooks); v18's `TtsrToolInspector`.
import type { TtsrMatchContext, TtsrProfile } from "../types.js";
import type { ToolOutputParts } from "./judged.js";
import type { ToolHooks } from "./matcher-hooks.js";
import { argumentPathCandidates, toFilePaths } from "./paths.js";
import type { ToolCallBlock } from "./types.js";

export class ToolInspector {
  constructor(
    readonly profile: TtsrProfile,
    readonly cwd: string | null,
    readonly hooks: (toolName: string, args: unknown) => ToolHooks | undefined,
  ) {}

  /** A tool call's match context, and its per-file entries or digest when its tool has hooks (v17/v18). */
  parts(block: ToolCallBlock, contentIndex: number): ToolOutputParts {
    const streamKey = toolStreamKey(block, contentIndex);
    const hooks = this.profile !== "seed" ? this.hooks(block.name, block.arguments) : undefined;
    const hookPaths = hooks?.paths?.(block.arguments);
    const candidates = hookPaths && hookPaths.length > 0 ? hookPaths : argumentPathCandidates(block.arguments);
    const ctx: TtsrMatchContext = { source: "tool", toolName: block.name, streamKey };
    const filePaths = this.#filePaths(candidates);
    if (filePaths) ctx.filePaths = filePaths;
    const parts: ToolOutputParts = { ctx, name: block.name, args: block.arguments };
    const entries = hooks?.entries?.(block.arguments);
    if (entries && entries.length > 0) {
      parts.entries = entries.map((e) => {
        const c: TtsrMatchContext = { ...ctx, streamKey: `${streamKey}#${e.path}` };
        // v18 `perFileContext` keeps the raw path when it expands to nothing; v17 drops the paths.
        const paths = toFilePaths([e.path], this.cwd) ?? (this.profile === "v18" ? [e.path] : undefined);
        if (paths) c.filePaths = paths;
        else delete c.filePaths;
        return { path: e.path, digest: e.digest, ctx: c };
      });
      return parts;
    }
    const digest = hooks?.digest(block.arguments);
    if (digest !== undefined) parts.digest = digest;
    return parts;
  }

  /** toFilePaths, remembered for the last candidate list: streamed arguments repeat it delta after delta. */
  #filePaths(candidates: readonly string[]): string[] | undefined {
    const last = this.#lastPaths;
    if (last && last.candidates.length === candidates.length && last.candidates.every((c, i) => c === candidates[i])) return last.paths;
    const paths = toFilePaths(candidates, this.cwd);
    this.#lastPaths = { candidates: [...candidates], paths };
    return paths;
  }
  #lastPaths: { candidates: string[]; paths: string[] | undefined } | undefined;
}

/** The buffer key of a tool call: `toolcall:<id>`, or name and content index without an id (docs/ttsr.md §9.2). */
export function toolStreamKey(block: ToolCallBlock, contentIndex: number): string {
  return block.id ? `toolcall:${block.id}` : `tool:${block.name}:${contentIndex}`;
}

/** A recorded `toolCall` content block as the coordinator reads it. */
export function toolCallBlock(b: Record<string, unknown>): ToolCallBlock {
  return { id: typeof b.id === "string" ? b.id : "", name: typeof b.name === "string" ? b.name : "", arguments: b.arguments };
}
