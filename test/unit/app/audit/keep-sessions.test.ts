// keepSessions: false (the CLI without --json or --no-redact) writes the same redacted report from each
// session's pieces without keeping the full sessions; reading a heavy part back then says why it cannot.
import { readdirSync, readFileSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runAudit } from "../../../../src/app/audit/audit.js";
import { removeSpillDirs } from "../../../../src/io/spill.js";
import { writeReport } from "../../../../src/app/report-folder/write.js";

const tmp = mkdtempSync(join(tmpdir(), "sightline-audit-keep-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
afterAll(removeSpillDirs);

const INPUTS = ["fixtures/hostile", "fixtures/pi/omp17-interrupt-then-tool-reminder", "fixtures/pi/before-compaction.jsonl"];
const now = () => new Date("2026-03-03T14:30:00.000Z");

function files(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (p: string) => {
    if (statSync(p).isDirectory()) for (const n of readdirSync(p)) walk(join(p, n));
    // Measured times differ from run to run; everything else must be the same byte for byte.
    else
      out.set(
        relative(dir, p),
        readFileSync(p, "utf8")
          .replace(/"ms":[0-9.e+-]+/g, '"ms":0')
          .replace(/ time="[0-9.]+"/g, ' time="0"')
          .replace(/(&quot;|\\?")ms(&quot;|\\?"):[0-9.e+-]+/g, "ms:0"),
      );
  };
  walk(dir);
  return out;
}

describe("app/audit keepSessions", () => {
  it.each([0, undefined])(
    "the redacted report is the same with or without the full sessions (workers: %s)",
    async (workers) => {
      const report = async (keepSessions: boolean) => {
        const dir = join(tmp, `${keepSessions}-${workers}`);
        const { result } = await runAudit({ paths: INPUTS, workers, now, version: "9.9.9", keepSessions });
        await writeReport(dir, result, { redact: true });
        return { dir, result };
      };
      const kept = await report(true);
      const lean = await report(false);
      expect(files(lean.dir)).toEqual(files(kept.dir));
      const session = lean.result.sessions.find((s) => s.path === "fixtures/pi/before-compaction.jsonl")!;
      expect(session.status).toBe("ok");
      expect(() => session.messages).toThrow(/kept no full sessions/);
      expect(kept.result.sessions.find((s) => s.path === session.path)!.messages.length).toBeGreaterThan(100);
    },
    120_000,
  );
});
