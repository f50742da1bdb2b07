// StreamWriter in JSON mode encodes pieces straight into 1 MiB chunks and escapes a chunk only when its bytes
// hold a character to escape: what reaches the stream must be the bytes of safeJson(whole text), whatever the
// piece sizes, and a stream that is full must be waited for.
import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { safeJson } from "../../../src/cli/output.js";
import { StreamWriter } from "../../../src/cli/writer.js";

function sink(highWaterMark = 1 << 16): { stream: Writable; bytes: () => Buffer; writes: () => number } {
  const parts: Buffer[] = [];
  const stream = new Writable({
    highWaterMark,
    write(chunk: Buffer, _enc, done) {
      parts.push(Buffer.from(chunk));
      setImmediate(done);
    },
  });
  return { stream, bytes: () => Buffer.concat(parts), writes: () => parts.length };
}

async function through(pieces: string[]): Promise<{ out: Buffer; writes: number }> {
  const s = sink();
  const w = new StreamWriter("json", s.stream);
  for (const p of pieces) await w.write(p);
  await w.flush();
  return { out: s.bytes(), writes: s.writes() };
}

describe("cli/writer: JSON output", () => {
  it("long output in pieces of every size is the UTF-8 of safeJson(whole), controls escaped wherever they fall", async () => {
    const pieces: string[] = [];
    const kinds = ["plain ascii text, ", "ünïcödé ✓ — “quotes” → ", "😀 emoji ", "bidi \u202e here ", "c1 \u0085 and del \u007f ", "nbsp\u00a0"];
    for (let i = 0; i < 4000; i++) pieces.push(kinds[i % kinds.length].repeat(1 + (i % 97)));
    pieces.push("x".repeat(800_000), "\u2028".repeat(400_000), "end");
    const { out, writes } = await through(pieces);
    expect(out.equals(Buffer.from(safeJson(pieces.join("")), "utf8"))).toBe(true);
    expect(out.toString("utf8")).not.toMatch(/[\u007F-\u009F\u202E\u2028]/);
    expect(writes).toBeGreaterThan(2);
  });

  it("output without anything to escape passes unchanged, and short output is one write", async () => {
    const text = JSON.stringify({ a: "ünïcödé ✓ — “quotes” → 😀", b: [1, 2, 3] }, null, 2);
    const { out, writes } = await through([text.slice(0, 10), text.slice(10)]);
    expect(out.toString("utf8")).toBe(text);
    expect(writes).toBe(1);
  });

  it("JSON strings and repeated pieces: the bytes of safeJson(whole), whatever is copied, escaped here or stringified", async () => {
    // Texts a replay writes twice in a row but one (a message's text and its block's), long and short, with
    // controls to guard, a lone surrogate and U+FFFD (stringified by V8), and one too long to escape in a chunk.
    const texts = [
      'plain "quoted" text\n\twith a tab '.repeat(20),
      "short",
      "ünïcödé ✓ — 😀 \u2028 \u0085 \u007f ".repeat(30),
      "lone \ud800 surrogate ".repeat(20),
      "replacement \ufffd char ".repeat(20),
      "\u0001\u001f".repeat(200),
      "x".repeat(300_000),
    ];
    const plain = "nothing to escape in this text ".repeat(10);
    const calls: Array<["raw" | "str", string]> = [];
    for (let i = 0; i < 700; i++) {
      const t = i % 100 === 6 ? texts[6] : texts[i % 6];
      const between = `,\n  "k${i}": `;
      calls.push(["raw", between], ["str", t], ["raw", `${"x".repeat(i % 400)}"`], ["str", t]);
      // The same long text written as it is and as a JSON string is never copied from the other kind.
      if (i % 5 === 0) calls.push(["raw", plain], ["str", plain], ["raw", plain], ["raw", plain]);
    }
    const s = sink();
    const w = new StreamWriter("json", s.stream);
    let expected = "";
    for (const [kind, text] of calls) {
      expected += kind === "raw" ? text : JSON.stringify(text);
      await (kind === "raw" ? w.write(text) : w.writeJsonString(text));
    }
    await w.flush();
    expect(s.bytes().equals(Buffer.from(safeJson(expected), "utf8"))).toBe(true);
    expect(s.writes()).toBeGreaterThan(3);
  });

  it("a JSON string in text mode is JSON.stringify's text", async () => {
    const parts: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _enc, done) {
        parts.push(chunk.toString());
        done();
      },
    });
    const w = new StreamWriter("text", stream);
    await w.write("a: ");
    await w.writeJsonString('say "hi"\n');
    await w.flush();
    expect(parts.join("")).toBe('a: "say \\"hi\\"\\n"');
  });
});
