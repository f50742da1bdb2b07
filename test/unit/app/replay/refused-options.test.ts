// The library words a refused value with its own option name and no CLI flag; the CLI names the flag
// (cli/main.ts), so `sightline replay --leaf nope` still says "--leaf nope: …".
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { compactionDiffFile, replayStreamFile } from "../../../../src/app/replay/replay.js";
import { InputError, UsageError } from "../../../../src/shared/errors.js";
import { ROOT } from "../../../cli/run.js";

const PI = join(ROOT, "fixtures/pi/omp17-branch-after-gap/session.jsonl");

const refusal = async (call: () => Promise<unknown>) => {
  const e = await call().then(
    () => undefined,
    (x: unknown) => x,
  );
  if (!(e instanceof InputError) && !(e instanceof UsageError)) throw new Error(`expected a refusal, got ${String(e)}`);
  return { message: e.message, option: e.option, problem: e.problem };
};

describe("refused options name no CLI flag", () => {
  it("an unknown leaf, turn, compaction or profile", async () => {
    const cases = [
      [() => replayStreamFile(PI, { leafId: "nope" }), "leafId", "nope"],
      [() => replayStreamFile(PI, { turn: 9999 }), "turn", "9999"],
      [() => compactionDiffFile(PI, { compactionId: "nope" }), "compactionId", "nope"],
      [() => replayStreamFile(PI, { profile: "p5" }), "profile", "p5"],
      [() => replayStreamFile(PI, { profile: "zzz" }), "profile", "zzz"],
    ] as const;
    for (const [p, name, value] of cases) {
      const r = await refusal(p);
      expect(r.option, name).toEqual({ name, value });
      expect(r.message).toBe(`${name} ${JSON.stringify(value)}: ${r.problem}`);
      expect(r.message).not.toMatch(/--\w/);
    }
  });
});
