// The `replay --json` document written as JSON text one turn at a time (the streaming form of the document
// context/replay.ts builds).
import type { ReplayDocument } from "../context/replay.js";
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

/**
 * Writes the replay document as JSON.stringify(doc, null, 2) would, but one turn at a time, so a long
 * session's full views never exist as one string or one array.
 */
export async function writeReplayJson(head: ReplayDocument, turns: Iterable<Turn>, write: (chunk: string) => void | Promise<void>): Promise<void> {
  const MARK = "\u0000turns\u0000";
  const [before, after] = JSON.stringify({ ...head, turns: MARK }, null, 2).split(JSON.stringify(MARK));
  await write(before);
  let first = true;
  for (const t of turns) {
    // Two writes, not one joined string: the turn's text is a slice of its JSON, which the writer encodes as
    // it is; joined, it would be copied whole first.
    await write(first ? "[\n    " : ",\n    ");
    await write(turnJson(t));
    first = false;
  }
  await write(first ? "[]" : "\n  ]");
  await write(after + "\n");
}
