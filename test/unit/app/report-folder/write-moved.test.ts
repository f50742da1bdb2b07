// Issue 21: an audit thread writes each session's whole detail file into the spill, and the report writer moves
// it into the report folder instead of reading and copying it. The folder must not depend on how its files were
// made: moved from the spill (workers and the main thread), copied from a report written before, or rendered
// from sessions held in memory, byte for byte the same (redacted, and unredacted with the full sessions).
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { releaseAudit, runAudit } from "../../../../src/app/audit/audit.js";
import { writeReport } from "../../../../src/app/report-folder/write.js";
import type { AuditResult } from "../../../../src/audit/model.js";
import { removeSpillDirs } from "../../../../src/io/spill.js";
import type { FileSessionStore } from "../../../../src/app/audit/spill.js";
import { spillOf } from "../../../../src/audit/store.js";

const tmp = mkdtempSync(join(tmpdir(), "sightline-write-moved-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
afterAll(removeSpillDirs);

// Sessions of every format, secrets to redact (hostile), rule and settings files, a skipped README.
const INPUTS = ["fixtures/hostile", "fixtures/pi", "fixtures/scorel", "fixtures/yoi", "fixtures/codex", "fixtures/rules"];
const now = () => new Date("2026-03-03T14:30:00.000Z");

/** Every file of a folder, by relative path, byte for byte. */
function files(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (p: string) => {
    if (statSync(p).isDirectory()) for (const n of readdirSync(p)) walk(join(p, n));
    else out.set(relative(dir, p), readFileSync(p, "latin1"));
  };
  walk(dir);
  return out;
}

/** The same result with every session a plain object in memory (nothing spilled, nothing to move). */
const inMemory = (r: AuditResult): AuditResult => JSON.parse(JSON.stringify(r)) as AuditResult;

describe("app/report-folder writeReport: detail files moved from the spill", () => {
  it.each([undefined, 0, 1])(
    "give the same folder as detail files rendered in memory or copied (workers: %s)",
    async (workers) => {
      const { result } = await runAudit({ paths: INPUTS, workers, now, version: "9.9.9", keepSessions: true });
      expect(result.sessions.length).toBeGreaterThan(20);
      const plain = inMemory(result);
      const write = async (name: string, r: AuditResult, redact: boolean) => {
        const dir = join(tmp, `${name}-${workers}`);
        await writeReport(dir, r, { redact });
        return files(dir);
      };
      const spill = (spillOf(result.sessions[0])!.store as FileSessionStore).dir;
      const pieces = () => readdirSync(spill).filter((n) => n.endsWith(".js")).length;
      expect(pieces()).toBe(result.sessions.length);
      const moved = await write("moved", result, true);
      expect(pieces()).toBe(0);
      // The spill no longer holds the moved files: a second report copies them from the first.
      const copied = await write("copied", result, true);
      const rendered = await write("rendered", plain, true);
      expect(moved.size).toBe(result.sessions.length + 7);
      expect(copied).toEqual(moved);
      expect(rendered).toEqual(moved);
      // Unredacted: only sessions with nothing to redact can use the redacted pieces.
      expect(await write("raw", result, false)).toEqual(await write("raw-rendered", plain, false));
      releaseAudit(result);
    },
    180_000,
  );
});
