// Evidence whose trigger is not in the log (ttsr-spec §9.5 discard, §16.2 tool-only interrupt) is unverifiable:
// neither agreement nor disagreement, with its reason; the replay adopts the recorded marks so later turns agree.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parsePi } from "../../../../src/formats/pi/parse.js";
import { simulateTtsr } from "../../../../src/ttsr/simulate/simulate.js";
import type { Rule } from "../../../../src/ttsr/types.js";
import { FIXTURES, runFixture } from "./fixture-helpers.js";

const DISCARD = "hand/ttsr-discard-aborted-output-not-recorded";
const TOOL_ONLY = "hand/ttsr-tool-only-violating-call-removed";

describe("unverifiable TTSR evidence (hand-written from ttsr-spec §9.5, §11.2, §16.2)", () => {
  it("§9.5 discard: an interrupt whose aborted response is not in the log is unverifiable, shown with the retried response", () => {
    const { result } = runFixture(DISCARD);
    const [retry, later] = result.turns;
    expect(retry.injected).toEqual([]);
    expect(retry.recorded.map((r) => [r.kind, r.delivery, r.unverifiable])).toEqual([
      ["custom_message", "interrupt", "aborted-output-not-recorded"],
      ["ttsr_injection", "interrupt", "aborted-output-not-recorded"],
    ]);
    expect(retry.agree).toBe("unverifiable");
    // The agent marked the rule when it injected: the later mention is held back by the repeat policy, as recorded.
    expect(later.matches.map((m) => [m.rule, m.decision])).toEqual([["no-ts-ignore", "suppressed-repeat"]]);
    expect(later.agree).toBe(true);
    expect(result.diagnostics.map((d) => [d.code, d.line, d.args?.reason])).toEqual([["TTSR_EVIDENCE_UNVERIFIABLE", 4, "aborted-output-not-recorded"]]);
  });

  it("§16.2 tool-only: the violating call was removed and its sibling has a synthetic aborted result: unverifiable", () => {
    const { result } = runFixture(TOOL_ONLY);
    const [aborted, retry, prose] = result.turns;
    expect(aborted.stopReason).toBe("aborted");
    expect(aborted.matches).toEqual([]);
    expect(aborted.recorded.filter((r) => r.kind === "custom_message").map((r) => r.unverifiable)).toEqual(["violating-tool-call-removed"]);
    expect(aborted.agree).toBe("unverifiable");
    expect(retry.agree).toBe(true);
    expect(prose.matches.map((m) => m.decision)).toEqual(["suppressed-repeat"]);
    expect(prose.agree).toBe(true);
    expect(result.diagnostics.map((d) => d.message)).toEqual([
      expect.stringContaining(
        "Recorded custom_message 00000004 [no-force-push] is unverifiable: a tool-source interrupt: the agent removed the violating tool call",
      ),
    ]);
  });

  it("without the adopted marks the later prose would be a deferred injection the agent never made (why the marks are adopted)", () => {
    const { result } = runFixture(TOOL_ONLY, "v17", { resumedAt: ["00000006"] });
    // A restart before the retry restores marks from the path's ttsr_injection entries: still held back.
    expect(result.turns[2].matches.map((m) => m.decision)).toEqual(["suppressed-repeat"]);
  });

  it("evidence without its trigger that the replay reproduces anyway is checked like any other (agree true)", () => {
    // The recorded text still carries the trigger ("git push --force") in a sibling call: the replay sees it.
    const text = readFileSync(join(FIXTURES, TOOL_ONLY, "session.jsonl"), "utf8").replace(
      '"command":"git status --short"',
      '"command":"git push --force origin hotfix"',
    );
    const s = parsePi(text, { file: "s.jsonl", profile: "omp17" });
    const { loaded, result: base } = runFixture(TOOL_ONLY);
    const r = simulateTtsr(s, loaded.rules, {
      settings: { interruptMode: "tool-only" },
      ttsrProfile: "v17",
      cwd: join(FIXTURES, TOOL_ONLY, "project"),
      home: "/nonexistent-home",
    });
    expect(base.turns[0].agree).toBe("unverifiable");
    expect(r.turns[0].injected.map((i) => i.mode)).toEqual(["interrupt"]);
    expect(r.turns[0].recorded.every((x) => x.unverifiable === undefined)).toBe(true);
    expect(r.turns[0].agree).toBe(true);
  });

  it("an unverifiable record does not hide a real disagreement in the same turn", () => {
    const { loaded, result } = runFixture(TOOL_ONLY);
    // A rule that interrupts on the aborted response's recorded text: the replay injects it, the agent did not.
    const onText: Rule = { name: "no-check", path: "/x/no-check.md", content: "No.", condition: ["check the tree"], interruptMode: "always" };
    const s = parsePi(readFileSync(join(FIXTURES, TOOL_ONLY, "session.jsonl"), "utf8"), { file: "s.jsonl", profile: "omp17" });
    const r = simulateTtsr(s, [...loaded.rules, onText], {
      settings: { interruptMode: "tool-only" },
      ttsrProfile: "v17",
      cwd: "/x",
      home: "/nonexistent-home",
    });
    expect(result.turns[0].agree).toBe("unverifiable");
    expect(r.turns[0].injected.map((i) => i.rules)).toEqual([["no-check"]]);
    expect(r.turns[0].agree).toBe(false);
  });
});

describe("an aborted response persisted after its injection (ttsr-spec §11.2: the order is timing, not a guarantee)", () => {
  it("the interrupt is attributed to the late aborted response, reproduced there, and agrees", () => {
    const lines = readFileSync(join(FIXTURES, "omp17-interrupt-then-tool-reminder/session.jsonl"), "utf8").split("\n");
    // Physical lines 4–6: the aborted response, its custom_message, its ttsr_injection → injection first.
    const [aborted, custom, mark] = lines.slice(3, 6);
    const text = [...lines.slice(0, 3), custom, mark, aborted, ...lines.slice(6)].join("\n");
    const { loaded } = runFixture("omp17-interrupt-then-tool-reminder");
    const s = parsePi(text, { file: "s.jsonl", profile: "omp17" });
    const r = simulateTtsr(s, loaded.rules, {
      settings: { interruptMode: "always" },
      ttsrProfile: "v17",
      cwd: join(FIXTURES, "omp17-interrupt-then-tool-reminder/project"),
      home: "/nonexistent-home",
    });
    expect(r.turns[0].responseId).toBe("00000003");
    expect(r.turns[0].recorded.map((x) => [x.kind, x.unverifiable])).toEqual([
      ["custom_message", undefined],
      ["ttsr_injection", undefined],
    ]);
    expect(r.turns.map((t) => t.agree)).toEqual([true, true, true, true, true]);
    expect(r.diagnostics).toEqual([]);
  });
});
