import { XMLParser, XMLValidator } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { annotation, renderAnnotations } from "../../../src/report/annotations.js";
import { escapeXmlAttr, jsonForScript } from "../../../src/report/escape.js";
import { renderIndex, scriptHash } from "../../../src/report/html.js";
import { dataOf, PAGE_ASSETS, renderDataFile, renderViewer, SESSION_CSP } from "../../../src/report/html-session.js";
import { INDEX_SCRIPT } from "../../../src/report/html-index-client.js";
import { commonRoot } from "../../../src/report/layout.js";
import { CLIENT_SCRIPT } from "../../../src/report/html-client.js";
import { renderJson } from "../../../src/report/json.js";
import { auditJunit, renderJunit } from "../../../src/report/junit.js";
import { renderMarkdown } from "../../../src/report/markdown.js";
import { listedSessions, renderTerminal, TABLE_ROWS } from "../../../src/report/terminal.js";
import { diagnostic, msg, result, session } from "./builders.js";

const HOSTILE = "</script><script>window.__pwned=1</script><img src=x onerror=\"document.title='pwned'\"> & \u2028 <!-- ]]> \u0001";

function corpus() {
  const ok = session("fixtures/pi/ok.jsonl", [[msg("user", "hi")], [msg("user", "hi"), msg("assistant", "hello")]]);
  const bad = session("fixtures/bad/<torn>.jsonl", [], {
    format: "scorel",
    diagnostics: [diagnostic({ file: "fixtures/bad/<torn>.jsonl", code: "invalid_json", loader: true, message: `Invalid JSON near ${HOSTILE}` })],
  });
  const warn = session("w.jsonl", [[msg("user", HOSTILE)]], {
    diagnostics: [diagnostic({ file: "w.jsonl", code: "SCHEMA", severity: "warning", line: 2, message: "/x: must be string" })],
  });
  return result([ok, bad, warn]);
}

describe("report/junit: structure CI servers read", () => {
  const xml = auditJunit(corpus());
  const doc = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "@", isArray: (n) => ["testsuite", "testcase", "property"].includes(n) }).parse(
    xml,
  );
  it("is well-formed XML even with hostile text and control characters", () => {
    expect(XMLValidator.validate(xml)).toBe(true);
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<testsuites')).toBe(true);
  });
  it("has testsuites > testsuite > testcase with consistent counts", () => {
    const root = doc.testsuites;
    expect(root["@name"]).toBe("sightline audit");
    const suites = root.testsuite as Record<string, unknown>[];
    expect(suites.map((s) => s["@name"])).toEqual(["fixtures/pi/ok.jsonl", "fixtures/bad/<torn>.jsonl", "w.jsonl"]);
    let tests = 0;
    let failures = 0;
    for (const s of suites) {
      const cases = s.testcase as Record<string, unknown>[];
      expect(Number(s["@tests"])).toBe(cases.length);
      expect(Number(s["@failures"])).toBe(cases.filter((c) => c.failure !== undefined).length);
      expect(s["@errors"]).toBe("0");
      for (const c of cases) {
        expect(typeof c["@name"]).toBe("string");
        expect(c["@classname"]).toBe(s["@name"]);
        expect(c["@time"]).toMatch(/^\d+\.\d{3}$/);
      }
      tests += cases.length;
      failures += Number(s["@failures"]);
    }
    expect(Number(root["@tests"])).toBe(tests);
    expect(Number(root["@failures"])).toBe(failures);
    expect(failures).toBe(1);
  });
  it("a failure carries message, type and the diagnostics as text", () => {
    const bad = doc.testsuites.testsuite[1];
    const loader = bad.testcase.find((c: Record<string, unknown>) => c["@name"] === "loader verdict");
    expect(loader.failure["@type"]).toBe("invalid_json");
    expect(loader.failure["@message"]).toBe("the real loader rejects: invalid_json");
    expect(loader.failure["#text"]).toContain("fixtures/bad/<torn>.jsonl:3");
    expect(loader.failure["#text"]).toContain("</script><script>");
    expect(bad.properties.property.map((p: Record<string, string>) => p["@name"])).toEqual(["format", "profile", "loader", "turns"]);
  });
  it("skipped cases use <skipped/>", () => {
    const x = renderJunit([
      {
        name: "s",
        cases: [
          { name: "t", status: "skip", message: "no evidence" },
          { name: "u", status: "pass" },
        ],
      },
    ]);
    const d = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "@" }).parse(x);
    expect(d.testsuites["@skipped"]).toBe("1");
    expect(d.testsuites.testsuite.testcase[0].skipped["@message"]).toBe("no evidence");
  });
  it("attribute escaping keeps newlines and replaces XML-illegal characters", () => {
    expect(escapeXmlAttr('a"<b>\n\u0000\uD800')).toBe("a&quot;&lt;b&gt;&#10;\uFFFD\uFFFD");
  });
});

