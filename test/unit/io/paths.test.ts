// Command-line inputs to files (io/paths.ts): the glob library is loaded only for an input that is no file or
// folder, so a command on existing paths (the common case) does not pay for it at start-up (issue 21).
import { createRequire } from "node:module";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { expandInputs } from "../../../src/io/paths.js";

const ROOT = join(import.meta.dirname, "../../..");
const globLoaded = (): boolean => Object.keys(createRequire(import.meta.url).cache).some((k) => k.includes("/tinyglobby/"));

describe("expandInputs", () => {
  it("loads the glob library only when an input is a pattern, not a path", () => {
    const direct = expandInputs(["fixtures/pi", "fixtures/README.md"], ROOT);
    expect(direct.problems).toEqual([]);
    expect(direct.files).toContain(join("fixtures", "pi", "before-compaction.jsonl"));
    expect(globLoaded()).toBe(false);
    const globbed = expandInputs(["fixtures/pi/before-*.jsonl"], ROOT);
    expect(globbed.files).toEqual(["fixtures/pi/before-compaction.jsonl"]);
    expect(globLoaded()).toBe(true);
  });

  it("says when a pattern matches nothing, and when a path does not exist", () => {
    const r = expandInputs(["fixtures/pi/*.nothing", "fixtures/no-such-file.jsonl"], ROOT);
    expect(r.files).toEqual([]);
    expect(r.problems.map((p) => p.input)).toEqual(["fixtures/pi/*.nothing", "fixtures/no-such-file.jsonl"]);
    expect(r.problems[0].reason).toBe("no file matches this pattern");
  });
});
