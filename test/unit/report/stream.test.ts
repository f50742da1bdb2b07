// The streamed report documents equal the whole-document projections byte for byte.
import { describe, expect, it } from "vitest";
import { renderHtml } from "../../../src/report/html.js";
import { renderJson, splitJson } from "../../../src/report/json.js";
import { htmlChunks, jsonChunks, type Chunk } from "../../../src/report/stream.js";
import { diagnostic, msg, result, session } from "./builders.js";

const HOSTILE = '</script><script>x=1</script> & \u2028 \u2029 <!-- "q" \\ \ud800 é 😀';
const text = (cs: Iterable<Chunk>) => [...cs].map((c) => (typeof c === "string" ? c : Buffer.from(c).toString("utf8"))).join("");

function corpus() {
  const a = session("a.jsonl", [[msg("user", "hi")], [msg("user", "hi"), msg("assistant", HOSTILE)]]);
  const b = session(`b ${HOSTILE}.jsonl`, [], { diagnostics: [diagnostic({ file: "b.jsonl", message: HOSTILE })] });
  const r = result([a, b], [diagnostic({ code: "APP_INPUT_PROBLEM", message: HOSTILE })]);
  r.skipped = [{ path: "README.md", reason: HOSTILE }];
  return r;
}

describe("report/stream: documents written session by session", () => {
  it("splitJson cuts JSON.stringify around one array, leaving out undefined values as it does", () => {
    const o = { a: 1, u: undefined, list: [1, 2], f: () => 1, z: { y: [HOSTILE] }, n: null };
    const [before, after] = splitJson(o, "list");
    expect(before + "1,2" + after).toBe(JSON.stringify(o));
    expect(before).toBe('{"a":1,"list":[');
    const [b2, a2] = splitJson({ list: [] }, "list");
    expect(b2 + a2).toBe('{"list":[]}');
  });
  it("summary.json chunks equal renderJson(result, {pretty: false})", () => {
    const r = corpus();
    expect(text(jsonChunks(r))).toBe(renderJson(r, { pretty: false }));
    const empty = result([]);
    expect(text(jsonChunks(empty))).toBe(renderJson(empty, { pretty: false }));
  });
  it("index.html chunks equal renderHtml(result), embedded data included", () => {
    const r = corpus();
    const html = text(htmlChunks(r));
    expect(html).toBe(renderHtml(r));
    const data = /<script type="application\/json" id="sightline-data">([\s\S]*?)<\/script>/.exec(html)![1];
    expect(JSON.parse(data).sessions[1].path).toBe(`b ${HOSTILE}.jsonl`);
  });
});
