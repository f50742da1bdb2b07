// A report folder written again (the stable default of merge-reports and check, or an --out reused) holds only
// the current inputs: the detail files an earlier, larger report left are removed, nothing else is touched.
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runAudit } from "../../../../src/app/audit/audit.js";
import { writeReport } from "../../../../src/app/report-folder/write.js";
import { removeSpillDirs } from "../../../../src/io/spill.js";

const tmp = mkdtempSync(join(tmpdir(), "sightline-write-again-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
afterAll(removeSpillDirs);

const audit = async (paths: string[]) => (await runAudit({ paths, workers: 0, now: () => new Date("2026-03-03T14:30:00.000Z"), version: "9.9.9" })).result;

describe("app/report-folder writeReport", () => {
  it("writing a smaller report into the same folder leaves no stale sessions/<n>.js behind", async () => {
    const dir = join(tmp, "report");
    const three = await audit(["fixtures/pi/omp17-interrupt-then-tool-reminder", "fixtures/hostile", "fixtures/pi/omp17-written-tool-reminder.jsonl"]);
    expect(three.sessions.length).toBeGreaterThanOrEqual(3);
    await writeReport(dir, three, { redact: true });
    const own = join(dir, "sessions", "notes.txt");
    writeFileSync(own, "a file the report does not own\n");
    const one = await audit(["fixtures/pi/omp17-written-tool-reminder.jsonl"]);
    await writeReport(dir, one, { redact: true });
    const details = readdirSync(join(dir, "sessions")).filter((n) => /^\d+\.js$/.test(n));
    expect(details).toEqual(["1.js"]);
    expect(existsSync(own)).toBe(true);
  }, 120_000);
});
