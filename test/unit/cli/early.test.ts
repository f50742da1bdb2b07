import { describe, expect, it } from "vitest";
import { auditLine } from "../../../src/cli/early.js";

describe("cli/early: the launcher's reading of an audit command line", () => {
  it("takes the paths and --workers, skipping other options and their values", () => {
    expect(auditLine(["audit", "a", "--out", "r", "b", "--fail-on=none", "--json", "c"])).toEqual({ paths: ["a", "b", "c"] });
    expect(auditLine(["audit", "--workers", "3", "a"])).toEqual({ paths: ["a"], workers: 3 });
    expect(auditLine(["audit", "a", "--workers=0"])).toEqual({ paths: ["a"], workers: 0 });
    // A boolean option takes a following true/false, not a path.
    expect(auditLine(["audit", "--no-redact", "false", "a", "--color", "b"])).toEqual({ paths: ["a", "b"] });
  });

  it("reads nothing it cannot read for sure: another command, stdin, shards, rules, short options, help", () => {
    for (const argv of [
      ["validate", "a"],
      ["audit"],
      ["audit", "-"],
      ["audit", "a", "--shard", "1/2"],
      ["audit", "a", "--rules", "r"],
      ["audit", "a", "-h"],
      ["audit", "a", "--help"],
      ["audit", "a", "--"],
      ["audit", "a", "--out"],
      ["audit", "a", "--workers", "1.5"],
      ["audit", "a", "--workers", "-1"],
      ["audit", "a", "--workers", ""],
    ])
      expect(auditLine(argv), argv.join(" ")).toBeUndefined();
  });
});
