// merge-reports reads report folders back: the current layout (summary.json naming each session's files),
// the earlier one (whole sessions inline), and folders that were damaged or tampered with.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runAudit } from "../../../src/app/audit.js";
import { removeSpillDirs } from "../../../src/io/audit-spill.js";
import { mergeReports } from "../../../src/app/merge-reports.js";
import { writeReport } from "../../../src/app/write-report.js";
import { pageDataOf, sessionPageFrame } from "../../../src/report/html-session.js";
import { renderJson } from "../../../src/report/json.js";
import type { AuditResult, AuditSession } from "../../../src/context/audit-model.js";

const tmp = mkdtempSync(join(tmpdir(), "sightline-read-report-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
afterAll(removeSpillDirs);

const INPUTS = ["fixtures/hostile", "fixtures/pi/omp17-interrupt-then-tool-reminder/session.jsonl"];

describe("app/read-report (merge-reports input)", async () => {
  const { result } = await runAudit({ paths: INPUTS, workers: 0 });
  const fresh = async (name: string, r: AuditResult = result) => {
    const d = join(tmp, name);
    await writeReport(d, r, { redact: false });
    return d;
  };

  it("a session file named in summary.json but missing makes the folder unreadable, with why", async () => {
    const d = await fresh("missing");
    rmSync(join(d, "sessions", "1.json"));
    const m = await mergeReports([d]);
    expect(m.unreadable).toBe(1);
    expect(m.result.diagnostics[0].message).toContain("sessions/1.json is missing");
  });

  it("a damaged page makes the folder unreadable, with why (not an internal error later)", async () => {
    const d = await fresh("damaged");
    writeFileSync(join(d, "sessions", "2.html"), "<!doctype html><p>not a report page");
    const m = await mergeReports([d]);
    expect(m.unreadable).toBe(1);
    expect(m.result.diagnostics[0].message).toContain("sessions/2.html is not a sightline session page");
  });

  it("reads only the folder's own sessions/ files, whatever summary.json names", async () => {
    const d = await fresh("outside");
    const doc = JSON.parse(readFileSync(join(d, "summary.json"), "utf8"));
    doc.sessions[0].detail = "../../../etc/passwd";
    writeFileSync(join(d, "summary.json"), JSON.stringify(doc));
    expect((await mergeReports([d])).unreadable).toBe(1);
  });

  it("re-escapes a page's data: markup in a tampered page never reaches the merged page raw", async () => {
    // The recording without "</script>" in its text, so the tampered page still parses.
    const one = { ...result, sessions: result.sessions.filter((s) => s.path.includes("omp17")) };
    const d = await fresh("tampered", one);
    const [before, after] = sessionPageFrame(one.sessions[0], { root: "", result });
    const data = JSON.parse(pageDataOf(readFileSync(join(d, "sessions", "1.html"), "utf8"))!) as { messages: { text: string }[] };
    data.messages[0].text = "<!--<script>window.__pwned=1";
    writeFileSync(join(d, "sessions", "1.html"), before + JSON.stringify(data) + after);
    const out = join(tmp, "tampered-merged");
    await writeReport(out, (await mergeReports([d])).result, { redact: false });
    const merged = pageDataOf(readFileSync(join(out, "sessions", "1.html"), "utf8"))!;
    expect(merged).not.toContain("<");
    expect((JSON.parse(merged) as typeof data).messages[0].text).toBe("<!--<script>window.__pwned=1");
  });

  it("a summary.json of the earlier layout (whole sessions inline) merges into the new layout", async () => {
    const d = join(tmp, "earlier");
    const whole = { ...result, sessions: result.sessions.map((s) => JSON.parse(JSON.stringify(s)) as AuditSession) };
    await writeReport(d, result, { redact: false });
    writeFileSync(join(d, "summary.json"), renderJson(whole, { pretty: false }));
    const m = await mergeReports([d]);
    expect(m.unreadable).toBe(0);
    const out = join(tmp, "earlier-merged");
    await writeReport(out, m.result, { redact: false });
    const doc = JSON.parse(readFileSync(join(out, "summary.json"), "utf8"));
    expect(doc.sessions.map((e: { path: string }) => e.path).sort()).toEqual(result.sessions.map((s) => s.path).sort());
    const i = doc.sessions.findIndex((e: { path: string }) => e.path.endsWith("omp17-interrupt-then-tool-reminder/session.jsonl"));
    expect(JSON.parse(readFileSync(join(out, doc.sessions[i].detail), "utf8")).session.turns).toHaveLength(5);
  });
});
