// The projections of a check document: Markdown escaped for Markdown, counts equal to the listed
// regressions, JUnit times and cases for sessions that are gone, annotations, and the verdict line.
import { XMLParser } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { checkAnnotations, checkStatus, checkJunit, checkMarkdown, checkVerdict, type CheckDocument } from "../../../src/report/check-report.js";
import type { Regression } from "../../../src/audit/expectations.js";
import { escapeMd, escapeMdCell } from "../../../src/report/escape.js";

const reg = (over: Partial<Regression> = {}): Regression => ({
  suite: "s1",
  session: "logs/a.jsonl",
  turn: 2,
  responseId: "r2",
  line: 7,
  kind: "rule-stopped",
  message: "rule stopped firing: it's <b>gone</b> & [x](y)",
  ...over,
});

function doc(over: Partial<CheckDocument> = {}): CheckDocument {
  return {
    schemaVersion: 1,
    kind: "check",
    createdAt: "2026-03-03T14:30:00.000Z",
    config: "ci/sightline.config.json",
    update: false,
    suites: [
      { name: "s1", sessions: [{ path: "logs/a.jsonl", turns: 3, regressions: 2, ms: 1500 }], updated: [] },
      { name: "s2", sessions: [{ path: "logs/b.jsonl", turns: 1, regressions: 0, ms: 20 }], updated: [] },
    ],
    regressions: [
      reg(),
      reg({ kind: "disagreement", message: "disagree" }),
      reg({
        suite: "s2",
        session: "logs/gone.jsonl",
        kind: "session-removed",
        turn: undefined,
        line: undefined,
        responseId: undefined,
        message: "expected session is no longer matched",
      }),
    ],
    diagnostics: [],
    sessionDiagnostics: [],
    ...over,
  };
}

describe("Markdown escaping (for Markdown, not HTML)", () => {
  it("backslash-escapes markup and raw HTML; quotes and apostrophes stay as written", () => {
    expect(escapeMd(`it's "x" <img src=1> & *y* [a](b) a|b`)).toBe(`it's "x" \\<img src=1\\> \\& \\*y\\* \\[a\\](b) a\\|b`);
    expect(escapeMdCell("a|b\nc")).toBe("a\\|b<br>c");
    expect(escapeMd("no &#39; entity")).toBe("no \\&\\#39; entity");
  });
});

describe("check summary (Markdown)", () => {
  const md = checkMarkdown(doc());
  it("counts per suite equal the items listed in the suite's block", () => {
    expect(md).toContain("| s1 | 1 | 3 | 2 |");
    // s2's only regression belongs to a session that is gone: still counted and listed.
    expect(md).toContain("| s2 | 1 | 1 | 1 |");
    for (const [name, n] of [
      ["s1", 2],
      ["s2", 1],
    ] as const) {
      const block = md.split(/^### /m).find((b) => b.startsWith(`❌ ${name}:`)) ?? "";
      expect(block).toContain(`${n} regression(s)`);
      expect(block.split("\n").filter((l) => l.startsWith("- ")).length).toBe(n);
    }
    expect(md).toContain("❌ 3 regression(s) in 2 suite(s), 2 session(s), 4 turn(s)");
  });
  it("carries no HTML entities and no raw HTML from session text", () => {
    expect(md).toContain("it's \\<b\\>gone\\</b\\> \\& \\[x\\](y)");
    expect(md).not.toMatch(/&#39;|&lt;|<b>/);
  });
  it("an unreadable config or input is not a pass", () => {
    const broken = doc({ regressions: [], diagnostics: [{ code: "APP_CONFIG_INVALID", severity: "error", file: "c.json", message: "/: bad" }] });
    expect(checkStatus(broken)).toBe("incomplete");
    expect(checkVerdict(broken)).not.toContain("no regressions");
    expect(checkMarkdown(broken)).toContain("⚠️ check could not run completely: 1 error(s)");
    expect(checkVerdict({ ...broken, suites: [] })).toBe("check could not run: 1 error(s) in the config");
  });
});

describe("check JUnit and annotations", () => {
  it("times are the measured session times; a removed session is a failing case", () => {
    const x = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "@" }).parse(checkJunit(doc()));
    const [s1, s2] = x.testsuites.testsuite;
    expect(s1["@time"]).toBe("1.500");
    expect(s1.testcase["@time"]).toBe("1.500");
    expect(x.testsuites["@time"]).toBe("1.520");
    expect(x.testsuites["@failures"]).toBe("2");
    expect(s2.testcase.map((c: Record<string, string>) => c["@name"])).toEqual(["logs/b.jsonl", "logs/gone.jsonl"]);
  });
  it("annotations point at the session file from the run folder, at the turn's line", () => {
    const lines = checkAnnotations(doc()).trimEnd().split("\n");
    expect(lines).toHaveLength(3);
    expect(lines[0]).toBe(
      "::error file=ci/logs/a.jsonl,line=7,title=sightline check rule-stopped::s1 turn 2 (response r2): rule stopped firing: it's <b>gone</b> & [x](y)",
    );
    expect(lines[2]).toBe("::error file=ci/logs/gone.jsonl,title=sightline check session-removed::s2: expected session is no longer matched");
  });
});
