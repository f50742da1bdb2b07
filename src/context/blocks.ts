// One reading of the native content blocks every format stores in Msg.blocks (docs/product.md §5 "Msg"): pi
// (docs/pi.md §5.2), Scorel (docs/scorel.md §5) and yoi items (docs/yoi.md §2.1). Token counting, the
// plain-text context rendering and the terminal view all classify blocks here, so they agree on what a
// message holds.
import { isObject } from "../shared/json.js";

export interface ImageBlock {
  kind: "image";
  mime: string;
  /** base64 payload, or a `blob:` reference (v17 moves large payloads to a blob store). */
  data: string;
}

export type BlockView =
  | { kind: "text"; text: string }
  | { kind: "refusal"; text: string }
  /** pi / Scorel thinking, yoi reasoning. `inText`: the Msg text already holds it (a yoi reasoning item). */
  | { kind: "thinking"; label: "thinking" | "reasoning"; text: string; signed: boolean; encryptedChars: number; inText: boolean }
  | { kind: "redacted"; chars: number }
  /** `argsText`: arguments as sent (compact JSON, or the recorded string); `argsInText`: the Msg text already holds them (yoi). */
  | { kind: "toolCall"; name: string; id: string; args: unknown; argsText: string; argsInText: boolean }
  /** A result block (Scorel tool_result, yoi tool_result item); its text is part of the Msg text. */
  | { kind: "toolResult"; name: string; id: string; error: boolean; text: string; images: ImageBlock[] }
  | ImageBlock
  /** A stored reminder block (Scorel P5 system_reminder), as rendered for the provider. */
  | { kind: "reminder"; text: string }
  | { kind: "other"; type: string; json: string };

const str = (v: unknown): string => (typeof v === "string" ? v : "");
/** Tool-call arguments as sent: the recorded string, or compact JSON. */
const argsJson = (v: unknown): string => (typeof v === "string" ? v : (JSON.stringify(v ?? {}) ?? ""));
// Tool-call arguments are shared by every turn that holds the message: serialised once per object for views.
const compactCache = new WeakMap<object, string>();
/**
 * Tool-call arguments as sent (argsJson), kept for the object's lifetime: the text viewBlock's `argsText` gives.
 * A caller that counts a message's tokens and then views its blocks (an audit counts, then its page views every
 * message) passes this to the count (sentBeyondText), and the arguments are serialised once instead of twice.
 */
export const compact = (v: unknown): string => {
  if (typeof v !== "object" || v === null) return argsJson(v);
  let s = compactCache.get(v);
  if (s === undefined) {
    s = argsJson(v);
    compactCache.set(v, s);
  }
  return s;
};

/** docs/scorel.md §9.1 (SC-REM5): the provider text of a reminder, whatever its kind. */
export const renderReminder = (text: string): string => `<system-reminder>\n${text}\n</system-reminder>`;

function image(b: Record<string, unknown>): ImageBlock {
  const source = isObject(b.source) ? b.source : {};
  return { kind: "image", mime: str(b.mimeType ?? b.mime_type ?? b.media_type ?? source.media_type) || "image", data: str(b.data ?? source.data) };
}

/** A Scorel result payload: text items and rendered reminders joined with "\n" (SC-PIAI5), else its JSON. */
function scorelResult(result: unknown): { text: string; images: ImageBlock[] } {
  if (!isObject(result) || !Array.isArray(result.content)) return { text: JSON.stringify(result) ?? "", images: [] };
  const texts: string[] = [];
  const images: ImageBlock[] = [];
  for (const it of result.content) {
    if (!isObject(it)) continue;
    if (it.type === "text") texts.push(str(it.text));
    else if (it.type === "system_reminder") texts.push(renderReminder(str(it.text)));
    else if (it.type === "image") images.push(image(it));
  }
  return { text: texts.join("\n"), images };
}

/** An Anthropic tool_result content: a string, or text and image blocks (texts joined with "\n"). */
function anthropicResult(content: unknown): { text: string; images: ImageBlock[] } {
  if (!Array.isArray(content)) return { text: str(content), images: [] };
  const texts: string[] = [];
  const images: ImageBlock[] = [];
  for (const it of content) {
    if (!isObject(it)) continue;
    if (it.type === "text") texts.push(str(it.text));
    else if (it.type === "image") images.push(image(it));
  }
  return { text: texts.join("\n"), images };
}

