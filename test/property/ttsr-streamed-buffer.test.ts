// checkDelta's `streamed` (the block's text so far, sliced from a recording) only spares the matcher copying its
// growing buffer: the buffers, matches and later answers must be exactly those of plain appends (ttsr-spec
// §8.5), whatever blocks share a buffer key, and whatever snapshots (v17 digests) or resets come between.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { TtsrManager } from "../../src/ttsr/manager.js";
import type { Rule, TtsrMatchContext, TtsrProfile } from "../../src/ttsr/types.js";

type Op =
  | { kind: "block"; key: "text" | "thinking" | "toolcall:1" | "toolcall:2"; text: string; sizes: number[] }
  | { kind: "snapshot"; key: "toolcall:1" | "text"; text: string }
  | { kind: "reset" };

const chars = fc.array(fc.constantFrom("a", "b", " ", "\n", "é", "\ud83d\ude00", "ab"), { maxLength: 30 }).map((cs) => cs.join(""));
const op: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant("block" as const),
      key: fc.constantFrom("text" as const, "thinking" as const, "toolcall:1" as const, "toolcall:2" as const),
      text: chars,
      sizes: fc.array(fc.integer({ min: 0, max: 6 }), { minLength: 1, maxLength: 4 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("snapshot" as const), key: fc.constantFrom("toolcall:1" as const, "text" as const), text: chars }) },
  { weight: 1, arbitrary: fc.constant({ kind: "reset" as const }) },
);
const conditions = fc.array(fc.constantFrom("a b", "b$", "^a", "\\bab\\b", "é\\s*a", "a+b", "(?<=b)a", "\\n", "\ud83d\ude00a", "ba{2,}"), {
  minLength: 1,
  maxLength: 4,
});

const ctxOf = (key: string): TtsrMatchContext =>
  key === "text" || key === "thinking" ? { source: key } : { source: "tool", toolName: "edit", streamKey: key };

function run(profile: TtsrProfile, conds: string[], ops: Op[]): void {
  const rules: Rule[] = conds.map((c, i) => ({ name: `r${i}`, path: `/r${i}.md`, content: "x", condition: [c], scope: ["text", "thinking", "tool"] }));
  const plain = new TtsrManager({}, { profile });
  const sliced = new TtsrManager({}, { profile });
  for (const r of rules) plain.addRule(r), sliced.addRule(r);
  const names = (rs: Rule[]): string[] => rs.map((r) => r.name);
  const same = (ctx: TtsrMatchContext, a: Rule[], b: Rule[], step: string): void => {
    expect(names(b), step).toEqual(names(a));
    expect(sliced.getBuffer(ctx), step).toBe(plain.getBuffer(ctx));
    expect(names(sliced.evaluateIgnoringRepeat(ctx)), step).toEqual(names(plain.evaluateIgnoringRepeat(ctx)));
  };
  ops.forEach((o, i) => {
    if (o.kind === "reset") {
      plain.resetBuffer();
      sliced.resetBuffer();
    } else if (o.kind === "snapshot") {
      const ctx = ctxOf(o.key);
      same(ctx, plain.checkSnapshot(o.text, ctx), sliced.checkSnapshot(o.text, ctx), `op ${i} snapshot`);
    } else {
      const ctx = ctxOf(o.key);
      for (let end = 0, k = 0; end < o.text.length || k === 0; k++) {
        const next = Math.min(o.text.length, end + o.sizes[k % o.sizes.length]);
        const delta = o.text.slice(end, next);
        end = next;
        same(ctx, plain.checkDelta(delta, ctx), sliced.checkDelta(delta, ctx, o.text.slice(0, end)), `op ${i} delta to ${end}`);
        if (k > 2 * o.text.length + 2) break;
      }
    }
  });
}

describe("checkDelta with the streamed text equals plain appends", () => {
  for (const profile of ["seed", "v17", "v18"] as const) {
    it(`${profile}: blocks sharing buffers, digests replacing them, resets`, () => {
      fc.assert(
        fc.property(conditions, fc.array(op, { maxLength: 12 }), (conds, ops) => run(profile, conds, ops)),
        { numRuns: 400 },
      );
    });
  }

  it("a digest whose length happens to fit is not mistaken for the streamed text", () => {
    const m = new TtsrManager({}, { profile: "v17" });
    m.addRule({ name: "r", path: "/r.md", content: "x", condition: ["zz"], scope: ["tool"] });
    const ctx = ctxOf("toolcall:1");
    m.checkSnapshot("zz", ctx);
    // "ab" streamed so far is as long as the digest "z" + the delta "b"... of the wrong content.
    m.checkSnapshot("z", ctx);
    expect(names(m.checkDelta("b", ctx, "ab"))).toEqual([]);
    expect(m.getBuffer(ctx)).toBe("zb");
  });
});

const names = (rs: Rule[]): string[] => rs.map((r) => r.name);

describe("checkSnapshot of a digest that grows", () => {
  it("v17: growing, shrinking and rewritten digests answer as a whole-buffer test of each", () => {
    const step = fc.oneof(
      { weight: 4, arbitrary: chars.map((t) => ({ grow: true, t })) },
      { weight: 1, arbitrary: chars.map((t) => ({ grow: false, t })) },
      { weight: 1, arbitrary: fc.nat(20).map((n) => ({ grow: false, cut: n, t: "" })) },
    );
    fc.assert(
      fc.property(conditions, fc.array(step, { maxLength: 20 }), (conds, steps) => {
        const m = new TtsrManager({}, { profile: "v17" });
        const rules: Rule[] = conds.map((c, i) => ({ name: `r${i}`, path: `/r${i}.md`, content: "x", condition: [c], scope: ["tool"] }));
        for (const r of rules) m.addRule(r);
        const ctx = ctxOf("toolcall:1");
        let digest = "";
        steps.forEach((s, i) => {
          digest = "cut" in s && s.cut !== undefined ? digest.slice(0, s.cut) : s.grow ? digest + s.t : s.t;
          const want = rules.filter((r) => (r.condition ?? []).some((c) => new RegExp(c).test(digest))).map((r) => r.name);
          expect(names(m.checkSnapshot(digest, ctx)), `step ${i} ${JSON.stringify(digest)}`).toEqual(want);
        });
      }),
      { numRuns: 500 },
    );
  });
});
