// chunkText (../chunking.ts) without materialising every code point: the same deltas, cut by walking UTF-16
// indexes. The replay splits every recorded block, so this runs over the whole session; chunkText stays the
// definition (a property test holds the two equal).
import { mulberry32, type Chunking } from "../chunking.js";

/** The end index after `count` code points from `i` (a surrogate pair is one point, a lone surrogate one). */
function advance(text: string, i: number, count: number): number {
  let j = i;
  for (let k = 0; k < count && j < text.length; k++) {
    const c = text.charCodeAt(j);
    j += c >= 0xd800 && c <= 0xdbff && j + 1 < text.length && (text.charCodeAt(j + 1) & 0xfc00) === 0xdc00 ? 2 : 1;
  }
  return j;
}

/** Exactly chunkText(text, chunking). */
export function chunkTextFast(text: string, chunking: Chunking): string[] {
  return [...chunksOf(text, chunking)];
}

/** The chunks of chunkText(text, chunking) one at a time (a long block's are never all alive at once). */
export function* chunksOf(text: string, chunking: Chunking): Generator<string> {
  if (text.length === 0) return;
  if (chunking.kind === "whole") {
    yield text;
    return;
  }
  const next = chunking.kind === "random" ? mulberry32(chunking.seed) : undefined;
  const size = chunking.kind === "fixed" ? chunking.size : 0;
  for (let i = 0; i < text.length; ) {
    const j = advance(text, i, next ? 1 + Math.floor(next() * 64) : size);
    yield text.slice(i, j);
    i = j;
  }
}
