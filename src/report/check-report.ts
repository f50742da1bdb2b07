// Projections of a check run: the canonical JSON document, Markdown for a CI job summary, JUnit XML
// (one testsuite per check suite, one testcase per session).
import type { Diagnostic } from "../shared/diagnostics.js";
import type { Regression } from "./check.js";
import { escapeMd, escapeMdCell } from "./escape.js";
import { renderJunit } from "./junit.js";

export interface CheckDocument {
  schemaVersion: 1;
  kind: "check";
  createdAt: string;
  config: string;
  update: boolean;
  shard?: { index: number; count: number };
  suites: { name: string; sessions: { path: string; turns: number; regressions: number }[]; updated: string[] }[];
  regressions: Regression[];
  diagnostics: Diagnostic[];
  sessionDiagnostics: Diagnostic[];
}

export function checkMarkdown(doc: CheckDocument): string {
  const out = [
    "# sightline check",
    "",
    doc.regressions.length ? `❌ ${doc.regressions.length} regression(s)` : "✅ no regressions",
    "",
    "| suite | sessions | turns | regressions |",
    "| --- | ---: | ---: | ---: |",
    ...doc.suites.map((s) => `| ${escapeMdCell(s.name)} | ${s.sessions.length} | ${s.sessions.reduce((n, x) => n + x.turns, 0)} | ${s.sessions.reduce((n, x) => n + x.regressions, 0)} |`),
    "",
  ];
  for (const d of doc.diagnostics) out.push(`- **${d.severity}** \`${d.code}\` ${escapeMd(d.file)}: ${escapeMd(d.message)}`);
  if (doc.regressions.length) out.push("", "## Regressions", "");
  for (const r of doc.regressions) {
    out.push(`- **${escapeMd(r.suite)}** ${escapeMd(r.session)}${r.turn !== undefined ? ` turn ${r.turn}` : ""}: ${escapeMd(r.message)}`);
    // A fenced diff: the fence is longer than any backtick run inside, so session text cannot end it.
    if (r.diff) {
      const fence = "`".repeat(Math.max(3, ...[...r.diff.matchAll(/`+/g)].map((m) => m[0].length + 1)));
      out.push("", `${fence}diff`, r.diff.trimEnd(), fence, "");
    }
  }
  return `${out.join("\n")}\n`;
}

export function checkJunit(doc: CheckDocument): string {
  return renderJunit(
    doc.suites.map((s) => ({
      name: s.name,
      cases: s.sessions.map((x) => {
        const regs = doc.regressions.filter((r) => r.suite === s.name && r.session === x.path);
        return regs.length
          ? { name: x.path, status: "fail" as const, message: `${regs.length} regression(s)`, diagnostics: regs.map((r) => ({ code: r.kind, severity: "error" as const, file: r.session, message: `${r.turn !== undefined ? `turn ${r.turn}: ` : ""}${r.message}${r.diff ? `\n${r.diff}` : ""}` })) }
          : { name: x.path, status: "pass" as const };
      }),
    })),
    { name: "sightline check", timestamp: doc.createdAt },
  );
}
