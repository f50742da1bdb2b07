// A yoi session folder's segments go to one pool worker as one unit (schedule.ts), which reads each segment's
// origin from the segment it audited just before: the results are those of an audit without a pool.
import { afterAll, describe, expect, it } from "vitest";
import { runAudit } from "../../../../src/app/audit/audit.js";
import type { AuditSession } from "../../../../src/audit/model.js";
import { removeSpillDirs } from "../../../../src/io/spill.js";

afterAll(removeSpillDirs);

const INPUTS = ["fixtures/yoi/session-0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b", "fixtures/yoi/seed-era-realistic.jsonl", "fixtures/pi/hand"];
const now = () => new Date("2026-03-03T14:30:00.000Z");
// Everything an audited session says but its timing (a spilled session reads its fields back on access).
const shape = (s: AuditSession) => JSON.stringify({ ...(JSON.parse(JSON.stringify(s)) as object), ms: 0 });

describe("app/audit: a session folder's segments as one unit of a pool worker", () => {
  it("gives every file the result of the in-process audit, the compacted segment's diff against its origin included", async () => {
    const here = await runAudit({ paths: INPUTS, workers: 0, now });
    const pooled = await runAudit({ paths: INPUTS, workers: 2, now });
    expect(pooled.result.sessions.map(shape)).toEqual(here.result.sessions.map(shape));
    const second = pooled.result.sessions.find((s) => s.path.endsWith("0190a1b2-c3d4-7e5f-8a9b-000000000002.jsonl"));
    expect(second?.compactions.length).toBe(1);
    // The origin was read: no YOI_ORIGIN_MISSING finding, and the diff has a "before" (messages dropped).
    expect(second?.diagnostics.map((d) => d.code)).not.toContain("YOI_ORIGIN_MISSING");
    expect(second?.compactions[0].dropped.length).toBeGreaterThan(0);
    expect(second?.compactions[0].tokens.before).toBeGreaterThan(0);
  }, 60_000);

  it("a unit that fails is audited again file by file: each file gets its own finding", async () => {
    // A budget no worker can meet, even to start: the unit times out, then each of its files on its own.
    const { result } = await runAudit({ paths: INPUTS.slice(0, 1), workers: 1, now, timeoutMs: 1 });
    expect(result.sessions.map((s) => [s.path.slice(-8), s.diagnostics.map((d) => d.code)])).toEqual([
      ["01.jsonl", ["APP_AUDIT_TIMEOUT"]],
      ["02.jsonl", ["APP_AUDIT_TIMEOUT"]],
      // The debug trace beside them is no segment: a unit of its own.
      ["ce.jsonl", ["APP_AUDIT_TIMEOUT"]],
    ]);
  }, 60_000);
});
