// writeReplayJson streams the replay document one turn at a time; the text must be what JSON.stringify(doc,
// null, 2) gives for the whole document (the `replay --json` contract), with no turns as well as with many.
import { relative } from "node:path";
import { describe, expect, it } from "vitest";
import { replayStreamFile } from "../../../src/app/replay/replay.js";
import type { Turn } from "../../../src/context/turns.js";
import { turnJson, turnParts, writeReplayJson } from "../../../src/report/replay-json.js";
import { ROOT } from "../context/fixture-sessions.js";
import { Writable } from "node:stream";
import { StreamWriter } from "../../../src/cli/writer.js";
import { safeJson } from "../../../src/cli/output.js";

/**
 * turnParts as a writer without writeString joins it: each piece, then its text's JSON string (a text shared
 * by a message and its block escaped once, given twice). Written one after the other they are turnJson's text.
 */
function turnPieces(t: Turn): string[] {
  const { pieces, texts } = turnParts(t);
  const out: string[] = [];
  const escaped = new Map<string, string>();
  for (let j = 0; j < texts.length; j++) {
    out.push(pieces[j]);
    let e = escaped.get(texts[j]);
    if (e === undefined) {
      e = JSON.stringify(texts[j]);
      escaped.set(texts[j], e);
    }
    out.push(e);
  }
  out.push(pieces[pieces.length - 1]);
  return out;
}

const FIXTURES = [
  "fixtures/pi/omp17-branch-after-gap/session.jsonl",
  "fixtures/yoi/seed-era-realistic.jsonl",
  "fixtures/scorel/audit/inv-14-orphan-tool-result.jsonl",
].map((f) => `${ROOT}/${f}`);

async function streamed(file: string, opts: { delta: boolean; noTurns?: boolean }): Promise<{ text: string; chunks: number; whole: string }> {
  const chunks: string[] = [];
  const a = await replayStreamFile(file, { scope: "all", delta: opts.delta });
  await writeReplayJson(a.head, opts.noTurns ? [] : a.turns, (c) => void chunks.push(c));
  const b = await replayStreamFile(file, { scope: "all", delta: opts.delta });
  if (opts.noTurns) return { text: chunks.join(""), chunks: chunks.length, whole: `${JSON.stringify({ ...b.head, turns: [] }, null, 2)}\n` };
  return { text: chunks.join(""), chunks: chunks.length, whole: `${JSON.stringify({ ...b.head, turns: [...b.turns] }, null, 2)}\n` };
}

describe("report/replay-json: the streamed replay document", () => {
  for (const file of FIXTURES) {
    it(`${relative(ROOT, file)}: full and delta turns stream to exactly the whole document's JSON`, async () => {
      for (const delta of [false, true]) {
        const r = await streamed(file, { delta });
        expect(r.text).toBe(r.whole);
        expect(r.chunks).toBeGreaterThan(3);
      }
    });
  }
  it("through the CLI's writer, texts escaped into its bytes: the UTF-8 of the whole document's JSON", async () => {
    for (const file of FIXTURES)
      for (const delta of [false, true]) {
        const parts: Buffer[] = [];
        const stream = new Writable({
          write(chunk: Buffer, _enc, done) {
            parts.push(Buffer.from(chunk));
            done();
          },
        });
        const out = new StreamWriter("json", stream);
        const a = await replayStreamFile(file, { scope: "all", delta });
        await writeReplayJson(a.head, a.turns, { write: (c) => out.write(c), writeString: (t) => out.writeJsonString(t) });
        await out.flush();
        const b = await replayStreamFile(file, { scope: "all", delta });
        const whole = `${JSON.stringify({ ...b.head, turns: [...b.turns] }, null, 2)}\n`;
        expect(Buffer.concat(parts).equals(Buffer.from(safeJson(whole), "utf8"))).toBe(true);
      }
  });
  it('a document without turns streams `"turns": []`', async () => {
    const r = await streamed(FIXTURES[0], { delta: false, noTurns: true });
    expect(r.text).toBe(r.whole);
    expect(r.text).toContain('"turns": []');
  });
});

