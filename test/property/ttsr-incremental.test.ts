// The incremental matcher must answer exactly what upstream's whole-buffer re-test answers (ttsr-spec §8.5):
// random patterns (anchors, lookarounds, \b, classes, alternations, bounded and unbounded quantifiers,
// backreferences), random texts and chunkings, compared delta by delta with a naive reference written here.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { TtsrManager } from "../../src/ttsr/manager.js";
import type { Rule, TtsrMatchContext, TtsrProfile } from "../../src/ttsr/types.js";

const ALPHABET = ["a", "a", "b", " ", "\n", "é", "_"];

// A small regex grammar; some generated sources do not compile and are dropped (as addRule drops them).
const atom: fc.Arbitrary<string> = fc.oneof(fc.constantFrom("a", "b", " ", ".", "\\w", "\\W", "\\s", "\\d", "[ab]", "[^a]", "[^]", "[]", "\\n", "É", "A"));
const assertion = fc.constantFrom("^", "$", "\\b", "\\B");
const { pattern } = fc.letrec<{ pattern: string; seq: string; term: string; piece: string }>((tie) => ({
  pattern: fc.oneof(
    { depthSize: "small" },
    tie("seq"),
    fc.tuple(tie("seq"), tie("seq")).map(([x, y]) => `${x}|${y}`),
  ),
  seq: fc.array(tie("term"), { minLength: 1, maxLength: 4 }).map((xs) => xs.join("")),
  term: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    tie("piece"),
    // Unbounded repetition only on single atoms: nested unbounded loops would backtrack exponentially.
    fc.tuple(tie("piece"), fc.constantFrom("?", "{2}", "{1,3}", "{0,2}?", "{0}")).map(([p, q]) => p + q),
    fc.tuple(atom, fc.constantFrom("*", "+", "{2,}", "+?", "*?")).map(([p, q]) => p + q),
    assertion,
    fc.tuple(fc.constantFrom("(?=", "(?!", "(?<=", "(?<!"), tie("pattern")).map(([o, p]) => `${o}${p})`),
    fc.constant("\\1"),
  ),
  piece: fc.oneof(
    { depthSize: "small" },
    atom,
    atom,
    fc.tuple(fc.constantFrom("(", "(?:"), tie("pattern")).map(([o, p]) => `${o}${p})`),
  ),
}));

// Short sequences of atoms and assertions match often, so they exercise the window edges hardest.
const simple = fc
  .array(
    fc.oneof(
      atom,
      atom,
      assertion,
      fc.tuple(atom, fc.constantFrom("?", "{1,2}", "*")).map(([x, q]) => x + q),
      fc.tuple(fc.constantFrom("(?=", "(?!", "(?<=", "(?<!"), atom, atom).map(([o, x, y]) => `${o}${x}${y})`),
    ),
    { minLength: 1, maxLength: 3 },
  )
  .map((xs) => xs.join(""));

// Literal runs around an unbounded repetition: the required-literal path (runs split across deltas).
const word = fc.array(fc.constantFrom("a", "b", " ", "\\.", "é"), { minLength: 1, maxLength: 3 }).map((xs) => xs.join(""));
const literalRuns = fc
  .tuple(word, fc.constantFrom("a*", "\\s+", "[^b]*", "b{2,}", "(?:ab)+", "|"), word, fc.constantFrom("", "\\b", "$", "(?!a)"))
  .map(([x, q, y, z]) => x + q + y + z);

const flagPrefix = fc.constantFrom("", "", "(?i)", "(?m)", "(?s)", "(?ims)");
const text = fc.array(fc.constantFrom(...ALPHABET), { maxLength: 40 }).map((cs) => cs.join(""));

type Op =
  | { kind: "delta"; source: "text" | "thinking"; delta: string }
  | { kind: "snapshot"; key: string; text: string }
  | { kind: "mark"; rule: number }
  | { kind: "reset" }
  | { kind: "turn" };

const op: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 12,
    arbitrary: fc.record({
      kind: fc.constant("delta" as const),
      source: fc.constantFrom("text" as const, "thinking" as const),
      delta: fc.oneof(text, fc.constant("")),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("snapshot" as const), key: fc.constantFrom("toolcall:1", "text"), text }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("mark" as const), rule: fc.nat(7) }) },
  { weight: 1, arbitrary: fc.constant({ kind: "reset" as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: "turn" as const }) },
);

/** The reference: every condition against the whole buffer, every time (upstream's loop, written anew). */
class Naive {
  readonly buffers = new Map<string, string>();
  /** name → lastInjectedAt; the repeat policy of ttsr-spec §8.6. */
  readonly marked = new Map<string, number>();
  count = 0;
  constructor(
    readonly rules: { name: string; res: RegExp[] }[],
    readonly gap: number | undefined,
  ) {}
  blocked(name: string): boolean {
    const last = this.marked.get(name);
    if (last === undefined) return false;
    return this.gap === undefined || !(this.count - last >= this.gap);
  }
  all(buffer: string): string[] {
    return this.rules.filter((r) => r.res.some((re) => new RegExp(re.source, re.flags).test(buffer))).map((r) => r.name);
  }
}

function compileLikeProfile(token: string, profile: TtsrProfile): RegExp | undefined {
  try {
    const m = /^\(\?([ims]+)\)/.exec(token);
    if (profile === "v17" && m) return new RegExp(token.slice(m[0].length), [...new Set(m[1])].join(""));
    return new RegExp(token);
  } catch {
    return undefined;
  }
}

