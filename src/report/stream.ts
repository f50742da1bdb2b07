// Report files written piece by piece: a session's detail file and page come from pieces its worker made
// when it spilled the session (or are rendered here for a session held in memory), so a writer holds one
// session's piece at a time, never the corpus.
import { renderIndex } from "./html.js";
import { pageData, sessionPageFrame, type PageContext } from "./html-session.js";
import { detailDoc, summaryEntry } from "./layout.js";
import type { AuditResult, AuditSession } from "../context/audit-model.js";
import { spillOf } from "../context/audit-store.js";

export type Chunk = string | Uint8Array;

/** summary.json: the result with every session reduced to its summary entry (compact JSON, one line). */
export function summaryJson(result: AuditResult): string {
  return `${JSON.stringify({ ...result, sessions: result.sessions.map(summaryEntry) })}\n`;
}

/** sessions/<n>.json: a precomputed piece when the store has one. */
export function detailPiece(s: AuditSession): Chunk {
  const ref = spillOf(s);
  return (ref && ref.store.piece(ref.key, "detail", ref.redacted)) || `${JSON.stringify(detailDoc(s))}\n`;
}

/** sessions/<n>.html as chunks: the frame around the session's data element. */
export function* pageChunks(s: AuditSession, ctx: PageContext): Generator<Chunk> {
  const [before, after] = sessionPageFrame(s, ctx);
  yield before;
  const ref = spillOf(s);
  yield (ref && ref.store.piece(ref.key, "page", ref.redacted)) || pageData(s);
  yield after;
}

export const indexHtml = (result: AuditResult): string => renderIndex(result);
