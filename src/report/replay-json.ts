// The `replay --json` document written as JSON text one turn at a time (the streaming form of the document
// context/replay.ts builds).
import type { ReplayDocument } from "../context/replay.js";
import type { Turn } from "../context/turns.js";

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
    await write((first ? "[\n    " : ",\n    ") + JSON.stringify(t, null, 2).replace(/\n/g, "\n    "));
    first = false;
  }
  await write(first ? "[]" : "\n  ]");
  await write(after + "\n");
}
