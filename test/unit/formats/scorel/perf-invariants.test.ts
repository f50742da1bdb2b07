// Linear-time audit invariants (design §8 "O(events)"): the span check of a context_control (scorel-format
// §12 rule 21) walks from throughEventId up to the anchor only, not to the root. Work is counted (parent
// steps taken through audit-context's `ancestors`), not timed.
import { describe, expect, it, vi } from "vitest";
import { A, U, X, type Raw } from "./context/builders.js";

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

/** A chain of `rounds` × (user, assistant), each round then snipped by a context_control (anchor user, through assistant). */
function chain(rounds: number): string {
  const lines: Raw[] = [{ version: 1, sessionId: "ses_test", createdAt: 1_700_000_000_000 }];
  let parent: string | null = null;
  let seq = 1;
  for (let i = 0; i < rounds; i++) {
    lines.push(U(`u${i}`, parent, seq++, `q${i}`), A(`a${i}`, `u${i}`, seq++, `r${i}`), X(`x${i}`, seq++, `u${i}`, `a${i}`));
    parent = `a${i}`;
  }
  return lines.map((l) => JSON.stringify(l)).join("\n") + "\n";
}

function work(rounds: number): { steps: number; controls: number; findings: string[] } {
  steps.n = 0;
  const s = parseScorel(chain(rounds), { file: "t.jsonl", profile: "p5" });
  const controls = s.events.filter((e) => e.type === "context_control").length;
  return { steps: steps.n, controls, findings: s.diagnostics.filter((d) => d.code.startsWith("SCOREL_INV_21")).map((d) => `${d.line}`) };
}

describe("scorel context_control span check cost", () => {
  it("§12 rule 21: steps per context_control stay flat when the session grows 4× (no walk to the root)", () => {
    const small = work(500);
    const large = work(2000);
    expect([small.controls, large.controls]).toEqual([500, 2000]);
    // Walking to the root costs ≈ depth per control (≈ 4 × rounds² steps on the large chain).
    expect(large.steps / small.steps).toBeLessThanOrEqual(4.5);
    expect(large.steps).toBeLessThanOrEqual(large.controls * 4);
  });

  it("§12 rule 21: spans of one user turn stay valid (no finding)", () => {
    expect(work(50).findings).toEqual([]);
  });
});