describe("report/markdown", () => {
  const md = renderMarkdown(corpus());
  it("has the corpus summary, one row per session and the findings", () => {
    expect(md).toContain("# sightline audit");
    expect(md).toContain("3 session(s): 1 ok, 1 with warnings, 1 with errors");
    expect(md.split("\n").filter((l) => /^\| (✅|⚠️|❌) \|/.test(l))).toHaveLength(3);
    expect(md).toContain("| ❌ | fixtures/bad/\\<torn\\>.jsonl | scorel/omp17 | rejected |");
    expect(md).toContain("`invalid_json`");
  });
  it("never carries raw HTML from session text", () => {
    // Escaped for Markdown: a backslash before `<` keeps it text (CommonMark §2.4).
    expect(md).not.toMatch(/(?<!\\)<(script|img)/);
    expect(md).toContain("\\<script\\>");
  });
  it("stays within the job-summary budget and says so", () => {
    const cut = renderMarkdown(corpus(), { budget: 900 });
    expect(cut.length).toBeLessThan(1300);
    expect(cut).toContain("Cut here to stay within the job-summary size limit");
  });
});

describe("report/annotations (GitHub workflow commands)", () => {
  it("formats file, line and title and escapes data and properties", () => {
    expect(annotation(diagnostic({ file: "a,b:c.jsonl", message: "50% bad\nnext" }))).toBe(
      "::error file=a%2Cb%3Ac.jsonl,line=3,title=sightline INVALID_JSON::50%25 bad%0Anext",
    );
    expect(annotation(diagnostic({ severity: "info", line: undefined }))).toMatch(/^::notice file=a\.jsonl,title=/);
  });
  it("emits errors and warnings, not infos", () => {
    const lines = renderAnnotations(corpus()).trim().split("\n");
    expect(lines.some((l) => l.startsWith("::error file=fixtures/bad/<torn>.jsonl,line=3"))).toBe(true);
    expect(lines.some((l) => l.startsWith("::warning file=w.jsonl,line=2"))).toBe(true);
    expect(lines.every((l) => /^::(error|warning) /.test(l))).toBe(true);
  });
});

