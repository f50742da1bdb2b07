// Usage errors are found before any work (design §4: exit 2, one line, then the hint naming the --help of
// the command that was meant), and library noise never reaches the terminal.
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "./run.js";

const tmp = () => mkdtempSync(join(tmpdir(), "sightline-usage-"));
const SESSION = "fixtures/pi/omp17-branch-after-gap/session.jsonl";
const RULES = "fixtures/pi/omp17-branch-after-gap/project/.omp/rules";
const hint = (cmd: string) => `Run "sightline ${cmd}--help" for usage.\n`;

describe("usage errors before work", () => {
  const cases: [string[], string, string][] = [
    [["bogus"], 'unknown command "bogus"', ""],
    [["replya", "s.jsonl"], 'unknown command "replya" (did you mean replay?)', ""],
    [["replay", "--bogus", "F"], "unknown argument --bogus", "replay "],
    [["ttsr", "run", SESSION, "--rules", RULES, "--nope"], "unknown argument --nope", "ttsr run "],
    [["ttsr", "bogus"], 'unknown ttsr subcommand "bogus"', "ttsr "],
    [["ttsr", "run", SESSION, "--rules", "nowhere"], "--rules nowhere: no such file or folder", "ttsr run "],
    [["ttsr", "run", SESSION, "--rules", RULES, "--settings", "missing.json"], "--settings missing.json: no such file or folder", "ttsr run "],
    [["audit", SESSION, "--out", "README.md"], "--out README.md is a file, not a folder", "audit "],
    [["audit", SESSION, "--out", "README.md/report"], "--out README.md/report cannot be created: README.md is not a folder", "audit "],
    [["check", "--shard", "x"], '--shard must look like i/n (e.g. 2/4), got "x"', "check "],
  ];
  it.each(cases)("%j: one line, the command's own --help, exit 2, nothing else printed", (args, message, cmd) => {
    expect(runCli(args)).toEqual({ code: 2, stdout: "", stderr: `sightline: ${message}\n${hint(cmd)}` });
  });

  it("known options still pass: --no-<flag>, camelCase spellings and -h", () => {
    expect(runCli(["replay", SESSION, "--no-full", "--turn", "0"]).code).toBe(0);
    expect(
      runCli(["ttsr", "run", SESSION, "--rules", RULES, "--ttsrProfile", "v17", "--settings", "fixtures/pi/omp17-branch-after-gap/settings.json"]).code,
    ).not.toBe(2);
    expect(runCli(["check", "-h"]).stdout).toContain("--shard");
  });

  it("shell completion requests are left to yargs", () => {
    const r = runCli(["--get-yargs-completions", "sightline", "che"]);
    expect(r.code).toBe(0);
    expect(r.stdout.split("\n")).toContain("check");
  });

  it("an empty rule folder is a warning, not an error", () => {
    const empty = join(tmp(), "rules");
    mkdirSync(empty);
    const r = runCli(["ttsr", "run", SESSION, "--rules", empty]);
    expect(r.code).not.toBe(2);
    expect(r.stderr).toContain(`${empty}: warning TTSR_RULES_DIR_EMPTY: Rule folder ${empty} holds no *.md or *.mdc rule files`);
  });

  it("YAML library warnings become findings and never leak to the terminal", () => {
    const dir = join(tmp(), "rules");
    mkdirSync(dir);
    writeFileSync(join(dir, "alias.md"), "---\ncondition: *::\nscope: text\n---\nNo aliases.\n");
    for (const args of [
      ["ttsr", "lint", "--rules", dir],
      ["ttsr", "run", SESSION, "--rules", dir, "--ttsr-profile", "v17"],
    ]) {
      const r = runCli(args);
      const shown = r.stdout + r.stderr;
      expect(shown).not.toMatch(/YAMLWarning|BAD_ALIAS\]/);
      expect(shown).toContain(`${join(dir, "alias.md")}:2: warning TTSR_YAML_WARNING: YAML warning BAD_ALIAS: Alias ending in : is ambiguous`);
    }
  });
});
