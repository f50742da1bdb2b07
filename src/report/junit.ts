// JUnit XML projection in the shape CI servers read (Jenkins, GitLab, GitHub test reporters): a
// <testsuites> root with totals, one <testsuite> per session (or check suite), one <testcase> per check;
// a failed check carries <failure message type>, a skipped one <skipped/>. Counts are consistent with the
// children, which several parsers verify.
import { escapeXmlAttr, escapeXmlText } from "./escape.js";
import type { AuditCheck, AuditResult } from "../audit/model.js";
import { countsOf } from "../audit/store.js";

/** A test case: a check, with its own wall time in seconds when it was measured. */
export type JunitCase = AuditCheck & { time?: number };

export interface JunitSuite {
  name: string;
  /** Seconds. */
  time?: number;
  properties?: Record<string, string>;
  cases: JunitCase[];
  /** Extra text shown with the suite (system-out). */
  out?: string;
}

const secs = (t: number | undefined) => (t ?? 0).toFixed(3);

function testcase(c: JunitCase, classname: string): string {
  const open = `    <testcase name="${escapeXmlAttr(c.name)}" classname="${escapeXmlAttr(classname)}" time="${secs(c.time)}"`;
  if (c.status === "pass") return `${open}/>`;
  if (c.status === "skip") return `${open}>\n      <skipped${c.message ? ` message="${escapeXmlAttr(c.message)}"` : ""}/>\n    </testcase>`;
  const body = [
    c.message ?? "",
    ...(c.diagnostics ?? []).map((d) => `${d.severity} ${d.code} ${d.file}${d.line !== undefined ? `:${d.line}` : ""}: ${d.message}`),
  ]
    .filter(Boolean)
    .join("\n");
  const type = c.diagnostics?.[0]?.code ?? (c.status === "warn" ? "warning" : "failure");
  // A warning is reported as a passing test with output, so --fail-on decides the build, not the CI parser.
  if (c.status === "warn") return `${open}>\n      <system-out>${escapeXmlText(body)}</system-out>\n    </testcase>`;
  return `${open}>\n      <failure message="${escapeXmlAttr(c.message ?? type)}" type="${escapeXmlAttr(type)}">${escapeXmlText(body)}</failure>\n    </testcase>`;
}

export function renderJunit(suites: readonly JunitSuite[], opts: { name?: string; timestamp?: string } = {}): string {
  return [...junitChunks(() => suites, opts)].join("");
}

function suiteXml(s: JunitSuite, i: number, timestamp: string | undefined): string {
  const f = s.cases.filter((c) => c.status === "fail").length;
  const k = s.cases.filter((c) => c.status === "skip").length;
  const attrs = `name="${escapeXmlAttr(s.name)}" id="${i}" tests="${s.cases.length}" failures="${f}" errors="0" skipped="${k}" time="${secs(s.time)}"${timestamp ? ` timestamp="${escapeXmlAttr(timestamp)}"` : ""}`;
  const lines = [`  <testsuite ${attrs}>`];
  const props = Object.entries(s.properties ?? {});
  if (props.length) {
    lines.push("    <properties>");
    for (const [n, v] of props) lines.push(`      <property name="${escapeXmlAttr(n)}" value="${escapeXmlAttr(v)}"/>`);
    lines.push("    </properties>");
  }
  for (const c of s.cases) lines.push(testcase(c, s.name));
  if (s.out) lines.push(`    <system-out>${escapeXmlText(s.out)}</system-out>`);
  lines.push("  </testsuite>");
  return lines.join("\n");
}

/**
 * The document as chunks, a suite at a time: `suites` is walked twice (the totals in the root element
 * come first), so a report of many sessions never holds every suite's XML at once.
 */
export function* junitChunks(suites: () => Iterable<JunitSuite>, opts: { name?: string; timestamp?: string } = {}): Generator<string> {
  let tests = 0;
  let failures = 0;
  let skipped = 0;
  let time = 0;
  for (const s of suites()) {
    tests += s.cases.length;
    for (const c of s.cases) {
      if (c.status === "fail") failures++;
      else if (c.status === "skip") skipped++;
    }
    time += s.time ?? 0;
  }
  yield '<?xml version="1.0" encoding="UTF-8"?>\n';
  yield `<testsuites name="${escapeXmlAttr(opts.name ?? "sightline")}" tests="${tests}" failures="${failures}" errors="0" skipped="${skipped}" time="${secs(time)}">\n`;
  let i = 0;
  for (const s of suites()) yield `${suiteXml(s, i++, opts.timestamp)}\n`;
  yield "</testsuites>\n";
}

/** The audit as JUnit: one suite per session, its checks as test cases; run-level findings as one suite. */
export function auditJunit(result: AuditResult): string {
  return [...auditJunitChunks(result)].join("");
}

/** auditJunit as chunks, one session's suite at a time. */
export function auditJunitChunks(result: AuditResult): Generator<string> {
  const suites = function* (): Generator<JunitSuite> {
    if (result.diagnostics.length)
      yield {
        name: "inputs",
        cases: result.diagnostics.map((d) => ({
          name: `${d.code} ${d.file}`,
          status: d.severity === "error" ? "fail" : d.severity === "warning" ? "warn" : "pass",
          message: d.message,
          diagnostics: [d],
        })),
      };
    for (const s of result.sessions)
      yield {
        name: s.path,
        time: (s.ms ?? 0) / 1000,
        properties: { format: s.format ?? "", profile: s.profile ?? "", loader: s.loader.verdict, turns: String(countsOf(s).turns) },
        cases: s.checks,
      };
  };
  return junitChunks(suites, { name: "sightline audit", timestamp: result.createdAt });
}
