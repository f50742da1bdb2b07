// Projections of a check run: the canonical JSON document, Markdown for a CI job summary, JUnit XML
// (one testsuite per check suite, one testcase per session) and GitHub annotations. Every count shown is
// computed from the regressions listed with it, so a summary never disagrees with its own details.
import { posix } from "node:path";
import { annotation } from "./annotations.js";
import type { CheckDocument, Regression } from "../audit/expectations.js";

export type { CheckDocument, CheckSessionOutcome } from "../audit/expectations.js";
import { escapeMd, escapeMdCell } from "./escape.js";
import { renderJunit } from "./junit.js";
import { MARKDOWN_BUDGET } from "./markdown.js";

/** How a check run ended: it could not run completely (the config or an input unreadable), found regressions, or passed.
 * The verdict and the exit code (cli/exit-codes.ts) both read it. */
export type CheckStatus = "incomplete" | "regressions" | "clean";

export function checkStatus(doc: Pick<CheckDocument, "diagnostics" | "regressions">): CheckStatus {
  // Missing expectations read as "run --update": a failing check, not unreadable input.
  if (doc.diagnostics.some((d) => d.severity === "error" && d.code !== "APP_EXPECTATIONS_MISSING")) return "incomplete";
  return doc.regressions.length > 0 ? "regressions" : "clean";
}

const turnsOf = (doc: CheckDocument) => doc.suites.reduce((n, s) => n + s.sessions.reduce((m, x) => m + x.turns, 0), 0);
const sessionsOf = (doc: CheckDocument) => doc.suites.reduce((n, s) => n + s.sessions.length, 0);

/** The one-line verdict shared by the terminal and the Markdown summary. */
export function checkVerdict(doc: CheckDocument): string {
  const scope = `${doc.suites.length} suite(s), ${sessionsOf(doc)} session(s), ${turnsOf(doc)} turn(s)`;
  if (checkStatus(doc) === "incomplete") {
    const errors = doc.diagnostics.filter((d) => d.severity === "error" && d.code !== "APP_EXPECTATIONS_MISSING").length;
    if (doc.suites.length === 0) return `check could not run: ${errors} error(s) in the config`;
    return `check could not run completely: ${errors} error(s) in the config, rules or expectations (${doc.regressions.length} regression(s) in ${scope})`;
  }
  const partial = doc.partial ? ` (partial: shard(s) ${doc.partial.missing.join(", ")} missing)` : "";
  // Sessions whose agent has no TTSR: their TTSR evidence is what the rules would have done (TTSR_COUNTERFACTUAL).
  const counterfactual = new Set((doc.sessionDiagnostics ?? []).filter((d) => d.code === "TTSR_COUNTERFACTUAL").map((d) => d.file)).size;
  const cf = counterfactual ? `; TTSR replayed counterfactually in ${counterfactual} session(s) (their agent records no TTSR)` : "";
  return `${doc.regressions.length ? `${doc.regressions.length} regression(s)` : "no regressions"} in ${scope}${partial}${cf}`;
}

/** A session key as a path from the folder check ran in (the key is relative to the config's folder). */
export const checkSessionFile = (doc: Pick<CheckDocument, "config">, key: string): string =>
  posix.normalize(posix.join(posix.dirname(doc.config.split("\\").join("/")), key));