export function viewBlock(b: unknown): BlockView {
  if (!isObject(b)) return { kind: "other", type: typeof b, json: JSON.stringify(b) ?? "" };
  const type = str(b.type ?? b.kind);
  switch (type) {
    case "text":
      return { kind: "text", text: str(b.text) };
    case "refusal":
      return { kind: "refusal", text: str(b.refusal) };
    case "thinking":
      return {
        kind: "thinking",
        label: "thinking",
        text: str(b.thinking ?? b.text),
        signed: Boolean(b.thinkingSignature ?? b.signature),
        encryptedChars: 0,
        inText: false,
      };
    case "redacted_thinking":
      return { kind: "redacted", chars: str(b.data).length };
    // Anthropic Messages blocks (Claude Code): tool_use, and tool_result carrying tool_use_id.
    case "tool_use":
      return { kind: "toolCall", name: str(b.name), id: str(b.id), args: b.input, argsText: compact(b.input), argsInText: false };
    case "reasoning":
      return {
        kind: "thinking",
        label: "reasoning",
        text: str(b.text),
        signed: Boolean(b.signature),
        encryptedChars: str(b.encrypted_content).length,
        inText: true,
      };
    case "redactedThinking":
      return { kind: "redacted", chars: str(b.data).length };
    case "toolCall":
      return { kind: "toolCall", name: str(b.name), id: str(b.id), args: b.arguments, argsText: compact(b.arguments), argsInText: false };
    case "tool_call":
      if (b.type === "tool_call")
        return { kind: "toolCall", name: str(b.toolName), id: str(b.toolCallId), args: b.args, argsText: compact(b.args), argsInText: false };
      return { kind: "toolCall", name: str(b.name), id: str(b.call_id), args: b.arguments, argsText: compact(b.arguments), argsInText: true };
    case "tool_result": {
      const error = b.isError === true || b.is_error === true;
      if (typeof b.tool_use_id === "string") return { kind: "toolResult", name: "", id: b.tool_use_id, error, ...anthropicResult(b.content) };
      if (b.type === "tool_result") return { kind: "toolResult", name: str(b.toolName), id: str(b.toolCallId), error, ...scorelResult(b.result) };
      // yoi: summary, then content on the next line (docs/yoi.md §4), attachments as images
      const text = b.content != null ? `${str(b.summary)}\n${str(b.content)}` : str(b.summary);
      return {
        kind: "toolResult",
        name: "",
        id: str(b.call_id),
        error,
        text,
        images: Array.isArray(b.attachments) ? b.attachments.filter(isObject).map(image) : [],
      };
    }
    case "image":
      return image(b);
    case "system_reminder":
      return { kind: "reminder", text: renderReminder(str(b.text)) };
    default:
      return { kind: "other", type: type || "unknown", json: JSON.stringify(b) ?? "" };
  }
}

/**
 * What a block adds to a message's tokens beyond its provider text, in the parts viewBlock reads, without
 * building the view (token estimates run for every block of a session, and the views cost a third of them).
 * Thinking and tool calls count in assistant messages only (yoi items already hold theirs in the text); an
 * image costs `imageTokens`. tokens.ts states the rule; a property test holds this equal to the views' reading.
 * Arguments are serialised by `args`: argsJson (not kept: the caller counts a message once, tokens.ts
 * ListTokenCache), or `compact` for a caller that views the blocks afterwards.
 */
export function sentBeyondText(
  b: unknown,
  assistant: boolean,
  c: { count(text: string): number },
  imageTokens: number,
  args: (v: unknown) => string = argsJson,
): number {
  if (!isObject(b)) return 0;
  switch (str(b.type ?? b.kind)) {
    case "thinking":
      return assistant ? c.count(str(b.thinking ?? b.text)) : 0;
    case "tool_use":
      return assistant ? c.count(str(b.name)) + c.count(args(b.input)) : 0;
    case "toolCall":
      return assistant ? c.count(str(b.name)) + c.count(args(b.arguments)) : 0;
    case "tool_call":
      if (!assistant) return 0;
      return b.type === "tool_call" ? c.count(str(b.toolName)) + c.count(args(b.args)) : c.count(str(b.name));
    case "image":
      return imageTokens;
    case "tool_result":
      return imageTokens * resultImages(b);
    default:
      return 0;
  }
}

const imagesIn = (items: unknown): number => {
  if (!Array.isArray(items)) return 0;
  let n = 0;
  for (const it of items) if (isObject(it) && it.type === "image") n++;
  return n;
};

/** The images of a result block, as viewBlock's toolResult view lists them. */
function resultImages(b: Record<string, unknown>): number {
  if (typeof b.tool_use_id === "string") return imagesIn(b.content);
  if (b.type === "tool_result") return isObject(b.result) ? imagesIn(b.result.content) : 0;
  return Array.isArray(b.attachments) ? b.attachments.filter(isObject).length : 0;
}

/** Decoded size of a base64 payload (a blob reference has none here). */
export const imageBytes = (data: string): number | null => (data.startsWith("blob:") ? null : Math.floor((data.replace(/=+$/, "").length * 3) / 4));
