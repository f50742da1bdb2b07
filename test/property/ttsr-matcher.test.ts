// design §8 properties of the TTSR matcher (ttsr-spec §8.5, §8.6, §8.7).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { TtsrManager } from "../../src/ttsr/manager.js";
import { buildRule } from "../../src/ttsr/rule-file.js";
import type { TtsrProfile } from "../../src/ttsr/types.js";
import { findCatastrophic } from "../../src/ttsr/regex-safety.js";

const text = { source: "text" } as const;
const rule = (name: string, condition: string, profile: TtsrProfile) => buildRule(name, `/r/${name}.md`, "C", { condition }, profile);

// Patterns whose answer cannot flip as text is appended: no `$`, no lookahead, no `\b`.
const atom = fc.constantFrom("a", "b", "c", ".", "[ab]", "[^a]", "\\s", "\\w", "\\x20"); // no bare spaces: conditions are trimmed
const quant = fc.constantFrom("", "", "*", "+", "?", "{1,2}");
const monotone: fc.Arbitrary<string> = fc
  .letrec<{ p: string }>((tie) => ({
    p: fc.oneof(
      { depthSize: "small", withCrossShrink: true },
      fc.tuple(atom, quant).map(([a, q]) => a + q),
      fc.array(tie("p"), { minLength: 1, maxLength: 3 }).map((xs) => xs.join("")),
      fc.tuple(tie("p"), tie("p"), quant).map(([x, y, q]) => `(?:${x}|${y})${q}`),
    ),
  }))
  .p.map((s) => (s.length > 0 ? s : "a"))
  // Nested unbounded quantifiers can take exponential time on 24 characters — in the reference `re.test` as
  // much as in the matcher. Those belong to the regex time budget (tested with the guard), not to these
  // equivalence properties.
  .filter((s) => findCatastrophic(s).length === 0);
// Any pattern: the monotone grammar plus end-sensitive pieces.
const anyPattern = fc.tuple(fc.constantFrom("", "^"), monotone, fc.constantFrom("", "$", "\\b", "(?=a)", "(?!b)", "a$")).map(([a, b, c]) => a + b + c);
const streamText = fc.string({ unit: fc.constantFrom("a", "b", "c", " ", "\n", "x"), maxLength: 24 });
const cuts = (t: string) => fc.uniqueArray(fc.integer({ min: 0, max: t.length }), { maxLength: 6 }).map((xs) => [...xs].sort((a, b) => a - b));

function split(t: string, at: number[]): string[] {
  const out: string[] = [];
  let last = 0;
  for (const c of at) {
    out.push(t.slice(last, c));
    last = c;
  }
  out.push(t.slice(last));
  return out;
}

const run = (pattern: string, deltas: string[], profile: TtsrProfile): boolean[] => {
  const m = new TtsrManager({}, { profile });
  m.addRule(rule("r", pattern, profile));
  return deltas.map((d) => m.checkDelta(d, text).length > 0);
};

describe("TTSR matcher properties", () => {
  it("monotone patterns: the answer does not depend on how the stream is split, and never un-matches", () => {
    fc.assert(
      fc.property(
        monotone,
        streamText.chain((t) => fc.tuple(fc.constant(t), cuts(t), cuts(t))),
        fc.constantFrom<TtsrProfile>("seed", "v17", "v18"),
        (pattern, [t, c1, c2], profile) => {
          const a = run(pattern, split(t, c1), profile);
          const b = run(pattern, split(t, c2), profile);
          expect(a[a.length - 1]).toBe(b[b.length - 1]);
          expect(a[a.length - 1]).toBe(new RegExp(pattern).test(t));
          for (const seq of [a, b]) for (let i = 1; i < seq.length; i++) if (seq[i - 1]) expect(seq[i]).toBe(true);
        },
      ),
      { numRuns: 400 },
    );
  });

  it("any pattern: the answer after every delta equals testing the whole prefix", () => {
    fc.assert(
      fc.property(
        anyPattern,
        streamText.chain((t) => fc.tuple(fc.constant(t), cuts(t))),
        fc.constantFrom<TtsrProfile>("seed", "v17", "v18"),
        (pattern, [t, c], profile) => {
          const deltas = split(t, c);
          const got = run(pattern, deltas, profile);
          const re = new RegExp(pattern);
          let prefix = "";
          const want = deltas.map((d) => re.test((prefix += d)));
          expect(got).toEqual(want);
        },
      ),
      { numRuns: 400 },
    );
  });

  it("after-gap fires exactly when messageCount − lastInjectedAt ≥ repeatGap", () => {
    fc.assert(
      fc.property(fc.integer({ min: -3, max: 12 }), fc.integer({ min: 0, max: 8 }), fc.integer({ min: 0, max: 20 }), (gap, before, after) => {
        const m = new TtsrManager({ repeatMode: "after-gap", repeatGap: gap });
        m.addRule(rule("r", "x", "seed"));
        for (let i = 0; i < before; i++) m.incrementMessageCount();
        m.markInjectedByNames(["r"]);
        for (let i = 0; i < after; i++) m.incrementMessageCount();
        const fired = m.checkDelta("x", text).length > 0;
        expect(fired).toBe(m.getMessageCount() - before >= gap);
      }),
    );
  });

  it("restore then mark is idempotent", () => {
    const nameArb = fc.constantFrom("a", "b", " a ", "", "  ", "c", "ghost");
    fc.assert(
      fc.property(fc.array(nameArb), fc.array(nameArb), fc.integer({ min: 0, max: 5 }), (restored, marked, count) => {
        const once = new TtsrManager({ repeatMode: "after-gap", repeatGap: 2 });
        const twice = new TtsrManager({ repeatMode: "after-gap", repeatGap: 2 });
        for (const m of [once, twice]) for (let i = 0; i < count; i++) m.incrementMessageCount();
        once.restoreInjected(restored);
        once.markInjectedByNames(marked);
        for (let k = 0; k < 2; k++) {
          twice.restoreInjected(restored);
          twice.markInjectedByNames(marked);
        }
        expect(twice.getInjectedRuleNames()).toEqual(once.getInjectedRuleNames());
        for (const n of once.getInjectedRuleNames()) expect(twice.getLastInjectedAt(n)).toBe(once.getLastInjectedAt(n));
      }),
    );
  });
});
