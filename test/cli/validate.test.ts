// `sightline validate`: goldens (stdout, stderr and exit code together), exit codes, stdin, the contract,
// and the acceptance cases on the real pi fixture.
import { createHash } from "node:crypto";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { checkContract } from "../../src/schema/contract.js";
import { golden, ROOT, runCli } from "./run.js";

const tmp = () => mkdtempSync(join(tmpdir(), "sightline-validate-"));
const sha = (p: string) => createHash("sha256").update(readFileSync(p)).digest("hex");

describe("sightline validate", () => {
  it("golden: validate fixtures (every seeded problem with file, line and code)", async () => {
    const args = ["validate", "fixtures"];
    const r = runCli(args);
    expect(r.code).toBe(1);
    await expect(golden(args, r)).toMatchFileSnapshot("../golden/cli/validate-fixtures.txt");
  });

  it("--json matches the shipped contract; valid/ files are clean and invalid/ files have errors", () => {
    const r = runCli(["validate", "fixtures", "--json"]);
    const doc = JSON.parse(r.stdout);
    expect(checkContract("validate", doc)).toEqual([]);
    for (const f of doc.files as Array<{ path: string; diagnostics: Array<{ severity: string; code: string; file: string }> }>) {
      const findings = f.diagnostics.filter((d) => d.severity !== "info");
      if (/\/valid\//.test(f.path)) expect({ path: f.path, findings }).toEqual({ path: f.path, findings: [] });
      if (/\/invalid\//.test(f.path))
        expect(
          findings.some((d) => d.severity === "error"),
          f.path,
        ).toBe(true);
      for (const d of f.diagnostics) expect(d.file).toBe(f.path);
    }
  });

  it("exit 0 on a clean file", () => {
    const r = runCli(["validate", "fixtures/pi/omp17-interrupt-then-tool-reminder/session.jsonl"]);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe("");
  });

  it("exit 2 for an unreadable path, even when other files have errors", () => {
    const args = ["validate", "fixtures/pi/hand/three-errors.jsonl", "no/such/file.jsonl"];
    const r = runCli(args);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("cannot read no/such/file.jsonl: no such file or folder");
  });

  it("exit 2 and a usage line when no path is given", () => {
    const r = runCli(["validate"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/Not enough non-option arguments|paths/);
  });

  it("reads - from stdin and reports it as <stdin>", () => {
    const text = readFileSync(join(ROOT, "fixtures/pi/hand/three-errors.jsonl"), "utf8");
    const r = runCli(["validate", "-", "--json"], { input: text });
    const doc = JSON.parse(r.stdout);
    expect(doc.files[0].path).toBe("<stdin>");
    expect(doc.files[0].diagnostics.every((d: { file: string }) => d.file === "<stdin>")).toBe(true);
    expect(r.code).toBe(1);
  });

  it("a quoted glob is expanded by sightline", () => {
    const r = runCli(["validate", "fixtures/pi/omp17-*/session.jsonl", "--json"]);
    const doc = JSON.parse(r.stdout);
    expect(doc.files.map((f: { path: string }) => f.path)).toEqual([
      "fixtures/pi/omp17-branch-after-gap/session.jsonl",
      "fixtures/pi/omp17-deferred-then-compaction/session.jsonl",
      "fixtures/pi/omp17-interrupt-then-tool-reminder/session.jsonl",
    ]);
  });

  it("the real 2.3 MB pi fixture validates with no error", () => {
    const r = runCli(["validate", "fixtures/pi/before-compaction.jsonl", "--json"]);
    const doc = JSON.parse(r.stdout);
    expect(doc.files[0].diagnostics.filter((d: { severity: string }) => d.severity !== "info")).toEqual([]);
    expect(r.code).toBe(0);
  });

  it("a corrupted copy of the real fixture (a truncated line, a line of bad JSON) yields exactly those diagnostics; the rest is read", () => {
    const lines = readFileSync(join(ROOT, "fixtures/pi/before-compaction.jsonl"), "utf8").split("\n");
    lines[100] = lines[100].slice(0, Math.floor(lines[100].length / 2)); // line 101: truncated in the middle
    lines[500] = "{this is not json"; // line 501
    const dir = tmp();
    const file = join(dir, "corrupted.jsonl");
    writeFileSync(file, lines.join("\n"));
    const before = sha(file);
    const r = runCli(["validate", file, "--json"]);
    const doc = JSON.parse(r.stdout);
    const found = doc.files[0].diagnostics
      .filter((d: { severity: string }) => d.severity !== "info")
      .map((d: { line: number; code: string; loader?: boolean }) => [d.line, d.code, d.loader]);
    expect(found).toEqual([
      [101, "skipped_line", true],
      [501, "skipped_line", true],
    ]);
    expect(sha(file)).toBe(before);
    const replay = JSON.parse(runCli(["replay", file, "--json", "--delta"]).stdout);
    expect(replay.turns.length).toBeGreaterThan(400);
  });

  it("a v3 file with a duplicate id, a dangling parent and a parent cycle yields those three errors", () => {
    const r = runCli(["validate", "fixtures/pi/hand/three-errors.jsonl", "--json"]);
    const errors = JSON.parse(r.stdout).files[0].diagnostics.filter((d: { severity: string }) => d.severity === "error");
    expect(errors.map((d: { code: string; line: number }) => [d.code, d.line])).toEqual([
      ["PI_DUPLICATE_ID", 4],
      ["PI_DANGLING_PARENT", 5],
      ["PI_PARENT_CYCLE", 6],
    ]);
  });
});
