import { describe, expect, it } from "vitest";
import { runFixture } from "./fixture-helpers.js";

const NAMES = ["omp17-interrupt-then-tool-reminder", "omp17-deferred-then-compaction", "omp17-branch-after-gap"];

// expected.json lists every recorded injection in file order; the texts the model received.
function recordedTexts(injections: Record<string, unknown>[]): { rules: unknown; text: unknown }[] {
  return injections.flatMap((i) =>
    i.kind === "custom_message"
      ? [{ rules: i.rules, text: i.content }]
      : i.kind === "tool_reminder"
        ? [{ rules: [String((i.reminder as string).match(/rule="([^"]*)"/)?.[1])], text: i.reminder }]
        : [],
  );
}

describe("simulateTtsr on the real omp17 fixtures (pi-session-format §7, ttsr-spec §11.2)", () => {
  for (const name of NAMES) {
    it(`fixtures/pi/${name}: every replayed injection equals the recorded one and every turn agrees (v17)`, () => {
      const { result, expected, session } = runFixture(name, "v17");
      const assistants = session.entries.filter((e) => e.type === "message" && (e.raw.message as { role?: string }).role === "assistant").map((e) => e.id);
      expect(result.turns.map((t) => t.responseId)).toEqual(assistants);
      expect(result.turns.every((t) => t.agree === true)).toBe(true);
      const replayed = result.turns.flatMap((t) => t.injected.map((i) => ({ rules: i.rules, text: i.text })));
      expect(replayed).toEqual(recordedTexts(expected.injections));
      const ttsrEntries = expected.injections.filter((i) => i.kind === "ttsr_injection").map((i) => i.entryId);
      expect(result.turns.flatMap((t) => t.recorded.filter((r) => r.kind === "ttsr_injection").map((r) => r.entryId))).toEqual(ttsrEntries);
    });
  }

  it("fixtures/pi/omp17-interrupt-then-tool-reminder: decisions, tool call id and offset (buffer length at the matching delta)", () => {
    const { result } = runFixture(NAMES[0], "v17");
    const [first, , , tool] = result.turns;
    expect(first.matches).toEqual([
      { rule: "no-ts-ignore", source: "text", offset: 40, excerpt: "Quickest fix: put `// @ts-ignore` above ", decision: "interrupt", counterfactual: false },
    ]);
    expect(tool.matches.map((m) => [m.rule, m.decision, m.toolCallId, m.offset])).toEqual([
      ["no-sudo", "tool", "call_psql", JSON.stringify({ command: "sudo apt-get install -y postgresql-client" }).length],
    ]);
    expect(tool.injected[0]).toMatchObject({ mode: "tool", toolCallId: "call_psql", rules: ["no-sudo"] });
  });

  it("fixtures/pi/omp17-deferred-then-compaction: deferred injections are delivered after their own turn; the first rule is suppressed after the compaction", () => {
    const { result } = runFixture(NAMES[1], "v17");
    const byId = new Map(result.turns.map((t) => [t.responseId, t]));
    expect(byId.get("00000002")?.injected.map((i) => [i.mode, i.deliveredAfter])).toEqual([["deferred", "00000002"]]);
    expect(byId.get("00000010")?.matches.map((m) => [m.rule, m.decision])).toEqual([
      ["no-guarantees", "deferred"],
      ["no-filler", "suppressed-repeat"],
    ]);
  });

  it("fixtures/pi/omp17-branch-after-gap: the too-early repeat is suppressed; the abandoned branch's turns count (ttsr-spec §16.5)", () => {
    const { result } = runFixture(NAMES[2], "v17");
    expect(result.turns.map((t) => [t.responseId, t.matches.map((m) => m.decision).join(",")])).toEqual([
      ["00000002", "interrupt"],
      ["00000005", ""],
      ["00000007", "suppressed-repeat"],
      ["00000009", ""],
      ["0000000b", "interrupt"],
      ["0000000e", ""],
    ]);
  });

  it("design §2 --resumed-at: a restart before 00000008 restores the mark at count 0, so the gap is not reached at 0000000b", () => {
    const { result } = runFixture(NAMES[2], "v17", { resumedAt: ["00000008"] });
    const t = result.turns.find((x) => x.responseId === "0000000b");
    expect(t?.matches.map((m) => m.decision)).toEqual(["suppressed-repeat"]);
    expect(t?.injected).toEqual([]);
    expect(t?.agree).toBe(false);
  });

  it("design §2 --resumed-at with an unknown id: a warning, the replay runs as one process", () => {
    const { result } = runFixture(NAMES[2], "v17", { resumedAt: ["nope"] });
    expect(result.diagnostics.map((d) => d.code)).toEqual(["TTSR_RESUMED_AT_UNKNOWN"]);
    expect(result.turns.every((t) => t.agree)).toBe(true);
  });

  it("seed profile on a v17 recording: the same rules fire at the same deltas; texts differ (D6/D7/D9), so the turns disagree", () => {
    const { result } = runFixture(NAMES[0], "seed");
    const first = result.turns[0];
    expect(first.matches.map((m) => [m.rule, m.decision, m.offset])).toEqual([["no-ts-ignore", "interrupt", 40]]);
    expect(first.injected[0].text.split("\n").slice(0, 2)).toEqual([
      '<system-interrupt reason="rule_violation" rule="no-ts-ignore" path="/home/dev/acme-api/.omp/rules/no-ts-ignore.md">',
      "Your output was interrupted because it violated a user-defined rule.",
    ]);
    expect(first.agree).toBe(false);
  });

  it("design §3 --chunking fixed:8: the offset is the buffer length at the end of the first matching delta", () => {
    const { result } = runFixture(NAMES[0], "v17", { chunking: { kind: "fixed", size: 8 } });
    // The thinking block streams first (not in scope, its own buffer); "@ts-ignore" ends at 32 in the text.
    expect(result.turns[0].matches.map((m) => m.offset)).toEqual([32]);
    const { result: r5 } = runFixture(NAMES[0], "v17", { chunking: { kind: "fixed", size: 5 } });
    expect(r5.turns[0].matches.map((m) => m.offset)).toEqual([35]);
    expect(r5.turns.every((t) => t.agree)).toBe(true);
  });
});
