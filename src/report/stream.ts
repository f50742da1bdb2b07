// Report files written piece by piece: an input's detail file comes from the piece its worker made
// when it spilled the session (or are rendered here for a session held in memory), so a writer holds one
// session's piece at a time, never the corpus.
import { renderIndex } from "./html.js";
import { DATA_PREFIX, DATA_SUFFIX, pageData } from "./html-session.js";
import { summaryEntry } from "./layout.js";
import type { AuditResult, AuditSession } from "../audit/model.js";
import { spillOf } from "../audit/store.js";

export type Chunk = string | Uint8Array;

/** summary.json: the result with every session reduced to its summary entry (compact JSON, one line). */
export function summaryJson(result: AuditResult): string {
  return `${JSON.stringify({ ...result, sessions: result.sessions.map(summaryEntry) })}\n`;
}

/** sessions/<n>.js as chunks: the call around the input's session, a precomputed piece when the store has one. */
export function* detailChunks(s: AuditSession): Generator<Chunk> {
  yield DATA_PREFIX;
  const ref = spillOf(s);
  yield ref?.store.piece(ref.key, ref.redacted) || pageData(s);
  yield DATA_SUFFIX;
}

export const indexHtml = (result: AuditResult): string => renderIndex(result);
