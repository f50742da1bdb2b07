// The `replay --json` document written as JSON text one turn at a time (the streaming form of the document
// context/replay.ts builds).
import type { ReplayDocument } from "../context/replay.js";
import type { Msg } from "../formats/types.js";
import type { Turn } from "../context/turns.js";

// A turn is an element of the document's "turns" array, two levels deep. Stringified inside two arrays it
// comes out at that depth already (each line indented 4 more spaces): slicing the wrappers off is much
// cheaper than re-indenting the text with a regex.
const OPEN = "[\n  [\n    ";
const CLOSE = "\n  ]\n]";

/** A turn's JSON text as it appears in the document (after its "[\n    " or ",\n    "). */
export function turnJson(t: Turn): string {
  const s = JSON.stringify([[t]], null, 2);
  return s.slice(OPEN.length, s.length - CLOSE.length);
}

// A message's `text` is nearly always also the text of one of its blocks (a tool result, a user prompt, an
// assistant's answer): a third of the document. Stringified as it is, that text is escaped twice. Instead the
// turn is stringified with a placeholder in both places and the text, escaped once, goes where they are.
// The placeholder holds control characters no recorded text is expected to hold; should a value hold it
// anyway, the count of placeholders in the text differs from the number put there, and the turn is
// stringified as it is.
const MARK = "\u0000sightline\u0001text\u0000";
const MARK_JSON = JSON.stringify(MARK);
/** Shorter texts are not worth the copies. */
const MIN_SHARED = 64;

/** The message with its text and its first block whose text is that same text both set to MARK; else null. */
function marked(m: Msg): Msg | null {
  if (typeof m.text !== "string" || m.text.length < MIN_SHARED || !Array.isArray(m.blocks)) return null;
  let k = 0;
  while (k < m.blocks.length && !(typeof m.blocks[k] === "object" && m.blocks[k] !== null && (m.blocks[k] as { text?: unknown }).text === m.text)) k++;
  if (k === m.blocks.length) return null;
  const b = m.blocks[k] as Record<string, unknown>;
  // Own keys in their order, as JSON.stringify lists them; a "__proto__" key would need defineProperty: not worth it.
  if (Array.isArray(b) || Object.hasOwn(b, "__proto__") || Object.hasOwn(m, "__proto__")) return null;
  const block: Record<string, unknown> = {};
  for (const key of Object.keys(b)) block[key] = key === "text" ? MARK : b[key];
  const blocks = m.blocks.slice();
  blocks[k] = block;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(m)) out[key] = key === "text" ? MARK : key === "blocks" ? blocks : m[key as keyof Msg];
  return out as unknown as Msg;
}

/**
 * A turn's JSON text (as turnJson gives it) as the pieces between the places of its shared texts: written in
 * turn, `pieces[j]` then the JSON string of `texts[j >> 1]` (each text goes into two places: the message's
 * and its block's), and the last piece, they are that text.
 */
export function turnParts(t: Turn): { pieces: string[]; texts: string[] } {
  const msgs = Array.isArray(t.messages) ? t.messages : t.messages.added;
  let swapped: Msg[] | undefined;
  const texts: string[] = [];
  for (let i = 0; i < msgs.length; i++) {
    const m = marked(msgs[i]);
    if (m === null) continue;
    swapped ??= msgs.slice();
    swapped[i] = m;
    texts.push(msgs[i].text);
  }
  if (swapped === undefined) return { pieces: [turnJson(t)], texts };
  const s = turnJson({ ...t, messages: Array.isArray(t.messages) ? swapped : { ...t.messages, added: swapped } });
  // Each marked message's two places lie within its own JSON text, messages in order (whatever the key order).
  const at: number[] = [];
  for (let i = s.indexOf(MARK_JSON); i !== -1; i = s.indexOf(MARK_JSON, i + MARK_JSON.length)) at.push(i);
  if (at.length !== 2 * texts.length) return { pieces: [turnJson(t)], texts: [] };
  const pieces: string[] = [];
  let from = 0;
  for (let j = 0; j < at.length; j++) {
    pieces.push(s.slice(from, at[j]));
    from = at[j] + MARK_JSON.length;
  }
  pieces.push(s.slice(from));
  return { pieces, texts };
}

/**
 * A turn's JSON text (as turnJson gives it) in pieces: written one after the other they are that text. A
 * message's text shared with one of its blocks is escaped once and its piece given twice.
 */
export function turnPieces(t: Turn): string[] {
  const { pieces, texts } = turnParts(t);
  const out: string[] = [];
  let escaped = "";
  for (let j = 0; j < pieces.length - 1; j++) {
    out.push(pieces[j]);
    if (j % 2 === 0) escaped = JSON.stringify(texts[j >> 1]);
    out.push(escaped);
  }
  out.push(pieces[pieces.length - 1]);
  return out;
}

/** Where the document goes: `write` takes JSON text; `writeString`, when given, the JSON string of a text. */
export interface ReplayJsonSink {
  /** A promise only when the caller must wait for it. */
  write(chunk: string): Promise<void> | undefined | void;
  /** Writes JSON.stringify(text) (default: through `write`). */
  writeString?(text: string): Promise<void> | undefined | void;
}

/**
 * Writes the replay document as JSON.stringify(doc, null, 2) would, but one turn at a time, so a long
 * session's full views never exist as one string or one array. `write` returns a promise only when the
 * caller must wait for it: the other pieces (≈ 130,000 for a long session) go on without a turn of the
 * microtask queue each.
 */
export async function writeReplayJson(
  head: ReplayDocument,
  turns: Iterable<Turn>,
  sink: ReplayJsonSink | ((chunk: string) => Promise<void> | undefined | void),
): Promise<void> {
  const write = typeof sink === "function" ? sink : (c: string) => sink.write(c);
  const writeString =
    typeof sink === "function" || sink.writeString === undefined ? (t: string) => write(JSON.stringify(t)) : (t: string) => sink.writeString!(t);
  const TURNS = "\u0000turns\u0000";
  const [before, after] = JSON.stringify({ ...head, turns: TURNS }, null, 2).split(JSON.stringify(TURNS));
  await write(before);
  let first = true;
  let waiting: Promise<void> | undefined | void;
  for (const t of turns) {
    // Pieces, not one joined string: the turn's text is made of slices of its JSON, which the writer encodes
    // as they are; joined, they would be copied whole first.
    waiting = write(first ? "[\n    " : ",\n    ");
    if (waiting) await waiting;
    const { pieces, texts } = turnParts(t);
    for (let j = 0; j < pieces.length - 1; j++) {
      waiting = write(pieces[j]);
      if (waiting) await waiting;
      waiting = writeString(texts[j >> 1]);
      if (waiting) await waiting;
    }
    waiting = write(pieces[pieces.length - 1]);
    if (waiting) await waiting;
    first = false;
  }
  await write(first ? "[]" : "\n  ]");
  await write(after + "\n");
}
