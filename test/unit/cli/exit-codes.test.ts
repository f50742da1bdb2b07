// Each command's exit code as a pure function of a small result (design §4: 0 ok, 1 findings, 2 unreadable
// input, which wins over 1).
import { describe, expect, it } from "vitest";
import {
  auditExitCode,
  auditFindingsExitCode,
  capsuleExitCode,
  checkExitCode,
  codesExitCode,
  compactionDiffExitCode,
  mergeReportsExitCode,
  sessionDiffExitCode,
  ttsrLintExitCode,
  ttsrRunExitCode,
  ttsrTestExitCode,
  validateExitCode,
} from "../../../src/cli/exit-codes.js";
import type { Severity } from "../../../src/shared/diagnostics.js";
import type { Regression } from "../../../src/audit/expectations.js";
import { diagnostic, msg, result, session } from "../report/builders.js";

const finding = (severity: Severity, code = "SOME_CODE") => ({ code, severity });
const regression: Regression = { suite: "s", session: "a.jsonl", kind: "turn-added", message: "turn 2 added" };
const lost = { valid: true, missing: [], warnings: [], lost: [{ kind: "hard-deny" as const, value: "deny rm -rf" }] };

describe("validate", () => {
  it("is 0 for clean files and for warnings, 1 for an error, 2 when an input could not be read", () => {
    expect(validateExitCode({ problems: [], files: [{ kind: "session", diagnostics: [finding("warning"), finding("info")] }] })).toBe(0);
    expect(validateExitCode({ problems: [], files: [{ kind: "session", diagnostics: [finding("error")] }] })).toBe(1);
    expect(validateExitCode({ problems: [], files: [{ kind: "unreadable", diagnostics: [] }] })).toBe(2);
    expect(
      validateExitCode({ problems: [{ input: "gone.jsonl", reason: "no such file" }], files: [{ kind: "session", diagnostics: [finding("error")] }] }),
    ).toBe(2);
  });
});

describe("codes", () => {
  it("a filter matching codes is 0", () => {
    expect(codesExitCode(3)).toBe(0);
  });
  it("codes: a filter matching nothing is 1", () => {
    expect(codesExitCode(0)).toBe(1);
  });
});

describe("diff", () => {
  it("one session: 1 only when a capsule check finds lost state", () => {
    expect(compactionDiffExitCode([])).toBe(0);
    expect(compactionDiffExitCode([{}, { capsule: { ...lost, lost: [] } }])).toBe(0);
    expect(compactionDiffExitCode([{}, { capsule: lost }])).toBe(1);
  });
  it("two sides: 0 same, 1 different", () => {
    expect(sessionDiffExitCode({ same: true })).toBe(0);
    expect(sessionDiffExitCode({ same: false })).toBe(1);
  });
});

describe("capsule", () => {
  it("follows the outcome's ok", () => {
    expect(capsuleExitCode({ ok: true })).toBe(0);
    expect(capsuleExitCode({ ok: false })).toBe(1);
  });
});

describe("check", () => {
  it("is 1 on regressions, 2 on a config error, and a missing expectations file is a failing check, not unreadable", () => {
    expect(checkExitCode({ diagnostics: [], regressions: [] })).toBe(0);
    expect(checkExitCode({ diagnostics: [diagnostic({ severity: "warning" })], regressions: [regression] })).toBe(1);
    expect(checkExitCode({ diagnostics: [diagnostic({ code: "APP_CONFIG_INVALID" })], regressions: [regression] })).toBe(2);
    expect(checkExitCode({ diagnostics: [diagnostic({ code: "APP_EXPECTATIONS_MISSING" })], regressions: [] })).toBe(0);
  });
});

