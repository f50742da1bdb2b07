// `sightline replay --turn N` shows everything the model saw (issue 9 items 3, 4): every block of every
// message on the real fixtures (tool calls with their arguments, tool results, thinking, reminders), cut
// with sizes by default and whole with --full; compaction turns labelled and long role lists summarised in
// the listing; token figures with their rule, "—" for a figure the log lacks and the note about what a
// logged figure also counts. Images, refusals and redacted thinking occur in no recording: the unit tests
// of src/report/blocks-view cover them with builders.
import { beforeAll, describe, expect, it } from "vitest";
import { golden, runCli, runMany, type CliRun } from "./run.js";

const PI = "fixtures/pi/before-compaction.jsonl";
const OMP17 = "fixtures/pi/omp17-interrupt-then-tool-reminder/session.jsonl";
const SCOREL = "fixtures/scorel/valid/p5-session.jsonl";
const YOI = "fixtures/yoi/seed-era-realistic.jsonl";

// Turn 6 of the real pi fixture: an assistant with a signed thinking block and a tool call, and two tool
// results of ~50 KB each (before-compaction.jsonl lines 2–18).
const RUNS = {
  piTurn: ["replay", PI, "--turn", "6"],
  piTurnFull: ["replay", PI, "--turn", "6", "--full"],
  piTurnExact: ["replay", PI, "--turn", "6", "--tokens", "exact"],
  piDelta: ["replay", PI, "--delta"],
  piExactList: ["replay", PI, "--tokens", "exact"],
  omp17Turn: ["replay", OMP17, "--turn", "4"],
  omp17TurnFull: ["replay", OMP17, "--turn", "4", "--full"],
  scorelTurn: ["replay", SCOREL, "--turn", "4"],
  scorelTurnFull: ["replay", SCOREL, "--turn", "4", "--full"],
  scorelList: ["replay", SCOREL],
  yoiTurn: ["replay", YOI, "--turn", "2"],
  yoiTurnFull: ["replay", YOI, "--turn", "2", "--full"],
  yoiFolder: ["replay", "fixtures/yoi/session-0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b"],
} as const;
type Key = keyof typeof RUNS;
const res = {} as Record<Key, CliRun>;
const file = (k: Key) => `../golden/cli/replay-blocks/${k}.txt`;

beforeAll(() => {
  const keys = Object.keys(RUNS) as Key[];
  runMany(keys.map((k) => ({ args: [...RUNS[k]] }))).forEach((r, i) => (res[keys[i]] = r));
}, 180_000);

