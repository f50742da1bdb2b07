// Real-content TTSR inputs: sessions built from the recorded pi session fixtures/pi/before-compaction.jsonl
// (real prose, real tool calls with real source code in their arguments), so argument streaming is measured
// on what agents actually write rather than on generated prose.
// * `realSession(dir, copies)`: the recording's entries repeated `copies` times after one header (v1 sessions
//   are linear, so repeating the lines is a longer session); tool call ids get a per-copy suffix so every
//   result still pairs with its own call. Compaction entries are left out (their entry indexes would point
//   into the wrong copy).
// * `bigWriteSession(dir, chars)`: one `write` call whose content is `chars` characters of the recording's
//   real file contents (read results and written files, in order, repeated when needed).
import { existsSync, readFileSync, renameSync, statSync } from "node:fs";
import { join } from "node:path";
import { ROOT } from "../lib/sightline.mjs";
import { writeLines } from "./corpus.mjs";

export const REAL_FIXTURE = join(ROOT, "fixtures", "pi", "before-compaction.jsonl");

function fixtureLines() {
  return readFileSync(REAL_FIXTURE, "utf8")
    .split("\n")
    .filter((l) => l.length > 0);
}

/** Entry lines of one copy, tool call ids suffixed with `~copy`. */
function copyOf(lines, copy) {
  const out = [];
  for (const line of lines) {
    const e = JSON.parse(line);
    if (e.type === "session" || e.type === "compaction") continue;
    const m = e.message;
    if (copy > 0 && m) {
      if (typeof m.toolCallId === "string") m.toolCallId = `${m.toolCallId}~${copy}`;
      if (Array.isArray(m.content)) for (const b of m.content) if (b && b.type === "toolCall" && typeof b.id === "string") b.id = `${b.id}~${copy}`;
    }
    out.push(JSON.stringify(e));
  }
  return out;
}

// Cached files are named after the recording's size too, so a changed fixture is not served from a stale cache.
const tag = () => `real-pi-${statSync(REAL_FIXTURE).size}`;

async function cached(path, lines) {
  if (existsSync(path)) return { path, bytes: statSync(path).size };
  const tmp = `${path}.part`;
  await writeLines(tmp, lines());
  renameSync(tmp, path);
  return { path, bytes: statSync(path).size };
}

/** The recording repeated `copies` times: {path, bytes, toolCalls, argChars}. */
export async function realSession(dir, copies) {
  const lines = fixtureLines();
  const r = await cached(join(dir, `${tag()}-x${copies}.jsonl`), function* () {
    yield lines[0];
    for (let c = 0; c < copies; c++) yield* copyOf(lines, c);
  });
  return { ...r, copies };
}

/** Real file contents of the recording (read results, then written files), in file order. */
function realContents(lines) {
  const texts = [];
  for (const line of lines) {
    const m = JSON.parse(line).message;
    if (m?.role === "toolResult" && m.toolName === "read" && Array.isArray(m.content)) for (const c of m.content) if (c.type === "text") texts.push(c.text);
    if (m?.role === "assistant" && Array.isArray(m.content))
      for (const b of m.content) if (b.type === "toolCall" && b.name === "write" && typeof b.arguments?.content === "string") texts.push(b.arguments.content);
  }
  return texts;
}

/** A session whose one assistant turn writes a `chars`-character file of real code: {path, bytes, chars}. */
export async function bigWriteSession(dir, chars) {
  const lines = fixtureLines();
  const r = await cached(join(dir, `${tag()}-write-${chars}.jsonl`), function* () {
    const texts = realContents(lines);
    let content = "";
    for (let i = 0; content.length < chars; i++) content += texts[i % texts.length] + "\n";
    content = content.slice(0, chars);
    const header = JSON.parse(lines[0]);
    const t = header.timestamp;
    yield JSON.stringify(header);
    yield JSON.stringify({
      type: "message",
      timestamp: t,
      message: { role: "user", content: [{ type: "text", text: "Put the whole module into one file, src/bundle.ts." }], timestamp: 0 },
    });
    const call = { type: "toolCall", id: "toolu_bench_big_write", name: "write", arguments: { path: "src/bundle.ts", content } };
    yield JSON.stringify({
      type: "message",
      timestamp: t,
      message: {
        role: "assistant",
        content: [{ type: "text", text: "Writing the bundled module." }, call],
        api: "anthropic-messages",
        provider: "anthropic",
        model: "claude-opus-4-5",
        usage: { input: 10, output: 10, cacheRead: 0, cacheWrite: 0, totalTokens: 20, cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 } },
        stopReason: "toolUse",
        timestamp: 1,
      },
    });
    yield JSON.stringify({
      type: "message",
      timestamp: t,
      message: {
        role: "toolResult",
        toolCallId: call.id,
        toolName: "write",
        content: [{ type: "text", text: `Successfully wrote ${chars} bytes to src/bundle.ts` }],
        isError: false,
        timestamp: 2,
      },
    });
  });
  return { ...r, chars };
}