describe("report/replay-json: a message's text shared with a block is escaped once", () => {
  const long = 'line "one"\n\tline two \u2028 é 😀 '.repeat(8);
  const msg = (text: string, blocks: unknown[], over: Record<string, unknown> = {}) => ({
    role: "user",
    nativeRole: "user",
    text,
    blocks,
    sourceIds: ["a"],
    reminders: [],
    ...over,
  });
  const turn = (messages: unknown[], delta: boolean): Turn =>
    ({
      index: 3,
      leafId: "l",
      responseId: "r",
      systemPrompt: null,
      messages: delta ? { base: 1, keep: 2, removed: [], added: messages } : messages,
      tokens: { estimated: 1, estimator: "chars/4 + 1600/image" },
    }) as Turn;
  const MARK = "\u0000sightline\u0001text\u0000";

  it("gives turnJson's text in pieces, the text placed where the message and its block hold it", () => {
    const ms = [
      msg(long, [{ type: "text", text: long, extra: [1, { text: long }] }]),
      msg("short", [{ type: "text", text: "short" }]),
      msg(
        `${long}x`,
        [
          { type: "image", data: "aGk=" },
          { text: `${long}x`, type: "text" },
        ],
        { role: "assistant", summary: long },
      ),
      msg(long, [{ type: "thinking", thinking: long }]),
    ];
    for (const delta of [true, false]) {
      const t = turn(ms, delta);
      const pieces = turnPieces(t);
      expect(pieces.join("")).toBe(turnJson(t));
      // Two shared texts, each in two places: five pieces between and around them.
      expect(pieces.length).toBe(9);
      expect(pieces.filter((p) => p === JSON.stringify(long)).length).toBe(2);
    }
  });

  it("stringifies the turn as it is when a value holds the placeholder itself", () => {
    for (const hostile of [
      [msg(long, [{ type: "text", text: long }]), msg(MARK, [])],
      [msg(long, [{ type: "text", text: long, [MARK]: 1 }])],
      [msg(long, [{ type: "text", text: long }], { nativeRole: MARK })],
    ]) {
      const t = turn(hostile, true);
      expect(turnPieces(t)).toEqual([turnJson(t)]);
    }
    // The placeholder as text shared with a block is stringified as any other text.
    const t = turn([msg(MARK.repeat(10), [{ type: "text", text: MARK.repeat(10) }])], true);
    expect(turnPieces(t).join("")).toBe(turnJson(t));
  });

  it("takes every long string of a message and its blocks (one level into a tool call's arguments), in JSON.stringify's order", () => {
    const big = (tag: string) => `${tag} ${long}`.repeat(2);
    const assistant = msg(
      big("answer"),
      [
        { type: "thinking", thinking: big("thought"), thinkingSignature: big("sig") },
        {
          type: "toolCall",
          id: "t1",
          name: "write",
          arguments: { path: "a.ts", content: big("file"), "2": big("numeric key"), edits: [{ oldText: big("deep") }] },
        },
        { type: "toolCall", id: "t2", name: "bash", arguments: JSON.parse(`{"__proto__":{"x":1},"command":${JSON.stringify(big("cmd"))}}`) },
        { type: "text", text: big("answer") },
        { type: "text", text: big("answer") },
      ],
      { role: "assistant", summary: big("summary"), "1": big("numeric") },
    );
    const user = msg(big("not shared"), [{ type: "text", text: "other" }]);
    for (const delta of [true, false]) {
      const t = turn([assistant, user], delta);
      const pieces = turnPieces(t);
      expect(pieces.join("")).toBe(turnJson(t));
      // Taken: the message's "1", text, summary; thought, sig; file, numeric key ("2" comes first); the shared text
      // (its first block) and its second block (a long string of its own); the user's text. Not: the nested edit,
      // the arguments with a __proto__ key.
      const taken = pieces.filter((_, i) => i % 2 === 1).map((p) => JSON.parse(p) as string);
      expect(taken.map((x) => x.split(" ")[0])).toEqual(["numeric", "answer", "thought", "sig", "numeric", "file", "answer", "answer", "summary", "not"]);
    }
  });

  it("keeps a block's own __proto__ key", () => {
    const block = JSON.parse(`{"type":"text","__proto__":{"x":1},"text":${JSON.stringify(long)}}`) as unknown;
    const t = turn([msg(long, [block])], true);
    expect(turnPieces(t).join("")).toBe(turnJson(t));
    expect(turnJson(t)).toContain('"__proto__": {');
  });
});
