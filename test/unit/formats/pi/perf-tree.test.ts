// Linear-time tree checks (design §8 "O(events)"): checking a compaction's firstKeptEntryId walks up only
// to the kept entry, not to the root. Work is counted (byId look-ups), not timed.
import { describe, expect, it } from "vitest";
import { DiagnosticBag } from "../../../../src/shared/diagnostics.js";
import type { PiEntry, PiSession } from "../../../../src/formats/pi/model.js";
import { checkTree } from "../../../../src/formats/pi/tree.js";
import { assistant, entry, header, jsonl, parseText, text, user } from "./helpers.js";

/** A map that counts its look-ups. */
class CountingMap<K, V> extends Map<K, V> {
  gets = 0;
  override get(k: K): V | undefined {
    this.gets++;
    return super.get(k);
  }
}

/** One chain of `rounds` × (user, assistant, compaction keeping the user): every compaction is close to its kept entry. */
function chain(rounds: number): string {
  const recs: unknown[] = [header()];
  let parent: string | null = null;
  for (let i = 0; i < rounds; i++) {
    recs.push(user(`u${i}`, parent, `q${i}`), assistant(`a${i}`, `u${i}`, [text(`r${i}`)]));
    recs.push(entry("compaction", `c${i}`, `a${i}`, { summary: `s${i}`, firstKeptEntryId: `u${i}`, tokensBefore: 10 }));
    parent = `c${i}`;
  }
  // One off-path compaction at the end: its kept entry is on another branch (the walk must reach the root).
  recs.push(user("side", "u0", "side"), entry("compaction", "cx", parent, { summary: "x", firstKeptEntryId: "side", tokensBefore: 1 }));
  return jsonl(...recs);
}

function lookups(rounds: number): { gets: number; codes: string[]; parsed: string[] } {
  const s = parseText(chain(rounds));
  const byId = new CountingMap<string, PiEntry>(s.byId);
  const bag = new DiagnosticBag("t.jsonl");
  checkTree({ ...s, byId } as PiSession, bag);
  const tree = (c: string): boolean => c.startsWith("PI_FIRST_KEPT") || c.startsWith("PI_PARENT") || c.startsWith("PI_DUPLICATE");
  return {
    gets: byId.gets,
    codes: bag.items.map((d) => `${d.code}@${d.line}`).filter(tree),
    parsed: s.diagnostics.map((d) => `${d.code}@${d.line}`).filter(tree),
  };
}

describe("pi checkTree cost", () => {
  it("checking N compactions in a chain does O(N) look-ups: 4× the events cost ≤ 4.5× the work", () => {
    const small = lookups(500);
    const large = lookups(2000);
    expect(large.gets / small.gets).toBeLessThanOrEqual(4.5);
    // Walking every compaction to the root would cost ≈ rounds² / 2 look-ups on the large chain.
    expect(large.gets).toBeLessThan(20 * 3 * 2000);
  });

  it("the findings stay the same: only the off-path compaction is reported", () => {
    const r = lookups(50);
    expect(r.codes).toEqual(["PI_FIRST_KEPT_OFF_PATH@153"]);
    expect(r.parsed).toEqual(r.codes);
  });
});
