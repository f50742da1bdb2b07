// merge-reports reads report folders back: the current layout (summary.json naming each input's detail
// file), the earlier ones (a page and a .json file per session; whole sessions inline), and folders that
// were damaged or tampered with.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runAudit } from "../../../../src/app/audit/audit.js";
import { removeSpillDirs } from "../../../../src/io/spill.js";
import { mergeReports } from "../../../../src/app/report-folder/merge.js";
import { writeReport } from "../../../../src/app/report-folder/write.js";
import { dataOf } from "../../../../src/report/html-session.js";
import { renderJson } from "../../../../src/report/json.js";
import type { AuditResult, AuditSession } from "../../../../src/audit/model.js";

const tmp = mkdtempSync(join(tmpdir(), "sightline-read-report-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
afterAll(removeSpillDirs);

const INPUTS = ["fixtures/hostile", "fixtures/pi/omp17-interrupt-then-tool-reminder/session.jsonl"];

describe("app/report-folder/read (merge-reports input)", async () => {
  const { result } = await runAudit({ paths: INPUTS, workers: 0 });
  const fresh = async (name: string, r: AuditResult = result) => {
    const d = join(tmp, name);
    await writeReport(d, r, { redact: false });
    return d;
  };

  it("a detail file named in summary.json but missing makes the folder unreadable, with why", async () => {
    const d = await fresh("missing");
    rmSync(join(d, "sessions", "1.js"));
    const m = await mergeReports([d]);
    expect(m.unreadable).toBe(1);
    expect(m.result.diagnostics[0].message).toContain("sessions/1.js is missing");
  });

  it("a damaged detail file makes the folder unreadable, with why (not an internal error later)", async () => {
    const d = await fresh("damaged");
    writeFileSync(join(d, "sessions", "2.js"), "window.__pwned = 1;\n");
    const m = await mergeReports([d]);
    expect(m.unreadable).toBe(1);
    expect(m.result.diagnostics[0].message).toContain("sessions/2.js is not a sightline session file");
  });

  it("reads only the folder's own sessions/ files, whatever summary.json names", async () => {
    const d = await fresh("outside");
    const doc = JSON.parse(readFileSync(join(d, "summary.json"), "utf8"));
    doc.sessions[0].detail = "../../../etc/passwd";
    writeFileSync(join(d, "summary.json"), JSON.stringify(doc));
    expect((await mergeReports([d])).unreadable).toBe(1);
  });

  it("a diagnostic reference out of range makes the folder unreadable", async () => {
    const d = await fresh("refs");
    const doc = JSON.parse(readFileSync(join(d, "summary.json"), "utf8"));
    doc.sessions[0].loader.diagnosticRefs = [999];
    writeFileSync(join(d, "summary.json"), JSON.stringify(doc));
    const m = await mergeReports([d]);
    expect(m.unreadable).toBe(1);
    expect(m.result.diagnostics[0].message).toContain("diagnostic reference");
  });

  it("a detail file is exactly one call around JSON: code riding along is refused, tampered text is written back as data", async () => {
    const one = { ...result, sessions: result.sessions.filter((s) => s.path.includes("omp17")) };
    const d = await fresh("tampered", one);
    const file = join(d, "sessions", "1.js");
    const text = readFileSync(file, "utf8");
    writeFileSync(file, text.replace(/\);\n$/, ");window.__pwned=1;sightlineSession({});\n"));
    expect((await mergeReports([d])).unreadable).toBe(1);
    const doc = JSON.parse(dataOf(text)!) as { session: { messages: { text: string }[] } };
    doc.session.messages[0].text = '"});window.__pwned=1;//\u2028</script>';
    writeFileSync(file, `sightlineSession(${JSON.stringify(doc)});\n`);
    const m = await mergeReports([d]);
    expect(m.unreadable).toBe(0);
    const out = join(tmp, "tampered-merged");
    await writeReport(out, m.result, { redact: false });
    const merged = readFileSync(join(out, "sessions", "1.js"), "utf8");
    expect(merged).not.toContain("\u2028");
    expect((JSON.parse(dataOf(merged)!) as typeof doc).session.messages[0].text).toBe('"});window.__pwned=1;//\u2028</script>');
    // A key no sightline file has, which a script's object literal would read as a prototype, is dropped.
    writeFileSync(file, `sightlineSession(${JSON.stringify(doc).replace('"turns":[{', '"turns":[{"__proto__":{"size":1},')});\n`);
    expect(readFileSync(file, "utf8")).toContain('"__proto__"');
    const again = join(tmp, "tampered-merged-2");
    await writeReport(again, (await mergeReports([d])).result, { redact: false });
    expect(readFileSync(join(again, "sessions", "1.js"), "utf8")).not.toContain("__proto__");
  });

  it("a folder of the earlier page layout (sessions/<n>.html with the data inline, sessions/<n>.json) merges into the new layout", async () => {
    const d = await fresh("pages");
    const doc = JSON.parse(readFileSync(join(d, "summary.json"), "utf8"));
    doc.sessions.forEach((e: { detail: string; page: string }, i: number) => {
      const data = JSON.parse(dataOf(readFileSync(join(d, e.detail), "utf8"))!) as { session: unknown };
      writeFileSync(
        join(d, "sessions", `${i + 1}.html`),
        `<!doctype html><script type="application/json" id="sightline-data">${JSON.stringify(data.session).replace(/</g, "\\u003c")}</script>`,
      );
      writeFileSync(join(d, "sessions", `${i + 1}.json`), JSON.stringify({ schemaVersion: 1, kind: "audit-session", session: {} }));
      rmSync(join(d, e.detail));
      e.detail = `sessions/${i + 1}.json`;
      e.page = `sessions/${i + 1}.html`;
    });
    writeFileSync(join(d, "summary.json"), JSON.stringify(doc));
    const m = await mergeReports([d]);
    expect(m.unreadable).toBe(0);
    const s = m.result.sessions.find((x) => x.path.endsWith("omp17-interrupt-then-tool-reminder/session.jsonl"))!;
    expect(s.turns).toHaveLength(5);
    expect(s.messages[0]).toMatchObject({ role: "user", reminders: [] });
  });

  // A detail file writes its session's turn token constants once (report/page-turns.ts); read back, every turn is whole.
  const turnsByPath = (sessions: readonly AuditSession[]) => Object.fromEntries(sessions.map((s) => [s.path, s.turns]));
  it("a detail file's turns read back whole: each turn's token figures as the audit made them", async () => {
    const d = await fresh("turns");
    const doc = JSON.parse(readFileSync(join(d, "summary.json"), "utf8"));
    const i = doc.sessions.findIndex((e: { path: string }) => e.path.endsWith("omp17-interrupt-then-tool-reminder/session.jsonl"));
    const page = JSON.parse(dataOf(readFileSync(join(d, doc.sessions[i].detail), "utf8"))!).session;
    expect(page.turnTokens).toMatchObject({ estimator: result.sessions.find((s) => s.path === page.path)!.turns[0].tokens.estimator });
    expect(page.turns.every((t: { tokens: object }) => !("estimator" in t.tokens))).toBe(true);
    const m = await mergeReports([d]);
    expect(m.unreadable).toBe(0);
    expect(turnsByPath(m.result.sessions)).toEqual(turnsByPath(result.sessions));
  });
  it("a detail file of the earlier turn layout (every turn whole, no turnTokens) reads as it is", async () => {
    const d = await fresh("whole-turns");
    const doc = JSON.parse(readFileSync(join(d, "summary.json"), "utf8"));
    for (const e of doc.sessions as { path: string; detail: string }[]) {
      const data = JSON.parse(dataOf(readFileSync(join(d, e.detail), "utf8"))!);
      const { turnTokens: _, ...session } = data.session;
      session.turns = result.sessions.find((s) => s.path === e.path)!.turns;
      writeFileSync(join(d, e.detail), `sightlineSession(${JSON.stringify({ ...data, session })});\n`);
    }
    const m = await mergeReports([d]);
    expect(m.unreadable).toBe(0);
    expect(turnsByPath(m.result.sessions)).toEqual(turnsByPath(result.sessions));
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
    expect(JSON.parse(dataOf(readFileSync(join(out, doc.sessions[i].detail), "utf8"))!).session.turns).toHaveLength(5);
  });
});
