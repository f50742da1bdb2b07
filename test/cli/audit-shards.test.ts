// Sharded `audit` of the bundled fixtures merges back to what the unsharded run reports.
import { cpSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, it } from "vitest";
import { runCli } from "./run.js";

it("audit fixtures --shard 1/2 and 2/2, merged: the unsharded session count, statuses and exit code", () => {
  const root = mkdtempSync(join(tmpdir(), "sightline-audit-shards-"));
  cpSync("fixtures", join(root, "fixtures"), { recursive: true });
  // The fixtures include a record nested deeper than 1000 levels: the reports must still read back.
  const whole = runCli(["audit", "fixtures", "--out", "whole", "--json"], { cwd: root });
  const shards = [1, 2].map((i) => runCli(["audit", "fixtures", "--shard", `${i}/2`, "--out", `shard-${i}`], { cwd: root }));
  expect(shards.map((s) => s.code).every((c) => c === 0 || c === 1)).toBe(true);
  const merged = runCli(["merge-reports", "shard-1", "shard-2", "--out", "merged", "--json"], { cwd: root });
  expect(merged.code).toBe(whole.code);
  const [a, b] = [JSON.parse(whole.stdout), JSON.parse(merged.stdout)];
  expect(b.summary.sessions).toBe(a.summary.sessions);
  expect(b.sessions.length).toBe(a.sessions.length);
  expect(b.summary.byStatus).toEqual(a.summary.byStatus);
}, 120_000);
