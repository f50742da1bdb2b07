// writeReplayJson streams the replay document one turn at a time; the text must be what JSON.stringify(doc,
// null, 2) gives for the whole document (the `replay --json` contract), with no turns as well as with many.
import { relative } from "node:path";
import { describe, expect, it } from "vitest";
import { replayStreamFile } from "../../../src/app/replay/replay.js";
import { writeReplayJson } from "../../../src/report/replay-json.js";
import { ROOT } from "../context/fixture-sessions.js";

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
  it('a document without turns streams `"turns": []`', async () => {
    const r = await streamed(FIXTURES[0], { delta: false, noTurns: true });
    expect(r.text).toBe(r.whole);
    expect(r.text).toContain('"turns": []');
  });
});
