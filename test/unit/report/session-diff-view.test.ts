// The text view of `diff <a> <b>`: short by default (counts and why, the first divergence with a capped
// patch, the turns with new differences), per-turn blocks with --full, and session data made inert.
import { describe, expect, it } from "vitest";
import type { SessionDiffEnd, TurnPair } from "../../../src/context/session-diff.js";
import { renderSessionPair, renderSessionSummary } from "../../../src/report/diff-view.js";

const run = { a: "a.jsonl", b: "b.jsonl" };
const changed = (a: number, difference: TurnPair["difference"]): TurnPair => ({
  responseId: `r${a}`,
  a,
  b: a,
  status: "changed",
  systemPromptChanged: false,
  changedFrom: 2,
  difference,
});

function end(o: Partial<SessionDiffEnd["summary"]>, patch = "", newTurns: TurnPair[] = []): SessionDiffEnd {
  const summary = { turns: 100, differ: 0, carriedOver: 0, newDifferences: 0, onlyA: 0, onlyB: 0, ...o };
  return {
    same: summary.differ === 0,
    summary,
    firstDivergence:
      summary.differ === 0
        ? null
        : {
            responseId: "r1",
            a: 1,
            b: 1,
            status: "changed",
            systemPromptChanged: false,
            message: 2,
            messageA: { role: "user", nativeRole: "user", sourceIds: ["u1"] },
            messageB: { role: "user", nativeRole: "user", sourceIds: ["u1b"] },
            patch,
          },
    newDifferenceTurns: newTurns,
  };
}

describe("renderSessionSummary", () => {
  it("same: one line", () => {
    expect(renderSessionSummary(end({}), run, { color: false, full: false })).toBe("Same: 100 turns, identical contexts.\n");
  });

  it("counts and why, in words that agree with the numbers; the first divergence names both messages when they differ", () => {
    const text = renderSessionSummary(end({ differ: 4, newDifferences: 1, carriedOver: 1, onlyA: 1, onlyB: 1 }, "--- a\n+++ b\n-x\n+y\n"), run, {
      color: false,
      full: false,
    });
    expect(text.split("\n")).toEqual([
      "4 of 100 turns differ: 1 has a new difference, 1 carries an earlier difference over, 1 only in a.jsonl, 1 only in b.jsonl.",
      "First divergence: turn a#1 / b#1 (response r1), message #2: user u1 in a, user u1b in b",
      "--- a",
      "+++ b",
      "-x",
      "+y",
      "Per-turn diffs: option `full`.",
      "",
    ]);
  });

  it("the first divergence's patch is capped; the turns with new differences are listed, the rest counted", () => {
    const patch = Array.from({ length: 100 }, (_, i) => `+line ${i}`).join("\n") + "\n";
    const listed = [changed(1, "new"), changed(7, "new")];
    const text = renderSessionSummary(end({ differ: 60, newDifferences: 30, carriedOver: 30 }, patch, listed), run, { color: false, full: false });
    expect(text).toContain("+line 39\n… (60 more lines of this patch: option `full`)\n");
    expect(text).not.toContain("+line 40");
    expect(text).toContain("New differences in 30 turns: a#1/b#1 from #2, a#7/b#7 from #2, … 28 more\n");
    // With --full the per-turn blocks already showed every patch.
    expect(renderSessionSummary(end({ differ: 60, newDifferences: 30, carriedOver: 30 }, patch, listed), run, { color: false, full: true })).not.toContain(
      "+line 0",
    );
  });

  it("session data is inert: control characters in ids and patches are shown, not sent", () => {
    const e = end({ differ: 1, newDifferences: 1 }, "-\u001b]0;owned\u0007\n");
    e.firstDivergence!.responseId = "r\u001b[2J";
    const text = renderSessionSummary(e, run, { color: false, full: false });
    expect(text).not.toMatch(/[\u0000-\u0008\u000b-\u001f]/);
    expect(text).toContain("(response r\\x1b[2J)");
    expect(text).toContain("-\\x1b]0;owned\\x07");
  });
});

describe("renderSessionPair (--full)", () => {
  it("labels a changed turn new or carried over; same turns print nothing; one-sided turns name their side", () => {
    expect(renderSessionPair({ ...changed(3, "carried-over"), patch: "-a\n+b\n" }, run, { color: false })).toBe(
      "~ turn a#3 / b#3 (response r3): messages differ from #2 (carried over)\n-a\n+b\n",
    );
    expect(renderSessionPair({ ...changed(3, undefined), status: "same", changedFrom: null }, run, { color: false })).toBe("");
    expect(renderSessionPair({ responseId: "r9", a: null, b: 9, status: "only-b", systemPromptChanged: false, changedFrom: null }, run, { color: false })).toBe(
      "+ turn a#- / b#9 (response r9): only in b.jsonl\n",
    );
  });
});
