// The body of one message in the terminal view: every native block the model saw, in order (design §5 "Msg":
// `blocks` carry the native content). Text is shown as sent; thinking collapses to one line and tool calls
// and results are cut to a preview, each with its size, unless `expand` (--full). All session data passes
// through terminalText / terminalLine before it is painted.
import type { Msg } from "../formats/types.js";
import { isObject } from "../shared/json.js";
import { terminalLine, terminalText } from "../shared/terminal.js";

export interface BlockViewOptions {
  color: boolean;
  /** --full: nothing is collapsed or cut. */
  expand: boolean;
}

type Paint = (k: "yellow" | "magenta" | "cyan" | "dim", s: string) => string;

/** Preview limits of the default view. */
export const LIMITS = { argsChars: 200, resultLines: 20, resultChars: 2000, thinkingChars: 100 } as const;

const n = (x: number): string => x.toLocaleString("en-US");
const str = (v: unknown): string => (typeof v === "string" ? v : "");
const json = (v: unknown, pretty: boolean): string => (typeof v === "string" ? v : (JSON.stringify(v, null, pretty ? 2 : undefined) ?? ""));
const lineCount = (s: string): number => (s === "" ? 0 : s.split("\n").length);

/** A tool result or other long text: its first lines / characters, then what was left out. */
function cut(text: string, o: BlockViewOptions, paint: Paint): string {
  if (o.expand) return terminalText(text);
  let head = text.split("\n").slice(0, LIMITS.resultLines).join("\n");
  if (head.length > LIMITS.resultChars) head = head.slice(0, LIMITS.resultChars);
  if (head.length === text.length) return terminalText(text);
  const rest = text.slice(head.length);
  const more = `… ${n(rest.length)} more chars${lineCount(rest) > 1 ? `, ${n(lineCount(rest) - 1)} more lines` : ""} (of ${n(text.length)}; --full shows all)`;
  return terminalText(head) + "\n" + paint("dim", more);
}

/** One-line preview of a tool call's arguments. */
function argsPreview(args: string, o: BlockViewOptions, paint: Paint, pretty: string): string {
  if (o.expand) return terminalText(pretty);
  if (args.length <= LIMITS.argsChars) return terminalLine(args);
  return terminalLine(args.slice(0, LIMITS.argsChars)) + paint("dim", `… (+${n(args.length - LIMITS.argsChars)} chars)`);
}

const markReminders = (text: string, paint: Paint): string => text.replace(/<system-reminder[^>]*>|<\/system-reminder>/g, (tag) => paint("yellow", tag));

/** An image: its media type and decoded size, or the blob it points at (v17 stores large payloads apart). */
function image(b: Record<string, unknown>, paint: Paint): string {
  const mime = str(b.mimeType ?? b.mime_type ?? b.media_type) || "image";
  const data = str(b.data ?? (isObject(b.source) ? b.source.data : undefined));
  if (data.startsWith("blob:")) return paint("cyan", `⟦image ${terminalLine(mime)} · stored as ${terminalLine(data)}⟧`);
  const bytes = Math.floor((data.replace(/=+$/, "").length * 3) / 4);
  return paint("cyan", `⟦image ${terminalLine(mime)} · ${n(bytes)} bytes⟧`);
}

/** Thinking / reasoning: one line with its size, or the whole text with --full. */
function thinking(label: string, text: string, extra: string, o: BlockViewOptions, paint: Paint): string {
  const head = paint("magenta", `⟦${label} · ${n(text.length)} chars${extra}⟧`);
  if (o.expand) return text === "" ? head : `${head}\n${terminalText(text)}`;
  const first = text.trim().split("\n")[0] ?? "";
  const preview = first.length > LIMITS.thinkingChars ? `${first.slice(0, LIMITS.thinkingChars)}…` : first;
  return preview ? `${head} ${paint("dim", terminalLine(preview))}` : head;
}

function toolCall(name: unknown, id: unknown, args: unknown, o: BlockViewOptions, paint: Paint): string {
  const compact = json(args ?? {}, false);
  let pretty = compact;
  if (typeof args === "string") {
    try {
      pretty = JSON.stringify(JSON.parse(args), null, 2);
    } catch {
      pretty = args; // arguments that are not JSON are shown as recorded
    }
  } else pretty = json(args ?? {}, true);
  const head = paint("cyan", `⟦tool call ${terminalLine(str(name))}${id ? ` · ${terminalLine(String(id))}` : ""} · arguments ${n(compact.length)} chars⟧`);
  return `${head}\n${argsPreview(compact, o, paint, pretty)}`;
}

