// Linear-time yoi turn contexts (design §8 "O(events)"): matching each turn to its llm_usage record no
// longer scans every later record per turn. Work is counted (reads of a record's history_len), not timed.
import { describe, expect, it } from "vitest";
import { parseYoi, yoiTurnContexts } from "../../../../src/formats/yoi/index.js";
import * as b from "./builders.js";

/** `turns` runs of (user input, assistant item, llm_usage), each usage recording `len(i)` as history_len. */
function session(turns: number, len: (i: number) => number): string {
  const lines = [b.start(), b.invoke("user_send")];
  for (let i = 0; i < turns; i++) lines.push(b.say(`q${i}`), b.assistant(b.assistantMsg(`a${i}`)), b.usage(len(i), 100 + i));
  return b.file(...lines);
}

/** Logged tokens per turn, and how often a usage record's history_len was read. */
function work(turns: number, len: (i: number) => number): { reads: number; logged: (number | undefined)[] } {
  const s = parseYoi(session(turns, len), { file: "seg.jsonl" });
  let reads = 0;
  for (const e of s.entries) {
    if (e.kind !== "llm_usage") continue;
    const raw = { ...e.raw };
    const v = raw.history_len;
    Object.defineProperty(raw, "history_len", { get: () => (reads++, v), enumerable: true });
    (e as { raw: unknown }).raw = raw;
  }
  const logged = [...yoiTurnContexts(s)].map((t) => t.loggedTokens);
  return { reads, logged };
}

describe("yoi turn contexts cost", () => {
  it("records that never match: 4× the turns cost ≤ 4.5× the history_len reads", () => {
    const small = work(300, () => 999_999);
    const large = work(1200, () => 999_999);
    expect(large.logged.every((t) => t === undefined)).toBe(true);
    expect(large.reads / small.reads).toBeLessThanOrEqual(4.5);
    // A scan of every later record per turn reads ≈ turns² / 2 of them.
    expect(large.reads).toBeLessThanOrEqual(2 * 1200);
  });

  it("each turn still takes the next unused record of its context length (file order)", () => {
    // Turn i's context holds 2i + 1 items (earlier user + assistant pairs, then its own user input).
    expect(work(4, (i) => 2 * i + 1).logged).toEqual([100, 101, 102, 103]);
    // Every record claims length 1: only the first turn (1 item) matches, with the first record.
    expect(work(3, () => 1).logged).toEqual([100, undefined, undefined]);
    // Records are matched across the whole file: turn 0 (1 item) skips record 0 (length 3) and takes record 1;
    // turn 1 (3 items) may not go back to record 0, which lies before the last one taken.
    expect(work(3, (i) => (i === 0 ? 3 : 1)).logged).toEqual([101, undefined, undefined]);
  });
});
