// Baselines that need no sightline code: the floor (read every file and JSON.parse every line) and the
// single-pass regex scan of the streamed assistant text.
import { createReadStream } from "node:fs";
import { StringDecoder } from "node:string_decoder";

/** Streams a file and calls onLine for every non-empty line (split on "\n"). */
export async function eachLine(path, onLine) {
  const dec = new StringDecoder("utf8");
  let rest = "";
  let bytes = 0;
  for await (const chunk of createReadStream(path, { highWaterMark: 1 << 20 })) {
    bytes += chunk.length;
    const text = rest + dec.write(chunk);
    let start = 0;
    let nl;
    while ((nl = text.indexOf("\n", start)) !== -1) {
      if (nl > start) onLine(text.slice(start, nl));
      start = nl + 1;
    }
    rest = text.slice(start);
  }
  rest += dec.end();
  if (rest.length) onLine(rest);
  return bytes;
}

/** The floor: read the files and JSON.parse every line; nothing else. */
export async function floorParse(files) {
  let lines = 0;
  let bytes = 0;
  let bad = 0;
  for (const f of files) {
    bytes += await eachLine(f, (l) => {
      lines++;
      try {
        JSON.parse(l);
      } catch {
        bad++;
      }
    });
  }
  return { lines, bytes, bad };
}

/**
 * What a TTSR replay streams for one session: assistant text, thinking and tool-call arguments (compact
 * JSON.stringify, as the seed profile does without partialJson), one string per stream. pi / omp17 only.
 */
export async function extractStreamText(path) {
  const texts = [];
  await eachLine(path, (l) => {
    const e = JSON.parse(l);
    const m = e.type === "message" ? e.message : null;
    if (m?.role !== "assistant" || !Array.isArray(m.content)) return;
    for (const b of m.content) {
      if (b.type === "text") texts.push(b.text);
      else if (b.type === "thinking") texts.push(b.thinking);
      else if (b.type === "toolCall") texts.push(JSON.stringify(b.arguments));
    }
  });
  return texts;
}

/** Each text once through each regex (no flags, as the seed matcher compiles them). */
export function scanTexts(texts, conditions) {
  const res = conditions.map((c) => new RegExp(c));
  let matches = 0;
  let chars = 0;
  for (const t of texts) {
    chars += t.length;
    for (const re of res) if (re.test(t)) matches++;
  }
  return { texts: texts.length, chars, matches };
}
