// Stream deltas rebuilt from a recorded assistant message (docs/product.md §3): blocks in content order, each fully
// streamed before the next; text and thinking chunked; tool arguments from the recorded `partialJson` when
// present, else compact JSON.stringify(arguments), chunked the same way. Each tool delta carries the
// arguments parsed from the prefix streamed so far, so path scopes and v17 digests see them grow (docs/ttsr.md §9.2).
// The deltas are generated lazily: the replay consumes each before the next is made.
import type { Chunking } from "../chunking.js";
import { chunksOf } from "./chunk-fast.js";
import type { DeltaEvent } from "../session/types.js";
import { StreamingArguments } from "./streaming-args.js";

type Block = Record<string, unknown>;
const isBlock = (b: unknown): b is Block => b !== null && typeof b === "object" && !Array.isArray(b);

export interface ToolCallInfo {
  id: string;
  name: string;
  contentIndex: number;
}

/** The tool calls of a message, in content order. */
export function toolCallsOf(content: unknown): ToolCallInfo[] {
  if (!Array.isArray(content)) return [];
  const out: ToolCallInfo[] = [];
  content.forEach((b, i) => {
    if (isBlock(b) && b.type === "toolCall")
      out.push({ id: typeof b.id === "string" ? b.id : "", name: typeof b.name === "string" ? b.name : "", contentIndex: i });
  });
  return out;
}

// Each delta carries the block's text so far as a slice of the recorded text (no copy): the matcher searches
// that instead of concatenating a growing buffer (TtsrManager.checkDelta).
function* prose(source: "text" | "thinking", text: string, chunking: Chunking): Generator<DeltaEvent> {
  let end = 0;
  for (const delta of chunksOf(text, chunking)) {
    end += delta.length;
    yield { source, delta, streamed: text.slice(0, end) };
  }
}

/**
 * The deltas one by one: a long tool call's snapshots are never all alive at once. `toolcallEnd` (v18) follows each
 * tool call's deltas with its `toolcall_end`: a `final` event with the recorded arguments (docs/ttsr.md §17.2).
 */
export function* synthesizeDeltas(content: unknown, chunking: Chunking, toolcallEnd = false): Generator<DeltaEvent> {
  if (!Array.isArray(content)) {
    if (typeof content === "string") yield* prose("text", content, chunking);
    return;
  }
  for (let contentIndex = 0; contentIndex < content.length; contentIndex++) {
    const b: unknown = content[contentIndex];
    if (!isBlock(b)) continue;
    if (b.type === "text" && typeof b.text === "string") yield* prose("text", b.text, chunking);
    else if (b.type === "thinking" && typeof b.thinking === "string") yield* prose("thinking", b.thinking, chunking);
    else if (b.type === "toolCall") {
      const raw = typeof b.partialJson === "string" ? b.partialJson : JSON.stringify(b.arguments ?? {});
      const id = typeof b.id === "string" ? b.id : "";
      const name = typeof b.name === "string" ? b.name : "";
      // parseStreamingArguments of each growing prefix, read incrementally (streaming-args.ts).
      const args = new StreamingArguments(raw);
      let end = 0;
      for (const delta of chunksOf(raw, chunking)) {
        end += delta.length;
        // The last delta sees the recorded arguments (what the provider parsed from the whole stream).
        const snapshot = end === raw.length && b.arguments !== undefined ? b.arguments : args.advance(end);
        yield { source: "tool", delta, streamed: raw.slice(0, end), contentIndex, toolCall: { id, name, arguments: snapshot } };
      }
      if (toolcallEnd) {
        const final = b.arguments !== undefined ? b.arguments : args.advance(raw.length);
        yield { source: "tool", delta: "", contentIndex, toolCall: { id, name, arguments: final }, final: true };
      }
    }
  }
}