describe("report/terminal", () => {
  it("renders a plain table without colour and ANSI colour only when asked", () => {
    const plain = renderTerminal(corpus());
    expect(plain).not.toMatch(/\x1b\[/);
    expect(plain).toContain("fixtures/pi/ok.jsonl");
    expect(plain).toContain("3 session(s): 1 ok, 1 warning, 1 error");
    expect(renderTerminal(corpus(), { color: true })).toMatch(/\x1b\[31merror\x1b\[0m/);
  });
  it("lists every session up to TABLE_ROWS, with no note", () => {
    const many = result(Array.from({ length: TABLE_ROWS }, (_, i) => session(`s${i}.jsonl`, [[msg("user", "hi")]])));
    const text = renderTerminal(many, { reportDir: "out" });
    for (let i = 0; i < TABLE_ROWS; i++) expect(text).toContain(`s${i}.jsonl `);
    expect(text).not.toMatch(/sessions listed/);
  });
  it("above TABLE_ROWS lists errors, then warnings, then the rest, in input order, and says how many it left out", () => {
    const n = TABLE_ROWS + 50;
    const bad = (i: number) => diagnostic({ file: `s${i}.jsonl`, code: "invalid_json", loader: true, message: "Invalid JSON" });
    const warn = (i: number) => diagnostic({ file: `s${i}.jsonl`, code: "SCHEMA", severity: "warning", line: 2, message: "/x: must be string" });
    // Errors at the end, warnings in the middle: both must be listed although they come after TABLE_ROWS ok ones.
    const sessions = Array.from({ length: n }, (_, i) =>
      session(`s${i}.jsonl`, [[msg("user", "hi")]], i >= n - 3 ? { diagnostics: [bad(i)] } : i % 40 === 7 ? { diagnostics: [warn(i)] } : {}),
    );
    const r = result(sessions);
    const listed = listedSessions(r.sessions);
    expect(listed).toHaveLength(TABLE_ROWS);
    const at = listed.map((s) => r.sessions.indexOf(s));
    expect(at).toEqual([...at].sort((a, b) => a - b));
    for (const i of [n - 3, n - 2, n - 1, 7, 47, 87, 127]) expect(at).toContain(i);
    const text = renderTerminal(r, { reportDir: "out" });
    expect(text).toContain(`s${n - 1}.jsonl `);
    expect(text).not.toContain(`s${n - 4}.jsonl `);
    expect(text).toContain(`${TABLE_ROWS} of ${n} sessions listed (errors first, then warnings, then in input order); the report lists every session`);
    // The totals still count every session.
    expect(text).toContain(`${n} session(s): `);
    expect(renderTerminal(r)).toContain("option `json` lists every session");
  });
});

describe("report/json", () => {
  it("is the canonical result, round-tripping", () => {
    const r = corpus();
    expect(JSON.parse(renderJson(r))).toEqual(JSON.parse(JSON.stringify(r)));
  });
});

describe("report/html: escaping (design §8 output safety)", () => {
  const r = corpus();
  const index = renderIndex(r);
  const page = renderViewer({ root: "fixtures/<x>/", result: { ...r, createdAt: "<b>then</b>" } });
  const dataFile = renderDataFile(r.sessions[2]);
  it("an input's detail file is one call around its JSON document: the text parses back exactly, line terminators escaped", () => {
    expect(dataFile).not.toMatch(/[\u2028\u2029]/);
    const data = JSON.parse(dataOf(dataFile)!);
    expect(data.session.messages[0].text).toBe(HOSTILE);
    // Run as a script, the file makes that one call with that one value.
    const calls: unknown[] = [];
    new Function("sightlineSession", dataFile)((d: unknown) => calls.push(d));
    expect(calls).toEqual([data]);
    expect(jsonForScript("</script>&\u2028")).toBe('"\\u003c/script\\u003e\\u0026\\u2028"');
  });
  it("index.html embeds no session data: one script, the filter, hashed in the CSP; no network", () => {
    expect(index.match(/<script/g)).toHaveLength(1);
    expect(index).not.toContain(HOSTILE.slice(0, 20));
    expect(index).toContain(`script-src '${scriptHash(INDEX_SCRIPT)}'`);
    expect(index).toContain("default-src 'none'");
    expect(index).not.toMatch(/(src|href)=["']?https?:/);
  });
  it("the viewer page has exactly one script element, the folder's session.js; no inline script, no data, no network", () => {
    expect(page.match(/<script/g)).toHaveLength(1);
    expect(page).toContain('<script src="session.js"></script>');
    expect(page).not.toContain(HOSTILE.slice(0, 20));
    expect(page).toContain(`content="${SESSION_CSP}"`);
    expect(SESSION_CSP).toBe("default-src 'none'; style-src 'self'; img-src data:; script-src 'self'");
    expect(PAGE_ASSETS["session.js"]).toBe(CLIENT_SCRIPT);
    expect(page).toContain('<a href="../index.html"');
    expect(page).not.toMatch(/(src|href)=["']?https?:/);
  });
  it("lists problems first, links each input to its own page and shows paths relative to the audited folder", () => {
    const rows = [
      ...index.matchAll(
        /<tr class="st-(\w+)" data-status="\w+"><td>.*?<a href="(sessions\/session\.html#s=\d+)" data-session="\d+" title="([^"]*)">([^<]*)<\/a>/g,
      ),
    ].map((m) => [m[1], m[2], m[4]]);
    expect(rows).toEqual([
      ["error", "sessions/session.html#s=2", "fixtures/bad/&lt;torn&gt;.jsonl"],
      ["warning", "sessions/session.html#s=3", "w.jsonl"],
      ["ok", "sessions/session.html#s=1", "fixtures/pi/ok.jsonl"],
    ]);
    const nested = renderIndex(result([session("logs/a/x.jsonl", []), session("logs/a/b/y.jsonl", [])]));
    expect(nested).toContain('<code id="root">logs/a/</code>');
    expect(nested).toContain(">b/y.jsonl</a>");
    expect(commonRoot(["/t/a/x.jsonl", "/t/ab/y.jsonl"])).toBe("/t/");
    expect(commonRoot(["x.jsonl", "d/y.jsonl"])).toBe("");
  });
  it("escapes paths in the server-rendered rows, the viewer's run line and the skipped list", () => {
    expect(index).toContain("fixtures/bad/&lt;torn&gt;.jsonl");
    expect(index).not.toContain("<torn>");
    expect(page).toContain('data-root="fixtures/&lt;x&gt;/" data-run="audited &lt;b&gt;then&lt;/b&gt; by sightline');
    expect(page).not.toContain("<b>");
    const x = { ...corpus(), skipped: [{ path: "notes/<b>x</b>.md", reason: "markdown outside a rules folder" }] };
    const p = renderIndex(x);
    expect(p).toContain("1 file(s) skipped");
    expect(p).toContain("notes/&lt;b&gt;x&lt;/b&gt;.md");
    expect(renderMarkdown(x)).toContain("1 file(s) skipped");
  });
  it("the client scripts build DOM with textContent only", () => {
    for (const script of [CLIENT_SCRIPT, INDEX_SCRIPT]) {
      expect(script).not.toMatch(/innerHTML|outerHTML|insertAdjacentHTML|document\.write|eval\(|new Function|setAttribute\("on/);
      expect(script).not.toContain("</script");
    }
  });
});