describe("audit", () => {
  const ok = session("ok.jsonl", [[msg("user", "a")]]);
  const warn = session("w.jsonl", [], { diagnostics: [diagnostic({ severity: "warning", code: "SCHEMA" })] });
  const err = session("e.jsonl", [], { diagnostics: [diagnostic({})] });
  it("judges session statuses and run findings by --fail-on", () => {
    expect(auditFindingsExitCode(result([ok]), "error")).toBe(0);
    expect(auditFindingsExitCode(result([ok, warn]), "error")).toBe(0);
    expect(auditFindingsExitCode(result([ok, warn]), "warning")).toBe(1);
    expect(auditFindingsExitCode(result([ok, err]), "error")).toBe(1);
    expect(auditFindingsExitCode(result([ok, err]), "none")).toBe(0);
    expect(auditFindingsExitCode(result([ok], [diagnostic({ code: "NO_MATCH" })]), "error")).toBe(1);
    expect(auditFindingsExitCode(result([ok], [diagnostic({ severity: "warning" })]), "warning")).toBe(1);
  });
  it("unreadable inputs win over findings, even under --fail-on none", () => {
    expect(auditExitCode({ result: result([ok]), unreadableInputs: 0 }, { failOn: "error" })).toBe(0);
    expect(auditExitCode({ result: result([ok, err]), unreadableInputs: 0 }, { failOn: "error" })).toBe(1);
    expect(auditExitCode({ result: result([ok]), unreadableInputs: 1 }, { failOn: "none" })).toBe(2);
  });
});

describe("merge-reports", () => {
  const ok = session("ok.jsonl", [[msg("user", "a")]]);
  const err = session("e.jsonl", [], { diagnostics: [diagnostic({})] });
  const unopened = { ...session("gone.jsonl", [], { diagnostics: [diagnostic({ code: "UNREADABLE_PATH" })] }), kind: "unreadable" as const };
  it("nothing merged is unreadable input", () => {
    expect(mergeReportsExitCode({ merged: "nothing" })).toBe(2);
  });
  it("a merged check keeps the check's code", () => {
    expect(mergeReportsExitCode({ merged: "check", doc: { diagnostics: [], regressions: [regression] } })).toBe(1);
    expect(mergeReportsExitCode({ merged: "check", doc: { diagnostics: [], regressions: [] } })).toBe(0);
  });
  it("a merged audit has the unsharded run's code: a shard's unopened input or input problem is 2, else --fail-on of the run", () => {
    expect(mergeReportsExitCode({ merged: "audit", result: result([ok]) })).toBe(0);
    expect(mergeReportsExitCode({ merged: "audit", result: result([ok, err]) })).toBe(1);
    expect(mergeReportsExitCode({ merged: "audit", result: { ...result([ok, err]), options: { ...result([]).options, failOn: "none" } } })).toBe(0);
    expect(mergeReportsExitCode({ merged: "audit", result: result([ok, unopened]) })).toBe(2);
    expect(mergeReportsExitCode({ merged: "audit", result: result([ok], [diagnostic({ code: "APP_INPUT_PROBLEM" })]) })).toBe(2);
  });
});

describe("ttsr", () => {
  const run = (agree: (boolean | null | "unverifiable")[], codes: string[] = []) => ({
    diagnostics: codes.map((c) => finding("error", c)),
    sessions: [{ turns: agree.map((a) => ({ agree: a })) }],
  });
  it("run: 0 when replay and record agree (or cannot be compared), 1 on a disagreement or a rule excluded by the regex budget, 2 for unreadable rules or sessions", () => {
    expect(ttsrRunExitCode(run([true, null, "unverifiable"]))).toBe(0);
    expect(ttsrRunExitCode(run([true, false]))).toBe(1);
    expect(ttsrRunExitCode(run([true], ["TTSR_REGEX_BUDGET_EXCEEDED"]))).toBe(1);
    expect(ttsrRunExitCode(run([false], ["TTSR_RULES_DIR_UNREADABLE"]))).toBe(2);
    for (const code of ["TTSR_RULE_FILE_UNREADABLE", "TTSR_SETTINGS_INVALID", "UNREADABLE_PATH", "EMPTY_FILE", "BINARY_FILE"])
      expect(ttsrRunExitCode(run([], [code]))).toBe(2);
    expect(ttsrRunExitCode(run([true], ["TTSR_INVALID_REGEX"]))).toBe(0);
  });
  it("test: 0 when a rule triggered, 1 when none did", () => {
    expect(ttsrTestExitCode({ triggered: true })).toBe(0);
    expect(ttsrTestExitCode({ triggered: false })).toBe(1);
  });
  it("lint: 1 on errors only", () => {
    expect(ttsrLintExitCode({ errors: 0 })).toBe(0);
    expect(ttsrLintExitCode({ errors: 2 })).toBe(1);
  });
});