const fenceFor = (text: string): string => "`".repeat(Math.max(3, ...[...text.matchAll(/`+/g)].map((m) => m[0].length + 1)));

function regressionItem(r: Regression): string[] {
  const out = [`- ${escapeMd(r.session)}${r.turn !== undefined ? ` turn ${r.turn} (response ${escapeMd(r.responseId ?? "")})` : ""}: ${escapeMd(r.message)}`];
  if (r.detail) out.push("", `  ${fenceFor(r.detail)}text`, ...r.detail.split("\n").map((l) => `  ${l}`), `  ${fenceFor(r.detail)}`, "");
  // A fenced diff: the fence is longer than any backtick run inside, so session text cannot end it.
  if (r.diff) {
    const fence = "`".repeat(Math.max(3, ...[...r.diff.matchAll(/`+/g)].map((m) => m[0].length + 1)));
    out.push(
      "",
      `  ${fence}diff`,
      ...r.diff
        .trimEnd()
        .split("\n")
        .map((l) => `  ${l}`),
      `  ${fence}`,
      "",
    );
  }
  return out;
}

export function checkMarkdown(doc: CheckDocument, opts: { budget?: number } = {}): string {
  const status = checkStatus(doc);
  const bySuite = (name: string) => doc.regressions.filter((r) => r.suite === name);
  const out = ["# sightline check", "", `${status === "incomplete" ? "⚠️" : status === "regressions" ? "❌" : "✅"} ${escapeMd(checkVerdict(doc))}`, ""];
  if (doc.shard) out.push(`Shard ${doc.shard.index}/${doc.shard.count}.`, "");
  if (doc.mergedFrom?.length) out.push(`Merged from ${doc.mergedFrom.length} report(s).`, "");
  out.push(
    "| suite | sessions | turns | regressions |",
    "| --- | ---: | ---: | ---: |",
    ...doc.suites.map((s) => `| ${escapeMdCell(s.name)} | ${s.sessions.length} | ${s.sessions.reduce((n, x) => n + x.turns, 0)} | ${bySuite(s.name).length} |`),
    "",
  );
  for (const d of doc.diagnostics) out.push(`- **${d.severity}** \`${d.code}\` ${escapeMd(d.file)}: ${escapeMd(d.message)}`);
  if (doc.diagnostics.length) out.push("");
  const head = `${out.join("\n")}\n`;
  const parts = [head];
  let used = head.length;
  const blocks: string[] = [];
  if (doc.regressions.length) blocks.push("## Regressions\n\n");
  // Suites in document order; regressions whose suite is not listed (none today) still get a block.
  const names = [...new Set([...doc.suites.map((s) => s.name), ...doc.regressions.map((r) => r.suite)])];
  for (const name of names) {
    const rs = bySuite(name);
    if (rs.length === 0) continue;
    blocks.push(`### ❌ ${escapeMd(name)}: ${rs.length} regression(s)\n\n`, ...rs.map((r) => `${regressionItem(r).join("\n")}\n`), "\n");
  }
  const budget = opts.budget ?? MARKDOWN_BUDGET;
  for (let i = 0; i < blocks.length; i++) {
    if (used + blocks[i].length > budget) {
      parts.push(`\n_Cut here to stay within the job-summary size limit: the rest is in summary.json._\n`);
      break;
    }
    parts.push(blocks[i]);
    used += blocks[i].length;
  }
  return parts.join("");
}

export function checkJunit(doc: CheckDocument): string {
  const listed = new Set(doc.suites.flatMap((s) => s.sessions.map((x) => `${s.name}\u0000${x.path}`)));
  return renderJunit(
    doc.suites.map((s) => {
      const regsOf = (path: string) => doc.regressions.filter((r) => r.suite === s.name && r.session === path);
      const fail = (path: string, regs: Regression[], ms?: number) => ({
        name: path,
        status: "fail" as const,
        time: (ms ?? 0) / 1000,
        message: `${regs.length} regression(s)`,
        diagnostics: regs.map((r) => ({
          code: r.kind,
          severity: "error" as const,
          file: r.session,
          message: `${r.turn !== undefined ? `turn ${r.turn} (response ${r.responseId}): ` : ""}${r.message}${r.detail ? `\n${r.detail}` : ""}${r.diff ? `\n${r.diff}` : ""}`,
        })),
      });
      const cases = s.sessions.map((x) => {
        const regs = regsOf(x.path);
        return regs.length ? fail(x.path, regs, x.ms) : { name: x.path, status: "pass" as const, time: (x.ms ?? 0) / 1000 };
      });
      // A session that is expected but no longer found has no outcome row: it is still a failing case.
      const gone = [...new Set(doc.regressions.filter((r) => r.suite === s.name && !listed.has(`${s.name}\u0000${r.session}`)).map((r) => r.session))];
      cases.push(...gone.map((p) => fail(p, regsOf(p))));
      return { name: s.name, time: s.sessions.reduce((n, x) => n + (x.ms ?? 0), 0) / 1000, cases };
    }),
    { name: "sightline check", timestamp: doc.createdAt },
  );
}

/** Regressions grouped by session file and rule (or kind, for those about no rule), in first-seen order. */
export function regressionGroups(rs: readonly Regression[]): { suite: string; session: string; what: string; items: Regression[] }[] {
  const groups = new Map<string, { suite: string; session: string; what: string; items: Regression[] }>();
  for (const r of rs) {
    const what = r.rule !== undefined ? `rule ${r.rule}` : r.kind;
    const k = `${r.suite}\u0000${r.session}\u0000${what}`;
    if (!groups.has(k)) groups.set(k, { suite: r.suite, session: r.session, what, items: [] });
    groups.get(k)?.items.push(r);
  }
  return [...groups.values()];
}

const FIRST_TURNS = 5;

/** "turns 3, 5, 8 and 46 more" (turn indexes, as replay --turn takes them). */
export function turnList(rs: readonly Regression[]): string {
  const turns = [...new Set(rs.flatMap((r) => (r.turn !== undefined ? [r.turn] : [])))];
  if (turns.length === 0) return "";
  const shown = turns.slice(0, FIRST_TURNS).join(", ");
  return `${turns.length === 1 ? "turn" : "turns"} ${shown}${turns.length > FIRST_TURNS ? ` and ${turns.length - FIRST_TURNS} more` : ""}`;
}

const kindCounts = (rs: readonly Regression[]): string => {
  const n = new Map<string, number>();
  for (const r of rs) n.set(r.kind, (n.get(r.kind) ?? 0) + 1);
  return [...n].map(([k, c]) => `${c} ${k}`).join(", ");
};

/**
 * GitHub workflow annotations: one per session file and rule (GitHub shows ten per step), with the count and the
 * first turns, at the first turn's line; the step summary holds every regression. And one per error.
 * `fileOf` maps a path from the run folder to the one GitHub expects (relative to the workspace).
 */
export function checkAnnotations(doc: CheckDocument, fileOf: (path: string) => string = (p) => p): string {
  const lines: string[] = [];
  for (const d of doc.diagnostics) if (d.severity !== "info") lines.push(annotation({ ...d, file: fileOf(d.file) }));
  for (const g of regressionGroups(doc.regressions)) {
    const first = g.items.find((r) => r.line !== undefined) ?? g.items[0];
    const turns = turnList(g.items);
    const message =
      g.items.length === 1
        ? `${g.suite}${first.turn !== undefined ? ` turn ${first.turn} (response ${first.responseId})` : ""}: ${first.message}`
        : `${g.suite}: ${g.what}: ${g.items.length} regression(s) (${kindCounts(g.items)})${turns ? ` at ${turns}` : ""}; each is in the job summary`;
    lines.push(
      annotation(
        { code: first.kind, severity: "error", file: fileOf(checkSessionFile(doc, g.session)), ...(first.line !== undefined && { line: first.line }), message },
        { title: `sightline check ${g.what}` },
      ),
    );
  }
  return lines.length ? `${lines.join("\n")}\n` : "";
}
