// A message's `extra` strings in the page data (sessions/<n>.js, html.ts pageMessage): readable views of the
// blocks that say what the message's `text` does not. A block's text the message text already holds (a yoi or
// Codex text part, a Scorel tool result or stored reminder, a yoi tool result or reasoning item) is not repeated;
// what it adds (a tool's name and id, an error flag, an image's size) is. Nothing is lost: any block text the
// message text does not hold is shown (cut at EXTRA_MAX like every other part), and a block no reading knows is
// shown as its JSON. The viewer puts each string in a <pre> as text (client/turn-view.ts): nothing here is markup.
import { imageBytes, viewBlock, type BlockView, type ImageBlock } from "../context/blocks.js";
import type { Msg } from "../formats/types.js";
import { isObject } from "../shared/json.js";

// A block is shown as (at most) this much: a page never embeds a structure it cannot read back (a block nested
// 1000 levels deep becomes a string here), nor one huge tool argument or result twice the size of the text.
export const EXTRA_MAX = 20_000;

/**
 * A string this long that the message text holds anywhere counts as shown; a shorter one only where it comes
 * next in the text (blocks are joined in order): "ok" found inside some other block's text is not taken as shown.
 */
const LONG = 64;

/** Where the message text has been matched so far: block texts are looked up in order. */
export class Shown {
  private at = 0;
  constructor(private readonly text: string) {}

  holds(t: string): boolean {
    if (t === "") return true;
    // Where the previous block ended, or one separator later (most texts join their blocks with "\n"): a compare
    // of t, where indexOf costs ≈ 1 ns a character to find it there (docs/performance.md §4.40). The same answer:
    // indexOf finds the first place from `at`.
    const { text, at } = this;
    for (let k = at; k <= at + 1; k++)
      if (k + t.length <= text.length && text.slice(k, k + t.length) === t) {
        this.at = k + t.length;
        return true;
      }
    const i = text.indexOf(t, at);
    if (i >= 0) {
      this.at = i + t.length;
      return true;
    }
    // From 0, indexOf has looked everywhere.
    return t.length >= LONG && at > 0 && text.includes(t);
  }
}

const n = (x: number): string => x.toLocaleString("en-US");

/** s cut at EXTRA_MAX (never half a surrogate pair), with how much was left out. */
function cut(s: string): string {
  if (s.length <= EXTRA_MAX) return s;
  const end = /[\ud800-\udbff]/.test(s[EXTRA_MAX - 1]) ? EXTRA_MAX - 1 : EXTRA_MAX;
  return `${s.slice(0, end)}… (${n(s.length - end)} more chars)`;
}

const imageLine = (i: ImageBlock): string => {
  const bytes = imageBytes(i.data);
  return `[image ${i.mime} · ${bytes === null ? `stored as ${cut(i.data)}` : `${n(bytes)} bytes`}]`;
};

/** A block's JSON, its long strings that the message text holds replaced by their size (a block no reading knows). */
function json(type: string, b: unknown, shown: Shown): string {
  const s =
    JSON.stringify(b, (_k, v: unknown) => (typeof v === "string" && v.length >= LONG && shown.holds(v) ? `⟨${n(v.length)} chars, in the message text⟩` : v)) ??
    String(b);
  return `[${type}] ${s.length > EXTRA_MAX ? `${s.slice(0, EXTRA_MAX)}…` : s}`;
}

/** A titled text: the title alone when the message text holds the text, else the text under it. */
const titled = (title: string, text: string, shown: Shown): string => (shown.holds(text) ? title : `${title}\n${cut(text)}`);

function fromView(v: BlockView, b: unknown, shown: Shown, out: string[]): void {
  switch (v.kind) {
    case "text":
    case "refusal":
    case "reminder": {
      if (!shown.holds(v.text)) out.push(`[${v.kind === "reminder" ? "system_reminder" : v.kind}]\n${cut(v.text)}`);
      return;
    }
    case "thinking": {
      const notes = `${v.signed ? " · signed" : ""}${v.encryptedChars ? ` · ${n(v.encryptedChars)} chars encrypted` : ""}`;
      // As the page showed it before: the whole thinking (never cut), unless the message text holds it.
      if (v.text === "") out.push(`[${v.label}${notes}]`);
      else if (!shown.holds(v.text)) out.push(`[${v.label}${notes}]\n${v.text}`);
      else out.push(`[${v.label} · ${n(v.text.length)} chars, in the message text${notes}]`);
      return;
    }
    case "redacted":
      out.push(`[redacted thinking · ${n(v.chars)} chars of opaque data]`);
      return;
    case "toolCall": {
      // Shown again unless the message text holds them (yoi: the text is the arguments; Claude Code: name and arguments).
      out.push(titled(`[tool call ${v.name}${v.id ? ` · ${v.id}` : ""}]`, v.argsText, shown));
      return;
    }
    case "toolResult": {
      const title = `[tool result${v.name ? ` ${v.name}` : ""}${v.id ? ` · ${v.id}` : ""}${v.error ? " · error" : ""}]`;
      out.push(titled(title, v.text, shown), ...v.images.map(imageLine));
      return;
    }
    case "image":
      out.push(imageLine(v));
      return;
    case "other":
      // Codex keeps an item it has no text for as its JSON in the text (formats/codex/msgs.ts).
      if (!shown.holds(v.json)) out.push(json(v.type, b, shown));
  }
}

