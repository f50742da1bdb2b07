// design §8 "peak memory follows the largest single session, not the corpus": the audit spills each
// finished session at once and keeps only its digest. Proven without clocks or RSS thresholds: no full
// session built by the run is still reachable when it returns, the report is written without reading any
// session back, and the streamed files equal the whole-document projections of the same result.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { afterAll, describe, expect, it } from "vitest";
import { auditProbe, releaseAudit, runAudit } from "../../../../src/app/audit/audit.js";
import { removeSpillDirs } from "../../../../src/io/spill.js";
import type { FileSessionStore } from "../../../../src/app/audit/spill.js";
import { shareable, writeReport } from "../../../../src/app/report-folder/write.js";
import { renderIndex } from "../../../../src/report/html.js";
import { PAGE_ASSETS, renderDataFile, renderViewer } from "../../../../src/report/html-session.js";
import { commonRoot } from "../../../../src/report/layout.js";
import { summaryJson } from "../../../../src/report/stream.js";
import { auditJunit } from "../../../../src/report/junit.js";
import { renderMarkdown } from "../../../../src/report/markdown.js";
import type { AuditResult, AuditSession } from "../../../../src/audit/model.js";
import { HEAVY_KEYS, spillOf } from "../../../../src/audit/store.js";

setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;

const tmp = mkdtempSync(join(tmpdir(), "sightline-audit-mem-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
afterAll(removeSpillDirs);

const INPUTS = ["fixtures/hostile", "fixtures/pi/omp17-interrupt-then-tool-reminder", "fixtures/pi/hand", "fixtures/scorel/invalid/inv-02-invalid-json.jsonl"];
const now = () => new Date("2026-03-03T14:30:00.000Z");
const tick = () => new Promise((r) => setTimeout(r, 0));

/** The same result with every session read back into plain objects (what the audit used to hold). */
const materialize = (r: AuditResult): AuditResult => ({ ...r, sessions: r.sessions.map((s) => JSON.parse(JSON.stringify(s)) as AuditSession) });

/** Every file of a written report equals the projection of the whole (materialized) result. */
function expectProjections(dir: string, whole: AuditResult): void {
  const read = (f: string) => readFileSync(join(dir, f), "utf8");
  expect(read("summary.json")).toBe(summaryJson(whole));
  expect(read("index.html")).toBe(renderIndex(whole));
  expect(read("summary.md")).toBe(renderMarkdown(whole));
  expect(read("junit.xml")).toBe(auditJunit(whole));
  const ctx = { root: commonRoot(whole.sessions.map((s) => s.path)), result: whole };
  expect(readdirSync(join(dir, "sessions"))).toHaveLength(whole.sessions.length + 3);
  for (const [name, text] of Object.entries(PAGE_ASSETS)) expect(read(`sessions/${name}`)).toBe(text);
  expect(read("sessions/session.html")).toBe(renderViewer(ctx));
  whole.sessions.forEach((s, i) => {
    expect(read(`sessions/${i + 1}.js`)).toBe(renderDataFile(s));
  });
}

describe("app/audit memory: sessions are spilled as soon as they are done", async () => {
  const built: WeakRef<AuditSession>[] = [];
  auditProbe.onSession = (s) => built.push(new WeakRef(s));
  const { result } = await runAudit({ paths: INPUTS, workers: 0, now, version: "9.9.9" });
  auditProbe.onSession = undefined;
  await tick();
  gc();
  await tick();
  const stores = new Set(result.sessions.map((s) => spillOf(s)?.store as FileSessionStore | undefined).filter((x) => x !== undefined));

  it("no full session built during the run is reachable after it: only digests are kept", () => {
    expect(built.length).toBeGreaterThan(5);
    expect(built.filter((w) => w.deref() !== undefined)).toHaveLength(0);
  });
  it("every read session is spilled: its heavy parts are accessors, not data", () => {
    const read = result.sessions.filter((s) => s.kind === "session");
    expect(read.length).toBeGreaterThan(3);
    for (const s of read) {
      expect(spillOf(s)).toBeDefined();
      for (const k of HEAVY_KEYS) expect("value" in (Object.getOwnPropertyDescriptor(s, k) ?? { get: 1 }), k).toBe(false);
    }
    expect(stores.size).toBe(1);
  });
  it("the report is written without reading any session back, and equals the whole-document projections", async () => {
    const store = [...stores][0];
    const dir = join(tmp, "run");
    await writeReport(dir, result, { redact: true });
    expect(store.loads).toBe(0);
    expect(readdirSync(dir).sort()).toEqual(["index.html", "junit.xml", "sessions", "summary.json", "summary.md"]);
    expectProjections(dir, shareable(materialize(result), true));
  });
  it("unredacted too (sessions with secrets are read back one at a time for the page)", async () => {
    const dir = join(tmp, "raw");
    await writeReport(dir, result, { redact: false });
    expectProjections(dir, shareable(materialize(result), false));
    expect(readFileSync(join(dir, "sessions/1.js"), "utf8")).toContain("AKIAIOSFODNN7EXAMPLE");
  });
});

describe("app/audit memory with worker threads", async () => {
  const { result } = await runAudit({ paths: INPUTS, now, version: "9.9.9" });
  const inProcess = (await runAudit({ paths: INPUTS, workers: 0, now, version: "9.9.9" })).result;
  it("workers spill too; the result equals the in-process one", () => {
    const strip = (r: AuditResult) => JSON.parse(JSON.stringify(r.sessions.map(({ ms: _ms, ...s }) => s)));
    expect(result.sessions.filter((s) => s.kind === "session").every((s) => spillOf(s) !== undefined)).toBe(true);
    expect(strip(result)).toEqual(strip(inProcess));
  });
});

describe("app/audit spill folder", () => {
  it("releaseAudit removes a result's spill folder at once", async () => {
    const { result } = await runAudit({ paths: ["fixtures/hostile"], workers: 0, now });
    const store = spillOf(result.sessions[0])!.store as FileSessionStore;
    expect(readdirSync(store.dir).length).toBeGreaterThan(0);
    releaseAudit(result);
    expect(existsSync(store.dir)).toBe(false);
    // Its digests went with it: only kind and status stay readable.
    expect(result.sessions[0].kind).toBe("session");
    expect(() => result.sessions[0].diagnostics).toThrow(/released/);
  });

  it("is created where the caller says (e.g. inside the run folder) and holds the sessions' pieces (the README at position 0 is skipped)", async () => {
    const root = join(tmp, "run-with-spill");
    const { result } = await runAudit({ paths: ["fixtures/hostile"], workers: 0, now, spillRoot: root });
    const store = spillOf(result.sessions[0])!.store as FileSessionStore;
    expect(store.dir.startsWith(join(root, ".sightline-audit-spill-"))).toBe(true);
    expect(readdirSync(store.dir).sort()).toEqual(["000001.js", "000001.json", "digests.jsonl"]);
    store.dispose();
    expect(readdirSync(root)).toEqual([]);
  });
});
