// The facts the reading thread hands on have one shape whether it made them (slimFacts) or a worker sent them
// (decodeFacts): V8 throws away the reader's optimised code when objects of a second shape come. Checked with
// V8's own %HaveSameMap, in a child process on the build (npm test builds first).
import { spawnSync } from "node:child_process";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";

const CHUNKS = pathToFileURL(join(resolve(import.meta.dirname, "../../../.."), "dist/app/validate/chunks.js")).href;

const SCRIPT = `
const { chunkFactsOf, decodeFacts, eachFactsOf } = await import(process.argv[1]);
const lines = [
  '{"type":"custom","id":"a","parentId":null,"timestamp":"t","customType":"x"}',
  '{"type":"custom","id":"b","parentId":"a","timestamp":1}',
  '{"type":"message","id":"c","parentId":"b","timestamp":"t","message":{"role":"user","content":"x"}}\\r',
];
const bytes = Buffer.from(lines.join("\\n") + "\\n");
const own = [];
eachFactsOf(bytes, 3, (f) => own.push(f));
const sent = decodeFacts(chunkFactsOf(bytes, 3));
console.log(JSON.stringify(own.map((f, i) => [typeof sent[i] === "object", %HaveSameMap(f, sent[i]), %HaveSameMap(f, own[0])])));
`;

describe("line facts crossing threads", () => {
  it("have the shape of the facts the reading thread makes", () => {
    const r = spawnSync(process.execPath, ["--allow-natives-syntax", "--input-type=module", "-e", SCRIPT, CHUNKS], { encoding: "utf8" });
    expect(r.stderr).toBe("");
    expect(JSON.parse(r.stdout)).toEqual([
      [true, true, true],
      [true, true, true],
      [true, true, true],
    ]);
  });
});