const str = (v: unknown): string | undefined => (typeof v === "string" ? v : undefined);

/** A `data:` URL image (Codex input_image) as an image view; undefined for anything else. */
function dataUrlImage(url: unknown): ImageBlock | undefined {
  if (typeof url !== "string") return undefined;
  const m = /^data:([^;,]*);base64,/.exec(url);
  return m ? { kind: "image", mime: m[1] || "image", data: url.slice(m[0].length) } : undefined;
}

/**
 * Codex response items (formats/codex/msgs.ts itemToMsg: a Msg holds one item as its only block), which the
 * shared block reading does not know. True when the block was one and is handled.
 */
function codexItem(o: Record<string, unknown>, shown: Shown, out: string[]): boolean {
  switch (o.type) {
    case "message": {
      if (!Array.isArray(o.content)) return false;
      for (const p of o.content) {
        if (!isObject(p)) continue;
        const text = str(p.text);
        const image = p.type === "input_image" ? dataUrlImage(p.image_url) : undefined;
        if (text !== undefined) {
          if (!shown.holds(text)) out.push(`[${String(p.type ?? "text")}]\n${cut(text)}`);
        } else if (image) out.push(imageLine(image));
        else out.push(json(String(p.type ?? "part"), p, shown));
      }
      return true;
    }
    case "function_call":
    case "custom_tool_call": {
      const args = str(o.type === "function_call" ? o.arguments : o.input);
      const name = str(o.name);
      if (args === undefined || name === undefined) return false;
      // itemToMsg's text is `name(arguments)`.
      const id = str(o.call_id);
      out.push(titled(`[tool call ${name}${id ? ` · ${id}` : ""}]`, `${name}(${args})`, shown));
      return true;
    }
    case "function_call_output":
    case "custom_tool_call_output": {
      const output = str(o.output);
      if (output === undefined) return false;
      const id = str(o.call_id);
      out.push(titled(`[tool result${id ? ` · ${id}` : ""}]`, output, shown));
      return true;
    }
    default:
      return false;
  }
}

/** The page's extra strings of a message's blocks (and its summary when that is not its text). */
export function blockExtras(m: Msg): string[] {
  const out: string[] = [];
  const shown = new Shown(m.text);
  for (const b of m.blocks) {
    if (b === null || b === undefined) continue;
    if (isObject(b)) {
      // The most frequent block (pi, Scorel, Claude Code text) read here as viewBlock and fromView read it, without a view.
      const text = b.type === "text" ? b.text : undefined;
      if (typeof text === "string") {
        if (!shown.holds(text)) out.push(`[text]\n${cut(text)}`);
        continue;
      }
      if (codexItem(b, shown, out)) continue;
    }
    const v = viewBlock(b);
    // The shared reading keeps a thinking / reasoning block's `thinking` or `text`: a block with both, or a Codex
    // reasoning item (summary and content parts, no text), is shown as its JSON so that none of it is lost.
    if (v.kind === "thinking" && isObject(b) && (b.type === "reasoning" ? b.text === undefined : b.thinking !== undefined && b.text !== undefined)) {
      out.push(json(String(b.type), b, shown));
      continue;
    }
    fromView(v, b, shown, out);
    // A yoi reasoning item's summary lines, which its text does not hold.
    if (v.kind === "thinking" && isObject(b) && Array.isArray(b.summary))
      for (const x of b.summary)
        if (typeof x !== "string" || !shown.holds(x)) out.push(typeof x === "string" ? `[reasoning summary]\n${cut(x)}` : json("summary", x, shown));
  }
  // A summary message's text is the summary as the provider got it (a prefix, the summary, a suffix; Scorel
  // trims it): shown only when the text does not hold it.
  if (m.summary !== undefined && !m.text.includes(m.summary.trim())) out.push(`[summary]\n${m.summary}`);
  return out;
}
