// Stream deltas rebuilt from a recorded assistant message (design §3): blocks in content order, each fully
// streamed before the next; text and thinking chunked; tool arguments from the recorded `partialJson` when
// present, else compact JSON.stringify(arguments), chunked the same way. Each tool delta carries the
// arguments parsed from the prefix streamed so far, so path scopes and v17 digests see them grow (§9.2).
import type { Chunking } from "../chunking.js";
import { chunkTextFast as chunkText } from "./chunk-fast.js";
import type { DeltaEvent } from "../session/types.js";
import { parseStreamingArguments } from "./partial-json.js";

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
    if (isBlock(b) && b.type === "toolCall") out.push({ id: typeof b.id === "string" ? b.id : "", name: typeof b.name === "string" ? b.name : "", contentIndex: i });
  });
  return out;
}

export function synthesizeDeltas(content: unknown, chunking: Chunking): DeltaEvent[] {
  if (!Array.isArray(content)) return typeof content === "string" ? chunkText(content, chunking).map((delta) => ({ source: "text", delta })) : [];
  const out: DeltaEvent[] = [];
  content.forEach((b, contentIndex) => {
    if (!isBlock(b)) return;
    if (b.type === "text" && typeof b.text === "string") for (const delta of chunkText(b.text, chunking)) out.push({ source: "text", delta });
    else if (b.type === "thinking" && typeof b.thinking === "string") for (const delta of chunkText(b.thinking, chunking)) out.push({ source: "thinking", delta });
    else if (b.type === "toolCall") {
      const raw = typeof b.partialJson === "string" ? b.partialJson : JSON.stringify(b.arguments ?? {});
      const id = typeof b.id === "string" ? b.id : "";
      const name = typeof b.name === "string" ? b.name : "";
      const chunks = chunkText(raw, chunking);
      let prefix = "";
      chunks.forEach((delta, i) => {
        prefix += delta;
        // The last delta sees the recorded arguments (what the provider parsed from the whole stream).
        const args = i === chunks.length - 1 && b.arguments !== undefined ? b.arguments : parseStreamingArguments(prefix);
        out.push({ source: "tool", delta, contentIndex, toolCall: { id, name, arguments: args } });
      });
    }
  });
  return out;
}
