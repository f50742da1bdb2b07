// A plain-text rendering of a context, one block per message, used for unified diffs and goldens.
import type { Msg } from "../formats/types.js";
import { imageBytes, viewBlock, type ImageBlock } from "./blocks.js";

export interface RenderTextOptions {
  /** Keep only the first N lines of each message (terminal previews); undefined = everything. */
  maxLines?: number;
  /**
   * Also one line per block the provider text leaves out (thinking, tool calls, images), so a diff shows
   * a dropped or changed tool call. Off by default: `check` goldens compare the provider text alone.
   */
  blocks?: boolean;
  /** Position of the first message (a slice of a context keeps its positions). */
  firstIndex?: number;
  /** The header line of each message (default `#<position> <role> <sourceIds>`). */
  header?: (m: Msg, position: number) => string;
}

const clip = (text: string, max: number | undefined): string => {
  if (max === undefined) return text;
  const lines = text.split("\n");
  return lines.length <= max ? text : [...lines.slice(0, max), `… (${lines.length - max} more lines)`].join("\n");
};

const imageLine = (i: ImageBlock): string => {
  const bytes = imageBytes(i.data);
  return `[image ${i.mime} · ${bytes === null ? i.data : `${bytes} bytes`}]`;
};

/** Lines for what a message sends beyond its provider text. */
/** Tool-call arguments in a preview (maxLines set): the first 200 characters and the size. */
const ARGS_PREVIEW = 200;
const previewArgs = (args: string, preview: boolean): string =>
  preview && args.length > ARGS_PREVIEW ? `${args.slice(0, ARGS_PREVIEW)}… (${args.length} chars)` : args;

function blockLines(m: Msg, preview: boolean): string[] {
  const out: string[] = [];
  for (const b of m.blocks) {
    const v = viewBlock(b);
    if (v.kind === "thinking" && !v.inText) out.push(`[${v.label} · ${v.text.length} chars]`);
    else if (v.kind === "redacted") out.push(`[redacted thinking · ${v.chars} chars]`);
    else if (v.kind === "toolCall") out.push(`[tool call ${v.name}${v.argsInText ? "" : ` ${previewArgs(v.argsText, preview)}`}]`);
    else if (v.kind === "image") out.push(imageLine(v));
    else if (v.kind === "toolResult") out.push(...v.images.map(imageLine));
  }
  return out;
}
export const messageTag = (m: Msg): string => (m.nativeRole === m.role ? m.role : `${m.role} (${m.nativeRole})`);
export const reminderMarks = (m: Msg): string => (m.reminders.length > 0 ? ` [${m.reminders.length} reminder${m.reminders.length === 1 ? "" : "s"}]` : "");

export function renderContextText(systemPrompt: string | null, messages: readonly Msg[], o: RenderTextOptions = {}): string {
  const parts: string[] = [];
  if (systemPrompt) parts.push(`=== system prompt ===\n${clip(systemPrompt, o.maxLines)}`);
  const first = o.firstIndex ?? 0;
  messages.forEach((m, i) => {
    const head = o.header ? o.header(m, first + i) : `#${first + i} ${messageTag(m)} ${m.sourceIds.join(",")}${reminderMarks(m)}`;
    const extra = o.blocks ? blockLines(m, o.maxLines !== undefined) : [];
    const body = extra.length > 0 ? [m.text, ...extra].filter((x) => x !== "").join("\n") : m.text;
    parts.push(`=== ${head} ===\n${clip(body, o.maxLines)}`);
  });
  return parts.join("\n") + "\n";
}
