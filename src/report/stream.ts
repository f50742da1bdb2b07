// Report files written piece by piece: an input's detail file comes from the piece its worker made
// when it spilled the session (or are rendered here for a session held in memory), so a writer holds one
// session's piece at a time, never the corpus.
import { indexChunks } from "./html.js";
import { splitJson } from "./json.js";
import { DATA_PREFIX, DATA_SUFFIX, pageData } from "./html-session.js";
import { summaryEntry } from "./layout.js";
import type { AuditResult, AuditSession } from "../audit/model.js";
import { spillOf } from "../audit/store.js";

export type Chunk = string | Uint8Array;

/** summary.json: the result with every session reduced to its summary entry (compact JSON, one line). */
export function summaryJson(result: AuditResult): string {
  return [...summaryJsonChunks(result)].join("");
}

/** summary.json as chunks: the run's JSON around its sessions, then one summary entry at a time. */
export function* summaryJsonChunks(result: AuditResult): Generator<string> {
  const [before, after] = splitJson({ ...result, sessions: [] }, "sessions");
  yield before;
  for (let i = 0; i < result.sessions.length; i++) yield `${i ? "," : ""}${JSON.stringify(summaryEntry(result.sessions[i], i))}`;
  yield `${after}\n`;
}

/** sessions/<n>.js as chunks: the call around the input's session, a precomputed piece when the store has one. */
export function* detailChunks(s: AuditSession): Generator<Chunk> {
  yield DATA_PREFIX;
  const ref = spillOf(s);
  yield ref?.store.piece(ref.key, ref.redacted) || pageData(s);
  yield DATA_SUFFIX;
}

export const indexHtml = (result: AuditResult): Iterable<string> => indexChunks(result);
