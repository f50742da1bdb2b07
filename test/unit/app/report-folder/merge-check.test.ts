// merge-reports' first checks: which shards of an i/n split are missing, and which kind of report a folder holds.
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { missingShards, reportKind } from "../../../../src/app/report-folder/merge-check.js";

describe("missingShards", () => {
  const s = (index: number, count: number) => ({ index, count });
  it("says nothing for a complete split or unsharded reports", () => {
    expect(missingShards([s(2, 3), s(1, 3), s(3, 3)], ["a"])).toBeUndefined();
    expect(missingShards([undefined, undefined], ["a"])).toBeUndefined();
  });
  it("names the missing shards, n taken from the reports", () => {
    expect(missingShards([s(1, 4), s(3, 4)], ["a"])?.message).toBe("Shard(s) 2/4, 4/4 missing: the merged report covers only part of the run");
  });
  it("warns when the reports come from splits of different sizes", () => {
    expect(missingShards([s(1, 2), s(2, 2), s(1, 3)], ["a"])?.message).toBe(
      "The reports come from splits of different sizes; the largest is 3, of which 2/3, 3/3 missing",
    );
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