describe("replay --turn N: every block of every message (real fixtures, NO_COLOR=1)", () => {
  it.each(["piTurn", "omp17Turn", "omp17TurnFull", "scorelTurn", "scorelTurnFull", "yoiTurn", "yoiTurnFull", "yoiFolder", "scorelList"] as Key[])(
    "golden: %s",
    async (k) => {
      expect(res[k].code, res[k].stderr).toBe(0);
      await expect(golden([...RUNS[k]], res[k])).toMatchFileSnapshot(file(k));
    },
  );

  it("pi: the assistant's thinking is one line with its size, the tool call shows name, id and arguments", () => {
    const out = res.piTurn.stdout;
    expect(out).toMatch(/⟦thinking · [\d,]+ chars · signed⟧ \S/);
    expect(out).toMatch(/⟦tool call read · toolu_\w+ · arguments \d+ chars⟧\n\{"path":/);
    expect(out).toMatch(/⟦tool result · [\d,]+ chars⟧/);
    expect(out).toMatch(/… [\d,]+ more chars, [\d,]+ more lines \(of [\d,]+; --full shows all\)/);
  });

  it("pi: --full changes what is printed: whole tool results and the whole thinking text, nothing cut", () => {
    const cut = res.piTurn.stdout;
    const full = res.piTurnFull.stdout;
    expect(full).not.toBe(cut);
    expect(full).not.toContain("--full shows all");
    expect(full.length).toBeGreaterThan(cut.length + 90_000);
    // A thinking block's own text (message #8, 1,998 chars): collapsed to its first line by default, whole with --full.
    const head = "⟦thinking · 1,998 chars · signed⟧";
    const at = full.indexOf(`${head}\n`) + head.length + 1;
    const text = full.slice(at, at + 1998);
    expect(full[at + 1998]).toBe("\n");
    expect(cut).toContain(`${head} ${text.split("\n")[0].slice(0, 100)}…`);
    expect(cut).not.toContain(text);
    // The tool call keeps its arguments in both; --full prints them as indented JSON.
    expect(full).toContain('⟦tool call bash · toolu_01GDop9s8DBp8sZnT9Wpy9Cy · arguments 79 chars⟧\n{\n  "command": ');
  });

  it("omp17, Scorel and yoi: tool calls, tool results, thinking / reasoning and reminders each render", () => {
    expect(res.omp17Turn.stdout).toMatch(/⟦tool call bash · call_psql · arguments 55 chars⟧/);
    expect(res.omp17Turn.stdout).toContain("⟦reminder ttsr/rule:no-sudo from 0000000c⟧");
    const sc = res.scorelTurn.stdout;
    for (const s of [
      "⟦thinking · 23 chars⟧ Look at the test first.",
      "⟦tool call read · call_01 · arguments 30 chars⟧",
      "⟦tool result read · call_01 ·",
      "<system-reminder>",
      "⟦reminder steer/user from ",
    ])
      expect(sc).toContain(s);
    const yoi = res.yoiTurn.stdout;
    expect(yoi).toMatch(/⟦reasoning · [\d,]+ chars/);
    expect(yoi).toMatch(/⟦tool call \w+ · \w+ · arguments \d+ chars⟧/);
    expect(yoi).toMatch(/⟦tool result · \w+ · [\d,]+ chars⟧/);
  });
});

describe("replay listing: compaction turns and role lists", () => {
  it("golden: the real pi fixture as deltas, compaction turns labelled, long role lists as counts", async () => {
    const r = res.piDelta;
    expect(r.code).toBe(0);
    const lines = r.stdout.split("\n");
    expect(lines.filter((l) => l.includes("⟦after compaction"))).toEqual([
      expect.stringMatching(/^turn 173 .*⟦after compaction 359⟧.*\(3 user, 33 assistant, 32 tool_result\)$/),
      expect.stringMatching(/^turn 303 .*⟦after compaction 628⟧.*\(5 user, 38 assistant, 36 tool_result\)$/),
    ]);
    await expect(golden([...RUNS.piDelta], r)).toMatchFileSnapshot(file("piDelta"));
  });

  it("Scorel and yoi compaction turns are labelled too", () => {
    expect(res.scorelList.stdout).toMatch(/^turn 2 .*⟦after compaction 2f4bdfc5-20fc-55f0-a204-76c23af98221⟧/m);
    expect(res.yoiFolder.stdout).toMatch(/^turn 0 .*⟦after compaction L1⟧/m);
  });
});

describe("replay token figures", () => {
  it("the legend names the rule; a logged figure carries † (what it also counts); a missing one is —, not 0", () => {
    const out = res.piDelta.stdout;
    expect(out).toContain("tokens: ≈ = chars/4 + 1600/image over what the file shows being sent");
    expect(out).toContain("† it also counts the tool definitions (and the system prompt where the file has none)");
    // Turn 173's response was aborted before the provider counted anything (all-zero usage).
    expect(out).toMatch(/^turn 173 .* logged — /m);
    expect(out).not.toMatch(/logged 0\b/);
    expect(out).toMatch(/^turn 174 .* logged 25739† /m);
    expect(res.yoiFolder.stdout).toMatch(/^turn 0 .* logged — /m);
  });

  it("--tokens exact counts the same things with o200k_base, and says so", () => {
    expect(res.piExactList.code).toBe(0);
    expect(res.piExactList.stdout).toContain("tokens: ≈ = o200k_base (gpt-tokenizer) + 1600/image over");
    const est = (out: string, n: number) => Number(new RegExp(`^turn ${n} .*≈(\\d+) tok`, "m").exec(out)![1]);
    // Both counts include the tool-call arguments and thinking of turn 6: they stay within 20 % of each other.
    const a = est(res.piTurn.stdout, 6);
    const b = est(res.piTurnExact.stdout, 6);
    expect(Math.abs(a - b) / b).toBeLessThan(0.2);
    expect(res.piTurnExact.stdout).not.toBe(res.piTurn.stdout);
  });

  it("the spawned CLI prints what the in-process batch printed", () => {
    expect(runCli([...RUNS.omp17Turn])).toEqual(res.omp17Turn);
  });
});