/** Text of a Scorel tool result's payload: text items, rendered reminders, image placeholders; else its JSON. */
function resultText(result: unknown, paint: Paint): { text: string; images: string[] } {
  if (!isObject(result) || !Array.isArray(result.content)) return { text: json(result, false), images: [] };
  const texts: string[] = [];
  const images: string[] = [];
  for (const it of result.content) {
    if (!isObject(it)) continue;
    if (it.type === "text") texts.push(str(it.text));
    else if (it.type === "system_reminder") texts.push(`<system-reminder>\n${str(it.text)}\n</system-reminder>`);
    else if (it.type === "image") images.push(image(it, paint));
  }
  return { text: texts.join("\n"), images };
}

function toolResult(head: string, text: string, images: string[], o: BlockViewOptions, paint: Paint): string {
  const title = paint("cyan", `⟦${head} · ${n(text.length)} chars${images.length ? ` · ${images.length} image${images.length === 1 ? "" : "s"}` : ""}⟧`);
  return [title, ...(text ? [markReminders(cut(text, o, paint), paint)] : []), ...images].join("\n");
}

function block(b: unknown, o: BlockViewOptions, paint: Paint): string {
  if (!isObject(b)) return paint("dim", `⟦${terminalLine(json(b, false))}⟧`);
  const kind = str(b.type ?? b.kind);
  switch (kind) {
    case "text":
      return markReminders(terminalText(str(b.text)), paint);
    case "refusal":
      return `${paint("yellow", "⟦refusal⟧")} ${terminalText(str(b.refusal))}`;
    case "thinking":
      return thinking("thinking", str(b.thinking ?? b.text), b.thinkingSignature ? " · signed" : "", o, paint);
    case "reasoning": {
      const enc = str(b.encrypted_content);
      return thinking("reasoning", str(b.text), enc ? ` · ${n(enc.length)} chars encrypted` : "", o, paint);
    }
    case "redactedThinking":
      return paint("magenta", `⟦redacted thinking · ${n(str(b.data).length)} chars of opaque data⟧`);
    case "toolCall":
      return toolCall(b.name, b.id, b.arguments, o, paint);
    case "tool_call":
      return b.type === "tool_call" ? toolCall(b.toolName, b.toolCallId, b.args, o, paint) : toolCall(b.name, b.call_id, b.arguments, o, paint);
    case "tool_result": {
      const err = b.isError === true || b.is_error === true ? " · error" : "";
      if (b.type === "tool_result") {
        const r = resultText(b.result, paint);
        return toolResult(`tool result ${terminalLine(str(b.toolName))} · ${terminalLine(str(b.toolCallId))}${err}`, r.text, r.images, o, paint);
      }
      // yoi: summary, then content on the next line (the Msg text), attachments as images
      const text = b.content != null ? `${str(b.summary)}\n${str(b.content)}` : str(b.summary);
      const images = Array.isArray(b.attachments) ? b.attachments.filter(isObject).map((a) => image(a, paint)) : [];
      return toolResult(`tool result · ${terminalLine(str(b.call_id))}${err}`, text, images, o, paint);
    }
    case "image":
      return image(b, paint);
    case "system_reminder":
      return markReminders(terminalText(`<system-reminder>\n${str(b.text)}\n</system-reminder>`), paint);
    default: {
      const raw = json(b, false);
      return paint("dim", `⟦${terminalLine(kind || "unknown")} block · ${n(raw.length)} chars⟧ `) + argsPreview(raw, o, paint, json(b, true));
    }
  }
}

const isPlainText = (b: unknown): boolean => isObject(b) && (b.type ?? b.kind) === "text";

/**
 * A message body. Messages made only of text blocks show their provider `text` (summaries, bash runs and
 * templates render there as the provider got them); tool results among them are cut unless --full. Any
 * other block (thinking, tool calls, tool results, images, reminders) switches to a block-by-block view.
 */
export function renderBody(m: Msg, o: BlockViewOptions, paint: Paint): string {
  if (m.blocks.every(isPlainText)) {
    if (m.role === "tool_result") return toolResult("tool result", m.text, [], o, paint);
    return markReminders(terminalText(m.text), paint);
  }
  return m.blocks.map((b) => block(b, o, paint)).join("\n");
}
