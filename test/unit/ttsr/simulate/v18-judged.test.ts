// Judged rules in a replay (docs/ttsr.md §17.6, §17.7): verdicts come from the `verdicts` option by rule name; without
// one a judged rule is not decidable offline and a recorded warning is unverifiable, its marks taken over.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parsePi } from "../../../../src/formats/pi/parse.js";
import { simulateTtsr } from "../../../../src/ttsr/simulate/simulate.js";
import type { Rule } from "../../../../src/ttsr/types.js";
import { FIXTURES } from "./fixture-helpers.js";

const dir = join(FIXTURES, "omp18-ttsr-judged-warning");
const project = join(dir, "project");
// The rule as the v18 rule side reads explain-destructive.md (its `question` makes it judged), with a condition as its
// prefilter (docs/ttsr.md §17.6) so that session-start bucketing registers it whichever rule side reads it.
const rule = {
  condition: ["rm\\s+-rf"],
  name: "explain-destructive",
  path: join(project, ".omp/rules/explain-destructive.md"),
  content: "Explain a destructive command (what it deletes, why) before running it.",
  scope: ["tool:bash"],
  question: "Does this output run a destructive shell command without first explaining what it deletes?",
  _source: { provider: "native" },
} as Rule;
const session = () => parsePi(readFileSync(join(dir, "session.jsonl"), "utf8"), { file: "session.jsonl", profile: "omp17" });
const run = (verdicts?: Record<string, boolean>) =>
  simulateTtsr(session(), [rule], {
    ttsrProfile: "v18",
    cwd: project,
    home: "/nonexistent-home",
    ...(verdicts && { verdicts: new Map(Object.entries(verdicts).map(([k, v]) => [k, [{ verdict: v ? ("yes" as const) : ("no" as const) }]])) }),
  });

describe("judged rules in a replay (docs/ttsr.md §17.6)", () => {
  it("§17.6: without a verdict the rule is reported not-decidable-offline on the bash call; the recorded warning is unverifiable", () => {
    const t = run().turns[0];
    expect(t.matches).toMatchObject([{ rule: "explain-destructive", source: "tool", toolCallId: "call_rm1", decision: "not-decidable-offline" }]);
    expect(t.injected).toEqual([]);
    expect(t.recorded.map((r) => r.unverifiable)).toEqual(["judged-verdict-not-given", "judged-verdict-not-given"]);
    expect(t.agree).toBe("unverifiable");
  });

  it("§17.6: a yes verdict replays the recorded warning byte for byte (agree)", () => {
    const r = run({ "explain-destructive": true });
    expect(r.turns[0].matches.map((m) => m.decision)).toEqual(["judged"]);
    expect(r.turns[0].injected.map((i) => i.mode)).toEqual(["judged"]);
    expect(r.turns[0].injected[0].text).toBe(r.turns[0].recorded[0].text);
    expect(r.turns.map((t) => t.agree)).toEqual([true, true]);
  });

  it("§17.6: a no verdict is judged-clean and disagrees with the recorded warning", () => {
    const r = run({ "explain-destructive": false });
    expect(r.turns[0].matches.map((m) => m.decision)).toEqual(["judged-clean"]);
    expect(r.turns[0].agree).toBe(false);
  });

  it("§17.7: a slow judge's warning that lands after the next response still belongs to the response with the output it names", () => {
    const lines = readFileSync(join(dir, "session.jsonl"), "utf8").trimEnd().split("\n");
    // The warning and its record (lines 7 and 8) moved after the last response.
    const late = [...lines.slice(0, 6), lines[8], lines[6], lines[7]].join("\n");
    const r = simulateTtsr(parsePi(`${late}\n`, { file: "session.jsonl", profile: "omp17" }), [rule], {
      ttsrProfile: "v18",
      cwd: project,
      home: "/nonexistent-home",
      verdicts: new Map([["explain-destructive", [{ verdict: "yes" as const }]]]),
    });
    expect(r.turns.map((t) => t.recorded.map((x) => x.kind))).toEqual([["custom_message", "ttsr_injection"], []]);
    expect(r.turns.map((t) => t.agree)).toEqual([true, true]);
  });

  it("§18.6: a verdicts-file answer for one response (its entry id) wins over the general one", () => {
    const entryOf = run({ "explain-destructive": true }).turns[0].responseId;
    const r = simulateTtsr(session(), [rule], {
      ttsrProfile: "v18",
      cwd: project,
      home: "/nonexistent-home",
      verdicts: new Map([["explain-destructive", [{ verdict: "yes" as const }, { entry: entryOf, verdict: "no" as const }]]]),
    });
    expect(r.turns[0].matches.map((m) => m.decision)).toEqual(["judged-clean"]);
  });
});
