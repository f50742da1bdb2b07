// Linear-time incremental contexts (design §8 "O(events) in delta mode"): a compaction rebuilds its state
// from the kept entry on, not from the whole root path. Work is counted (path entries handed to emitItems),
// not timed.
import { describe, expect, it, vi } from "vitest";
import { toArray } from "../../../../src/shared/plist.js";
import type { PiEntry } from "../../../../src/formats/pi/model.js";
import { assistant, call, entry, header, jsonl, parseText, text, toolResult, user } from "./helpers.js";

const seen = vi.hoisted(() => ({ entries: 0 }));
vi.mock("../../../../src/formats/pi/context.js", async (importOriginal) => {
  const orig = await importOriginal<typeof import("../../../../src/formats/pi/context.js")>();
  return {
    ...orig,
    emitItems: (path: readonly PiEntry[], profile: Parameters<typeof orig.emitItems>[1]) => {
      seen.entries += path.length;
      return orig.emitItems(path, profile);
    },
  };
});

const { buildPiContext } = await import("../../../../src/formats/pi/context.js");
const { piToMsgs } = await import("../../../../src/formats/pi/lower.js");
const { piTurnContexts } = await import("../../../../src/formats/pi/turn-contexts.js");

/**
 * One chain of `rounds` × (user, assistant calling a tool, result, assistant, compaction keeping the user); for
 * omp18 also a notes revision before each compaction, which is a rollover keeping the first assistant (so the
 * user message is recovered, docs/pi.md §8.3, docs/pi.md §8.6).
 */
function chain(rounds: number, omp18 = false): string {
  const recs: unknown[] = [header()];
  let parent: string | null = null;
  for (let i = 0; i < rounds; i++) {
    recs.push(user(`u${i}`, parent, `q${i}`), assistant(`a${i}`, `u${i}`, [call(`k${i}`)], { stopReason: "toolUse" }));
    recs.push(toolResult(`t${i}`, `a${i}`, `k${i}`, `out${i}`), assistant(`b${i}`, `t${i}`, [text(`r${i}`)]));
    if (omp18) {
      recs.push(entry("custom", `n${i}`, `b${i}`, { customType: "experimental_context_notes", data: { version: 1, text: `note ${i}` } }));
      const rollover = { method: "soft", details: { kind: "experimental-context-rollover" } };
      recs.push(entry("compaction", `c${i}`, `n${i}`, { summary: `s${i}`, firstKeptEntryId: `a${i}`, tokensBefore: 10, ...rollover }));
    } else recs.push(entry("compaction", `c${i}`, `b${i}`, { summary: `s${i}`, firstKeptEntryId: `u${i}`, tokensBefore: 10 }));
    parent = `c${i}`;
  }
  return jsonl(...recs);
}

/** Path entries the incremental builder hands to emitItems while building every turn's context. */
function work(rounds: number, profile: "pi" | "omp17" | "omp18"): number {
  const s = parseText(chain(rounds, profile === "omp18"), profile);
  seen.entries = 0;
  let turns = 0;
  for (const _ of piTurnContexts(s, { profile })) turns++;
  expect(turns).toBe(2 * rounds);
  return seen.entries;
}

describe.each(["pi", "omp17", "omp18"] as const)("pi incremental contexts cost (%s)", (profile) => {
  it("N compactions in a chain: 4× the events cost ≤ 4.5× the rebuild work", () => {
    const small = work(300, profile);
    const large = work(1200, profile);
    expect(large / small).toBeLessThanOrEqual(4.5);
    // Rebuilding from the whole root path would hand ≈ 5 × rounds² / 2 entries to emitItems (omp18 rebuilds twice a
    // round, at the notes revision and at the compaction).
    expect(large).toBeLessThan((profile === "omp18" ? 20 : 10) * 1200);
  });

  it("the contexts stay those of the full builder", () => {
    const s = parseText(chain(20, profile === "omp18"), profile);
    for (const tc of piTurnContexts(s, { profile })) {
      const full = piToMsgs(s, buildPiContext(s, tc.ref.leafId, { profile }), { profile });
      expect(toArray(tc.messages)).toEqual(full);
    }
  });
});
