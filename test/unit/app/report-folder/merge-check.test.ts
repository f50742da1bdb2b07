// merge-reports' first checks: overlapping reports and missing shards of an i/n split, and which kind of report a folder holds.
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { reportKind, shardSetProblems } from "../../../../src/app/report-folder/merge-check.js";

describe("shardSetProblems", () => {
  const s = (dir: string, index?: number, count?: number, sessions: string[] = [dir]) => ({
    dir,
    ...(index !== undefined && { shard: { index, count: count as number } }),
    sessions,
  });
  const messages = (r: ReturnType<typeof shardSetProblems>) => r.errors.map((d) => d.message);
  it("a complete split, each shard once, in any order: no problem", () => {
    expect(shardSetProblems([s("b", 2, 3), s("a", 1, 3), s("c", 3, 3)], false)).toEqual({ errors: [] });
    expect(shardSetProblems([s("whole")], false)).toEqual({ errors: [] });
  });
  it("a missing shard is an error naming it; --allow-partial turns it into the partial set", () => {
    expect(messages(shardSetProblems([s("a", 1, 4), s("c", 3, 4)], false))).toEqual([
      "Shard(s) 2/4, 4/4 of 4 missing: pass every shard's report, or option `allowPartial` to merge an incomplete set",
    ]);
    expect(shardSetProblems([s("a", 1, 4), s("c", 3, 4)], true)).toEqual({ errors: [], partial: { missing: ["2/4", "4/4"], count: 4 } });
  });
  it("overlapping reports are refused, even with --allow-partial: a shard twice, a folder twice, a shard with the whole run", () => {
    expect(messages(shardSetProblems([s("a", 1, 2), s("b", 1, 2, ["x"])], true))).toEqual([
      "a and b overlap: both are shard 1/2; give each shard's report once",
    ]);
    expect(messages(shardSetProblems([s("a", 1, 2), s("a/", 2, 2)], true))).toEqual([
      "a and a/ overlap: the same folder is given twice; give each shard's report once",
    ]);
    expect(messages(shardSetProblems([s("whole"), s("b", 2, 2, ["y"])], true))).toEqual([
      "whole and b overlap: the whole run (not sharded) with shard 2/2; give each shard's report once",
    ]);
    expect(messages(shardSetProblems([s("a", 1, 2), s("b", 2, 3)], true))[0]).toContain("splits of different sizes");
    expect(messages(shardSetProblems([s("a", 1, 2, ["x"]), s("b", 2, 2, ["x"])], true))).toEqual([
      "a and b overlap: both hold x; give each shard's report once",
    ]);
  });
});

describe("reportKind", () => {
  const dir = (text?: string) => {
    const d = mkdtempSync(join(tmpdir(), "sightline-kind-"));
    if (text !== undefined) writeFileSync(join(d, "summary.json"), text);
    return d;
  };
  it("reads the kind from the head of summary.json", async () => {
    expect(await reportKind(dir('{"schemaVersion":1,"kind":"audit","sessions":[]}'))).toBe("audit");
    expect(await reportKind(dir('{\n  "schemaVersion": 1,\n  "kind": "check"\n}'))).toBe("check");
  });
  it("a summary.json that cannot be read is UNREADABLE_PATH (worded like every missing path); anything else is APP_REPORT_INVALID", async () => {
    const none = dir();
    mkdirSync(join(none, "summary.json"));
    const empty = dir();
    expect(await reportKind(empty)).toMatchObject({ code: "UNREADABLE_PATH", message: `cannot read ${join(empty, "summary.json")}: no such file or folder` });
    expect(await reportKind(none)).toMatchObject({ code: "UNREADABLE_PATH", message: `cannot read ${join(none, "summary.json")}: is a folder` });
    expect(await reportKind(dir('{"kind":"replay"}'))).toMatchObject({ code: "APP_REPORT_INVALID" });
  });
});
