// Report documents written piece by piece: the canonical JSON (and the HTML page's embedded copy) is the
// result object with its `sessions` array produced one element at a time, so a writer never holds the
// whole corpus' sessions at once. The bytes equal JSON.stringify of the whole (tested).
import { htmlFrame, pagePiece } from "./html.js";
import { splitJson } from "./json.js";
import type { AuditResult, AuditSession } from "./model.js";
import { spillOf } from "./spilled.js";

export type Chunk = string | Uint8Array;

/** summary.json's element for one session: a precomputed piece when the store has one. */
export function jsonPiece(s: AuditSession): Chunk {
  const ref = spillOf(s);
  return (ref && ref.store.piece(ref.key, "json", ref.redacted)) || JSON.stringify(s);
}

/** index.html's embedded element for one session. */
export function htmlPiece(s: AuditSession): Chunk {
  const ref = spillOf(s);
  return (ref && ref.store.piece(ref.key, "html", ref.redacted)) || pagePiece(s);
}

/** summary.json as chunks (renderJson(result, {pretty: false}) byte for byte). */
export function* jsonChunks(result: AuditResult): Generator<Chunk> {
  const [before, after] = splitJson(result, "sessions");
  yield before;
  for (let i = 0; i < result.sessions.length; i++) {
    if (i) yield ",";
    yield jsonPiece(result.sessions[i]);
  }
  yield `${after}\n`;
}

/** index.html as chunks (renderHtml(result) byte for byte). */
export function* htmlChunks(result: AuditResult, opts: { title?: string } = {}): Generator<Chunk> {
  const [before, after] = htmlFrame(result, opts);
  yield before;
  for (let i = 0; i < result.sessions.length; i++) {
    if (i) yield ",";
    yield htmlPiece(result.sessions[i]);
  }
  yield after;
}
