// docs/ttsr.md §18.8: without --ttsr-profile, a rule file that uses keys only v18 reads (`agents`, `enabled`,
// `question`) was written for oh-my-pi 18: validate and audit read it as v18 does instead of warning that seed
// ignores the key. Naming a profile still gets its own reading.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT, runCli } from "./run.js";

const RULE = join(ROOT, "fixtures/pi/omp18-written/agent-ttsr-agents-and-disabled-rules/project/.omp/rules/main-only.md");
const codes = (stdout: string): string[] =>
  (JSON.parse(stdout) as { files: { diagnostics: { code: string }[] }[] }).files.flatMap((f) => f.diagnostics.map((d) => d.code));

describe("rule files written for oh-my-pi 18, default flags", () => {
  it("validate reads an `agents` rule as v18 does: no finding", () => {
    const r = runCli(["validate", RULE, "--json"]);
    expect(r.code).toBe(0);
    expect(codes(r.stdout)).toEqual([]);
  });
  it("--ttsr-profile seed or v17 reports the key their reading ignores", () => {
    for (const p of ["seed", "v17"]) expect(codes(runCli(["validate", RULE, "--json", "--ttsr-profile", p]).stdout)).toEqual(["TTSR_V18_KEY_IGNORED"]);
  });
  it("a rule file without v18 keys keeps the seed reading", () => {
    const plain = join(ROOT, "fixtures/pi/omp18-written/agent-ttsr-text-interrupt/project/.omp/rules/no-ts-ignore.md");
    expect(runCli(["validate", plain, "--json"]).code).toBe(0);
  });
});
