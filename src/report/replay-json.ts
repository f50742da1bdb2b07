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
// turn is stringified with a placeholder in both places, and in the place of each other long string of a
// message (a thinking text, its signature, a tool call's file contents), and the writer puts each text, escaped
// by itself (shared/json-escape.ts: about half JSON.stringify's cost a character), where its placeholder is.
// The placeholder holds control characters no recorded text is expected to hold; should a value hold it
// anyway, the count of placeholders in the text differs from the number put there, and the turn is
// stringified as it is.
const MARK = "\u0000sightline\u0001text\u0000";
const MARK_JSON = JSON.stringify(MARK);
/** Shorter shared texts are not worth the copies. */
const MIN_SHARED = 64;
/** Other strings at least this long go to the writer on their own. */
const MIN_LONG = 256;

const hasProto = (o: object): boolean => Object.hasOwn(o, "__proto__");

/**
 * `v` (the value of `key`) as it is written: a string of at least MIN_LONG characters pushed onto `texts` and
 * replaced by MARK; with `deeper`, an `arguments` object marked one level down (markStrings); anything else itself.
 */
function markValue(key: string, v: unknown, texts: string[], deeper: boolean): unknown {
  if (typeof v === "string") {
    if (v.length < MIN_LONG) return v;
    texts.push(v);
    return MARK;
  }
  if (deeper && key === "arguments" && typeof v === "object" && v !== null && !Array.isArray(v) && !hasProto(v))
    return markStrings(v as Record<string, unknown>, texts, false);
  return v;
}

/**
 * A copy of `o` with its values marked (markValue), in the order JSON.stringify meets them (own keys in order);
 * `o` itself when none changed.
 */
function markStrings(o: Record<string, unknown>, texts: string[], deeper: boolean): Record<string, unknown> {
  let out: Record<string, unknown> | undefined;
  const keys = Object.keys(o);
  for (let i = 0; i < keys.length; i++) {
    const v = o[keys[i]];
    const w = markValue(keys[i], v, texts, deeper);
    if (w !== v && out === undefined) {
      out = {};
      for (let j = 0; j < i; j++) out[keys[j]] = o[keys[j]];
    }
    if (out !== undefined) out[keys[i]] = w;
  }
  return out ?? o;
}

/**
 * The message with its long strings set to MARK, pushed onto `texts` in the order JSON.stringify meets them:
 * its text, which its first block with that same text shares (both places), and the other long strings of
 * the message and its blocks. Null when there is none (or an object with a "__proto__" key, which a copy
 * would need defineProperty for: not worth it).
 */
function marked(m: Msg, texts: string[]): Msg | null {
  if (!Array.isArray(m.blocks) || hasProto(m)) return null;
  const shared = typeof m.text === "string" && m.text.length >= MIN_SHARED ? m.text : undefined;
  let sharedAt = -1;
  if (shared !== undefined)
    for (let k = 0; k < m.blocks.length && sharedAt < 0; k++) {
      const b = m.blocks[k];
      if (typeof b === "object" && b !== null && (b as { text?: unknown }).text === shared) sharedAt = k;
    }
  const before = texts.length;
  let blocks: unknown[] | undefined;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(m)) {
    const v = (m as unknown as Record<string, unknown>)[key];
    if (key === "blocks") {
      blocks = m.blocks.slice();
      for (let k = 0; k < blocks.length; k++) {
        const b = blocks[k];
        if (typeof b !== "object" || b === null || Array.isArray(b) || hasProto(b)) continue;
        if (k === sharedAt) {
          const block: Record<string, unknown> = {};
          for (const bk of Object.keys(b)) {
            const bv = (b as Record<string, unknown>)[bk];
            if (bk === "text") {
              texts.push(shared!);
              block[bk] = MARK;
            } else block[bk] = markValue(bk, bv, texts, true);
          }
          blocks[k] = block;
        } else blocks[k] = markStrings(b as Record<string, unknown>, texts, true);
      }
      out[key] = blocks;
    } else if (key === "text" && sharedAt >= 0) {
      texts.push(shared!);
      out[key] = MARK;
    } else if (typeof v === "string" && v.length >= MIN_LONG) {
      texts.push(v);
      out[key] = MARK;
    } else out[key] = v;
  }
  return texts.length === before ? null : (out as unknown as Msg);
}

/**
 * A turn's JSON text (as turnJson gives it) as the pieces between the places of its long strings: written in
 * turn, `pieces[j]` then the JSON string of `texts[j]`, and the last piece, they are that text. A message's
 * text shared with one of its blocks is in `texts` twice, for its two places.
 */
export function turnParts(t: Turn): { pieces: string[]; texts: string[] } {
  const msgs = Array.isArray(t.messages) ? t.messages : t.messages.added;
  let swapped: Msg[] | undefined;
  const texts: string[] = [];
  for (let i = 0; i < msgs.length; i++) {
    const m = marked(msgs[i], texts);
    if (m === null) continue;
    swapped ??= msgs.slice();
    swapped[i] = m;
  }
  if (swapped === undefined) return { pieces: [turnJson(t)], texts };
  const s = turnJson({ ...t, messages: Array.isArray(t.messages) ? swapped : { ...t.messages, added: swapped } });
  // The placeholders come in the order the strings were taken (JSON.stringify's own order of keys).
  const at: number[] = [];
  for (let i = s.indexOf(MARK_JSON); i !== -1; i = s.indexOf(MARK_JSON, i + MARK_JSON.length)) at.push(i);
  if (at.length !== texts.length) return { pieces: [turnJson(t)], texts: [] };
  const pieces: string[] = [];
  let from = 0;
  for (let j = 0; j < at.length; j++) {
    pieces.push(s.slice(from, at[j]));
    from = at[j] + MARK_JSON.length;
  }
  pieces.push(s.slice(from));
  return { pieces, texts };
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
    for (let j = 0; j < texts.length; j++) {
      waiting = write(pieces[j]);
      if (waiting) await waiting;
      waiting = writeString(texts[j]);
      if (waiting) await waiting;
    }
    waiting = write(pieces[pieces.length - 1]);
    if (waiting) await waiting;
    first = false;
  }
  await write(first ? "[]" : "\n  ]");
  await write(after + "\n");
}
