// Linear-time design-profile invariants (design §8 "O(events)"; scorel-format §12 rules 28, 30): a rewind
// and a compact look up their root path only as far as their target, and a rewind no longer copies the
// rest of the file. Work is counted (parent steps through audit-context's `ancestors`, array items copied
// by Array.prototype.slice), not timed.
import { afterEach, describe, expect, it, vi } from "vitest";
import { ev, jsonl, text } from "./reader/helpers.js";

const steps = vi.hoisted(() => ({ n: 0 }));
vi.mock("../../../../src/formats/scorel/audit-context.js", async (importOriginal) => {
  const orig = await importOriginal<typeof import("../../../../src/formats/scorel/audit-context.js")>();
  return {
    ...orig,
    ancestors: function* (a: Parameters<typeof orig.ancestors>[0], id: string): Generator<string> {
      for (const x of orig.ancestors(a, id)) {
        steps.n++;
        yield x;
      }
    },
  };
});

const { parseScorel } = await import("../../../../src/formats/scorel/parse.js");

const DH = { version: 1, sessionId: "ses_test", deviceId: "d", createdAt: 1000, meta: { model: "m", thinkingLevel: "low" } };
const M = (id: string, parent: string | null, seq: number, role = "user") => ev("message", id, parent, seq, { message: { role, content: [text(id)] } });

/** `rounds` × (user, assistant, compact through the assistant, user, rewind to that user, user under it). */
function chain(rounds: number): string {
  const out: object[] = [DH];
  let parent: string | null = null;
  let seq = 1;
  for (let i = 0; i < rounds; i++) {
    out.push(M(`u${i}`, parent, seq++), M(`a${i}`, `u${i}`, seq++, "assistant"));
    out.push(ev("compact", `c${i}`, `a${i}`, seq++, { summary: "s", compactedThrough: `a${i}`, tokensBefore: 1, tokensAfter: 1 }));
    out.push(M(`x${i}`, `c${i}`, seq++), ev("rewind", `r${i}`, `x${i}`, seq++, { targetEventId: `x${i}` }), M(`y${i}`, `x${i}`, seq++));
    parent = `y${i}`;
  }
  return jsonl(...out);
}

function work(rounds: number): { steps: number; copied: number; codes: string[] } {
  const text = chain(rounds);
  const orig = Array.prototype.slice;
  let copied = 0;
  vi.spyOn(Array.prototype, "slice").mockImplementation(function (this: unknown[], ...args: [number?, number?]) {
    const r = orig.apply(this, args);
    copied += r.length;
    return r;
  });
  steps.n = 0;
  const s = parseScorel(text, { file: "t.jsonl", profile: "design" });
  vi.restoreAllMocks();
  return {
    steps: steps.n,
    copied,
    codes: s.diagnostics.filter((d) => d.code === "SCOREL_INV_28_REWIND_TARGET" || d.code === "SCOREL_INV_30_COMPACT_THROUGH").map((d) => d.code),
  };
}

afterEach(() => vi.restoreAllMocks());

describe("scorel design invariants cost", () => {
  it("§12 rules 28, 30: 4× the events cost ≤ 4.5× the parent steps (no walk to the root per rewind or compact)", () => {
    const small = work(300);
    const large = work(1200);
    expect(large.steps / small.steps).toBeLessThanOrEqual(4.5);
    expect(large.steps).toBeLessThanOrEqual(1200 * 6);
  });

  it("§12 rule 28: a rewind does not copy the rest of the file (items copied by slice grow linearly)", () => {
    const small = work(300);
    const large = work(1200);
    // (The load pass itself copies nothing by slice: zero both times passes.)
    expect(large.copied).toBeLessThanOrEqual(4.5 * small.copied);
  });

  it("§12 rules 28, 30: the rounds stay valid (no finding)", () => {
    expect(work(20).codes).toEqual([]);
  });
});
