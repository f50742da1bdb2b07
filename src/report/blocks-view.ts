// The body of one message in the terminal view: every native block the model saw, in order (docs/product.md §5 "Msg":
// `blocks` carry the native content). Thinking collapses to one line; tool calls, tool results and long texts
// (a 50 MB assistant answer, a pasted log) are cut to a preview, each with its size, unless `expand` (--full). All session data passes
// through terminalText / terminalLine before it is painted.
import type { Msg } from "../formats/types.js";
import { imageBytes, viewBlock, type ImageBlock } from "../context/blocks.js";
import { terminalLine, terminalText } from "../shared/terminal.js";

export interface BlockViewOptions {
  color: boolean;
  /** --full: nothing is collapsed or cut. */
  expand: boolean;
}

type Paint = (k: "yellow" | "magenta" | "cyan" | "dim", s: string) => string;

/** Preview limits of the default view (texts get more room than tool results: they are what a turn is read for). */
export const LIMITS = { argsChars: 200, resultLines: 20, resultChars: 2000, textLines: 60, textChars: 6000, thinkingChars: 100 } as const;

const n = (x: number): string => x.toLocaleString("en-US");
const lineCount = (s: string): number => (s === "" ? 0 : s.split("\n").length);

/** A tool result or other long text: its first lines / characters, then what was left out. */
function cut(text: string, o: BlockViewOptions, paint: Paint, lines: number = LIMITS.resultLines, chars: number = LIMITS.resultChars): string {
  if (o.expand) return terminalText(text);
  let head = text.split("\n", lines).join("\n");
  if (head.length > chars) {
    // Never half a surrogate pair.
    const end = /[\ud800-\udbff]/.test(head[chars - 1]) ? chars - 1 : chars;
    head = head.slice(0, end);
  }
  if (head.length === text.length) return terminalText(text);
  const rest = text.slice(head.length);
  const more = `… ${n(rest.length)} more chars${lineCount(rest) > 1 ? `, ${n(lineCount(rest) - 1)} more lines` : ""} (of ${n(text.length)}; option \`full\` shows all)`;
  return terminalText(head) + "\n" + paint("dim", more);
}

/** A message's text: in full up to LIMITS.textLines / textChars, then cut like a tool result (--full shows all). */
const cutText = (text: string, o: BlockViewOptions, paint: Paint): string => cut(text, o, paint, LIMITS.textLines, LIMITS.textChars);

/** One-line preview of a tool call's arguments. */
function argsPreview(args: string, o: BlockViewOptions, paint: Paint, pretty: string): string {
  if (o.expand) return terminalText(pretty);
  if (args.length <= LIMITS.argsChars) return terminalLine(args);
  return terminalLine(args.slice(0, LIMITS.argsChars)) + paint("dim", `… (+${n(args.length - LIMITS.argsChars)} chars)`);
}

const markReminders = (text: string, paint: Paint): string => text.replace(/<system-reminder[^>]*>|<\/system-reminder>/g, (tag) => paint("yellow", tag));

/** An image: its media type and decoded size, or the blob it points at (v17 stores large payloads apart). */
function image(b: ImageBlock, paint: Paint): string {
  const bytes = imageBytes(b.data);
  return paint("cyan", `⟦image ${terminalLine(b.mime)} · ${bytes === null ? `stored as ${terminalLine(b.data)}` : `${n(bytes)} bytes`}⟧`);
}

/** Thinking / reasoning: one line with its size, or the whole text with --full. */
function thinking(label: string, text: string, extra: string, o: BlockViewOptions, paint: Paint): string {
  const head = paint("magenta", `⟦${label} · ${n(text.length)} chars${extra}⟧`);
  if (o.expand) return text === "" ? head : `${head}\n${terminalText(text)}`;
  const first = text.trim().split("\n")[0] ?? "";
  const preview = first.length > LIMITS.thinkingChars ? `${first.slice(0, LIMITS.thinkingChars)}…` : first;
  return preview ? `${head} ${paint("dim", terminalLine(preview))}` : head;
}

/** Arguments as indented JSON for --full (a recorded string that is not JSON stays as recorded). */
function prettyArgs(args: unknown, argsText: string): string {
  if (typeof args !== "string") return JSON.stringify(args ?? {}, null, 2) ?? argsText;
  try {
    return JSON.stringify(JSON.parse(args), null, 2);
  } catch {
    return args;
  }
}

function toolResult(head: string, text: string, images: string[], o: BlockViewOptions, paint: Paint): string {
  const title = paint("cyan", `⟦${head} · ${n(text.length)} chars${images.length ? ` · ${images.length} image${images.length === 1 ? "" : "s"}` : ""}⟧`);
  return [title, ...(text ? [markReminders(cut(text, o, paint), paint)] : []), ...images].join("\n");
}

function block(b: unknown, o: BlockViewOptions, paint: Paint): string {
  const v = viewBlock(b);
  switch (v.kind) {
    case "text":
      return markReminders(cutText(v.text, o, paint), paint);
    case "refusal":
      return `${paint("yellow", "⟦refusal⟧")} ${cutText(v.text, o, paint)}`;
    case "thinking":
      return thinking(v.label, v.text, `${v.signed ? " · signed" : ""}${v.encryptedChars ? ` · ${n(v.encryptedChars)} chars encrypted` : ""}`, o, paint);
    case "redacted":
      return paint("magenta", `⟦redacted thinking · ${n(v.chars)} chars of opaque data⟧`);
    case "toolCall": {
      const head = paint("cyan", `⟦tool call ${terminalLine(v.name)}${v.id ? ` · ${terminalLine(v.id)}` : ""} · arguments ${n(v.argsText.length)} chars⟧`);
      return `${head}\n${argsPreview(v.argsText, o, paint, prettyArgs(v.args, v.argsText))}`;
    }
    case "toolResult": {
      const head = `tool result${v.name ? ` ${terminalLine(v.name)}` : ""} · ${terminalLine(v.id)}${v.error ? " · error" : ""}`;
      return toolResult(
        head,
        v.text,
        v.images.map((i) => image(i, paint)),
        o,
        paint,
      );
    }
    case "image":
      return image(v, paint);
    case "reminder":
      return markReminders(cutText(v.text, o, paint), paint);
    case "other":
      return (
        paint("dim", `⟦${terminalLine(v.type)} block · ${n(v.json.length)} chars⟧ `) +
        argsPreview(v.json, o, paint, prettyArgs(JSON.parse(v.json || "null"), v.json))
      );
  }
}

/**
 * A message body. Messages made only of text and image blocks show their provider `text` (summaries, bash
 * runs, templates and image notes render there as the provider got them), then a placeholder per image;
 * tool results among them are cut unless --full. Any other block (thinking, tool calls, Scorel / yoi tool
 * results, stored reminders) switches to a block-by-block view.
 */
export function renderBody(m: Msg, o: BlockViewOptions, paint: Paint): string {
  const views = m.blocks.map(viewBlock);
  if (views.every((v) => v.kind === "text" || v.kind === "image")) {
    const images = views.flatMap((v) => (v.kind === "image" ? [image(v, paint)] : []));
    if (m.role === "tool_result") return toolResult("tool result", m.text, images, o, paint);
    return [...(m.text !== "" || images.length === 0 ? [markReminders(cutText(m.text, o, paint), paint)] : []), ...images].join("\n");
  }
  return m.blocks.map((b) => block(b, o, paint)).join("\n");
}
