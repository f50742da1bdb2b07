// The streamed report files equal the whole-document projections byte for byte.
import { describe, expect, it } from "vitest";
import { pageDataOf, renderSessionPage } from "../../../src/report/html-session.js";
import { splitJson } from "../../../src/report/json.js";
import { detailDoc, summaryEntry } from "../../../src/report/layout.js";
import { detailPiece, pageChunks, summaryJson, type Chunk } from "../../../src/report/stream.js";
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

describe("report/stream: report files written session by session", () => {
  it("splitJson cuts JSON.stringify around one array, leaving out undefined values as it does", () => {
    const o = { a: 1, u: undefined, list: [1, 2], f: () => 1, z: { y: [HOSTILE] }, n: null };
    const [before, after] = splitJson(o, "list");
    expect(before + "1,2" + after).toBe(JSON.stringify(o));
    expect(before).toBe('{"a":1,"list":[');
    const [b2, a2] = splitJson({ list: [] }, "list");
    expect(b2 + a2).toBe('{"list":[]}');
  });
  it("summary.json holds each session's summary entry, naming its files, and no heavy part", () => {
    const r = corpus();
    const doc = JSON.parse(summaryJson(r));
    expect(doc.sessions).toEqual(JSON.parse(JSON.stringify(r.sessions.map(summaryEntry))));
    expect(doc.sessions[1]).toMatchObject({ path: `b ${HOSTILE}.jsonl`, detail: "sessions/2.json", page: "sessions/2.html", counts: { turns: 0, compactions: 0, capsuleFailures: 0, ttsrDisagreements: null } });
    for (const k of ["prompts", "messages", "turns", "compactions"]) expect(doc.sessions[0]).not.toHaveProperty(k);
    expect(doc.summary).toEqual(r.summary);
  });
  it("a session page's chunks equal renderSessionPage, and its data element parses back to the session", () => {
    const r = corpus();
    const ctx = { root: "", result: r };
    const html = text(pageChunks(r.sessions[0], ctx));
    expect(html).toBe(renderSessionPage(r.sessions[0], ctx));
    const data = JSON.parse(pageDataOf(html)!);
    expect(data.messages[1].text).toBe(HOSTILE);
    expect(data.turns).toHaveLength(2);
  });
  it("a session's detail file is its detail document: message sizes instead of bodies", () => {
    const s = corpus().sessions[0];
    const doc = JSON.parse(text([detailPiece(s)]));
    expect(doc).toEqual(JSON.parse(JSON.stringify(detailDoc(s))));
    expect(doc.session.messages[1]).toEqual({ role: "assistant", nativeRole: "assistant", chars: HOSTILE.length, sourceIds: s.messages[1].sourceIds, reminders: [] });
    expect(doc.session.prompts).toEqual([{ chars: "You are helpful.".length }]);
    expect(JSON.stringify(doc)).not.toContain("<script>");
  });
});