/** `gap`: after-gap with that repeatGap; undefined: the default repeat mode, once. */
function runBoth(profile: TtsrProfile, tokens: string[][], ops: Op[], gap?: number): void {
  const rules: Rule[] = tokens.map((cond, i) => ({ name: `r${i}`, path: `/r${i}.md`, content: "x", condition: cond, scope: ["text", "thinking", "tool"] }));
  const m = new TtsrManager(gap === undefined ? {} : { repeatMode: "after-gap", repeatGap: gap }, { profile });
  const registered: { name: string; res: RegExp[] }[] = [];
  for (const r of rules) {
    const res = (r.condition ?? []).flatMap((t) => compileLikeProfile(t, profile) ?? []);
    if (m.addRule(r)) registered.push({ name: r.name, res });
  }
  const naive = new Naive(registered, gap);
  const names = (rs: Rule[]): string[] => rs.map((r) => r.name);
  const check = (ctx: TtsrMatchContext, key: string, got: Rule[], step: number): void => {
    const buffer = naive.buffers.get(key) ?? "";
    const all = naive.all(buffer);
    expect(names(got), `step ${step} checkDelta ${JSON.stringify(buffer)}`).toEqual(all.filter((n) => !naive.blocked(n)));
    expect(names(m.evaluateIgnoringRepeat(ctx)), `step ${step} ignoring repeat`).toEqual(all);
    // A second evaluation of the same buffer answers the same (cached state must not drift).
    expect(names(m.evaluateIgnoringRepeat(ctx)), `step ${step} again`).toEqual(all);
    expect(names(m.evaluateIgnoringRepeat(ctx, `${buffer}a`)), `step ${step} other text`).toEqual(naive.all(`${buffer}a`));
  };
  ops.forEach((o, step) => {
    if (o.kind === "delta") {
      const key = o.source;
      naive.buffers.set(key, (naive.buffers.get(key) ?? "") + o.delta);
      const ctx: TtsrMatchContext = { source: o.source };
      check(ctx, key, m.checkDelta(o.delta, ctx), step);
    } else if (o.kind === "snapshot") {
      const ctx: TtsrMatchContext = o.key === "text" ? { source: "text" } : { source: "tool", toolName: "edit", streamKey: o.key };
      naive.buffers.set(o.key, o.text);
      check(ctx, o.key, m.checkSnapshot(o.text, ctx), step);
    } else if (o.kind === "mark") {
      const r = registered[o.rule % Math.max(1, registered.length)];
      if (r) {
        m.markInjectedByNames([r.name]);
        naive.marked.set(r.name, naive.count);
      }
    } else if (o.kind === "turn") {
      m.incrementMessageCount();
      naive.count++;
    } else {
      m.resetBuffer();
      naive.buffers.clear();
    }
  });
}

const conditionList = fc.array(
  fc.tuple(flagPrefix, fc.oneof(simple, simple, literalRuns, pattern)).map(([f, p]) => f + p),
  { minLength: 1, maxLength: 2 },
);

describe("ttsr incremental matching equals the whole-buffer re-test (ttsr-spec §8.5)", () => {
  for (const profile of ["seed", "v17"] as const) {
    it(`${profile}: random patterns, texts and chunkings, every delta`, () => {
      fc.assert(
        fc.property(fc.array(conditionList, { minLength: 1, maxLength: 8 }), fc.array(op, { maxLength: 30 }), (tokens, ops) => runBoth(profile, tokens, ops)),
        { numRuns: 400 },
      );
    });
  }

  it("after-gap repeat policy (gaps 0 to 2): the cached repeat gate answers as §8.6 says", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("seed" as const, "v17" as const),
        fc.integer({ min: 0, max: 2 }),
        fc.array(conditionList, { minLength: 1, maxLength: 6 }),
        fc.array(op, { maxLength: 30 }),
        (profile, gap, tokens, ops) => runBoth(profile, tokens, ops, gap),
      ),
      { numRuns: 300 },
    );
  });

  it("seed: short words of one alphabet (matches fall on the window edges of combined searches)", () => {
    const wordRule = fc
      .tuple(fc.constantFrom("", "\\b", "^"), fc.array(fc.constantFrom("a", "b"), { minLength: 1, maxLength: 4 }), fc.constantFrom("", "", "\\b", "$", "b*a"))
      .map(([pre, w, post]) => pre + w.join("") + post);
    const deltas = fc.array(
      fc.array(fc.constantFrom("a", "b", " "), { minLength: 0, maxLength: 3 }).map((cs) => cs.join("")),
      { maxLength: 30 },
    );
    fc.assert(
      fc.property(fc.array(fc.array(wordRule, { minLength: 1, maxLength: 2 }), { minLength: 2, maxLength: 6 }), deltas, (tokens, ds) =>
        runBoth(
          "seed",
          tokens,
          ds.map((delta) => ({ kind: "delta", source: "text", delta })),
        ),
      ),
      { numRuns: 400 },
    );
  });

  it("seed: one long text streamed in 1- to 5-character deltas, patterns with anchors and lookarounds", () => {
    const chunked = fc.tuple(
      fc.array(fc.constantFrom(...ALPHABET), { minLength: 1, maxLength: 120 }),
      fc.array(fc.integer({ min: 0, max: 5 }), { minLength: 1, maxLength: 10 }),
    );
    fc.assert(
      fc.property(fc.array(conditionList, { minLength: 1, maxLength: 6 }), chunked, (tokens, [chars, sizes]) => {
        const ops: Op[] = [];
        for (let i = 0, k = 0; i < chars.length; k++) {
          const size = sizes[k % sizes.length];
          ops.push({ kind: "delta", source: "text", delta: chars.slice(i, i + size).join("") });
          i += size === 0 ? 0 : size;
          if (size === 0 && k > chars.length * 2) break;
        }
        runBoth("seed", tokens, ops);
      }),
      { numRuns: 300 },
    );
  });
});
