// The streamed report files equal the whole-document projections byte for byte.
import { describe, expect, it } from "vitest";
import { dataOf, renderDataFile } from "../../../src/report/html-session.js";
import { splitJson } from "../../../src/report/json.js";
import { resolveRefs, summaryEntry } from "../../../src/report/layout.js";
import { detailChunks, summaryJson, type Chunk } from "../../../src/report/stream.js";
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
    expect(doc.sessions[1]).toMatchObject({
      path: `b ${HOSTILE}.jsonl`,
      detail: "sessions/2.js",
      page: "sessions/session.html#s=2",
      counts: { turns: 0, compactions: 0, capsuleFailures: 0, ttsrDisagreements: null },
    });
    for (const k of ["prompts", "messages", "turns", "compactions"]) expect(doc.sessions[0]).not.toHaveProperty(k);
    expect(doc.summary).toEqual(r.summary);
  });
  it("summary.json stores each finding once: the loader verdict and the checks name theirs by index, and they resolve back", () => {
    const loader = diagnostic({ code: "invalid_json", file: "c.jsonl", message: HOSTILE, loader: true });
    const other = diagnostic({ code: "SCOREL_INV_10_PARENT", file: "c.jsonl", severity: "error" });
    const c = session("c.jsonl", [], { diagnostics: [other, loader] });
    const entry = JSON.parse(JSON.stringify(summaryEntry(c, 0)));
    expect(entry.diagnostics).toHaveLength(2);
    expect(entry.loader).toEqual({ verdict: "rejected", diagnosticRefs: [1] });
    expect(entry.checks.map((k: { diagnosticRefs?: number[] }) => k.diagnosticRefs)).toEqual([[1], [0]]);
    expect(JSON.stringify(entry).split(HOSTILE.slice(0, 20)).length - 1).toBe(1);
    const back = resolveRefs(entry)!;
    expect(back.loader).toEqual(JSON.parse(JSON.stringify(c.loader)));
    expect(back.checks).toEqual(JSON.parse(JSON.stringify(c.checks)));
    // A redacted copy of a diagnostic is found by its JSON.
    const copy = { ...c, loader: { ...c.loader, diagnostics: c.loader.diagnostics.map((d) => ({ ...d })) } };
    expect(summaryEntry(copy, 0).loader).toEqual({ verdict: "rejected", diagnosticRefs: [1] });
    expect(resolveRefs({ ...entry, loader: { verdict: "rejected", diagnosticRefs: [2] } })).toBeUndefined();
  });
  it("a detail file is the call around its document, and the document parses back to the session's page data", () => {
    const r = corpus();
    const js = text(detailChunks(r.sessions[0]));
    expect(js).toBe(renderDataFile(r.sessions[0]));
    expect(js.startsWith("sightlineSession(")).toBe(true);
    const doc = JSON.parse(dataOf(js)!);
    expect(doc).toMatchObject({ schemaVersion: 1, kind: "audit-session" });
    expect(doc.session.messages[1]).toEqual({ role: "assistant", text: HOSTILE, sourceIds: r.sessions[0].messages[1].sourceIds });
    expect(doc.session.turns).toHaveLength(2);
    expect(doc.session.prompts).toEqual(["You are helpful."]);
    // A script file, never parsed as HTML: only the line terminators JSON allows raw are escaped.
    expect(js).toContain("</script>");
    expect(js).not.toMatch(/[\u2028\u2029]/);
  });
});
