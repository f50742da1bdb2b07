import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCheck } from "../../../../src/app/check/check.js";
import { checkExitCode } from "../../../../src/cli/exit-codes.js";
import { renderRegressions } from "../../../../src/report/check.js";

// A copy of the omp17 fixture suite (config, expectations) and the sessions and rules it points at.
let root = "";
const config = () => join(root, "fixtures/suites/omp17/sightline.config.json");
const rule = () => join(root, "fixtures/pi/omp17-interrupt-then-tool-reminder/project/.omp/rules/no-sudo.md");

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), "sightline-check-"));
  cpSync("fixtures/pi", join(root, "fixtures/pi"), { recursive: true });
  cpSync("fixtures/suites", join(root, "fixtures/suites"), { recursive: true });
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("app/check on the omp17 fixture suite", () => {
  it("passes against the committed expectations (the replay agrees with the recordings)", async () => {
    const run = await runCheck({ config: config() });
    expect(run.diagnostics).toEqual([]);
    expect(run.regressions).toEqual([]);
    expect(run.suites.map((s) => s.sessions.length)).toEqual([1, 1, 1]);
    expect(checkExitCode(run)).toBe(0);
  });

  it("a changed rule fails with a readable diff; --update makes it pass", async () => {
    writeFileSync(rule(), readFileSync(rule(), "utf8").replace("Never use sudo.", "Never use sudo or doas."));
    const run = await runCheck({ config: config() });
    expect(checkExitCode(run)).toBe(1);
    expect(run.regressions.map((r) => [r.suite, r.responseId, r.kind])).toEqual([
      ["omp17-interrupt-then-tool-reminder", "0000000a", "disagreement"],
      ["omp17-interrupt-then-tool-reminder", "0000000a", "injected-changed"],
    ]);
    const text = renderRegressions(run.regressions);
    expect(text).toContain("✗ omp17-interrupt-then-tool-reminder · ../../pi/omp17-interrupt-then-tool-reminder/session.jsonl · turn 3 (response 0000000a)");
    // Rendered from the session at check time: where the replayed injection first differs from the recorded one.
    expect(text).toContain("first difference at character 337");
    expect(text).toContain("injected text changed (tool: no-sudo @call_psql)");
    expect(text).toContain("-Never use sudo. Add the tool as a project dependency, or ask the user to install it.");
    expect(text).toContain("+Never use sudo or doas. Add the tool as a project dependency, or ask the user to install it.");

    const up = await runCheck({ config: config(), update: true });
    expect(checkExitCode(up)).toBe(0);
    const baseline = JSON.parse(readFileSync(join(root, "fixtures/suites/omp17/expectations/omp17-interrupt-then-tool-reminder.baseline.json"), "utf8"));
    expect(baseline.disagreements.map((d: { responseId: string }) => d.responseId)).toEqual(["0000000a"]);
    const again = await runCheck({ config: config() });
    expect(again.regressions).toEqual([]);
    expect(checkExitCode(again)).toBe(0);
  });

  it("a changed decision is named as such", async () => {
    writeFileSync(rule(), readFileSync(rule(), "utf8").replace("interruptMode: never", "interruptMode: always"));
    const run = await runCheck({ config: config() });
    expect(run.regressions.map((r) => r.kind)).toEqual(["decision-changed", "injected-changed"]);
    expect(run.regressions[0].message).toBe("decision changed: no-sudo (tool, tool call call_psql): tool → interrupt");
    await runCheck({ config: config(), update: true });
  });

  it("a rule that stops firing, and a changed context digest, are regressions", async () => {
    writeFileSync(rule(), readFileSync(rule(), "utf8").replace(/condition: .*/, 'condition: "\\\\bdoas\\\\s"'));
    const golden = join(root, "fixtures/suites/omp17/expectations/omp17-branch-after-gap.json");
    const exp = JSON.parse(readFileSync(golden, "utf8"));
    const key = Object.keys(exp.sessions)[0];
    exp.sessions[key].turns[1].context = `sha256:${"0".repeat(16)}`;
    writeFileSync(golden, JSON.stringify(exp));
    const run = await runCheck({ config: config() });
    const kinds = run.regressions.map((r) => `${r.suite}:${r.kind}`);
    expect(kinds).toContain("omp17-interrupt-then-tool-reminder:rule-stopped");
    expect(kinds).toContain("omp17-branch-after-gap:context-changed");
    expect(run.regressions.find((r) => r.kind === "context-changed")?.message).toMatch(
      /^context of turn 1 changed: \d+ message\(s\), was \d+; digest sha256:0{16} → sha256:[0-9a-f]{16} \(sightline replay option `turn` 1 shows it\)$/,
    );
    expect(run.regressions.find((r) => r.kind === "rule-stopped")?.message).toBe("rule stopped firing: no-sudo (tool, tool call call_psql), was interrupt");
  });

  it("shards split the (suite, session) pairs; missing expectations ask for --update; a bad config is exit 2", async () => {
    const parts = await Promise.all([1, 2].map((index) => runCheck({ config: config(), shard: { index, count: 2 } })));
    expect(parts.map((p) => p.suites.reduce((n, s) => n + s.sessions.length, 0)).reduce((a, b) => a + b)).toBe(3);
    rmSync(join(root, "fixtures/suites/omp17/expectations/omp17-branch-after-gap.json"));
    const missing = await runCheck({ config: config() });
    expect(missing.diagnostics.map((d) => d.code)).toContain("APP_EXPECTATIONS_MISSING");
    expect(missing.regressions.find((r) => r.kind === "session-added")?.suite).toBe("omp17-branch-after-gap");
    expect(checkExitCode(missing)).toBe(1);
    writeFileSync(join(root, "bad.json"), JSON.stringify({ suites: [{ name: "x y", sessions: [] }] }));
    const bad = await runCheck({ config: join(root, "bad.json") });
    expect(bad.diagnostics.map((d) => d.code)).toEqual(expect.arrayContaining(["APP_CONFIG_INVALID"]));
    expect(checkExitCode(bad)).toBe(2);
    expect(existsSync(join(root, "nope.json"))).toBe(false);
    expect(checkExitCode(await runCheck({ config: join(root, "nope.json") }))).toBe(2);
  });
});
