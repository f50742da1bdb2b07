import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { isSession, moduleOf, parseSession } from "../../../../src/formats/index.js";
import type { SessionBase } from "../../../../src/formats/types.js";
import { simulateTtsr } from "../../../../src/ttsr/simulate/simulate.js";
import type { Rule } from "../../../../src/ttsr/types.js";

const ROOT = join(import.meta.dirname, "../../../..");
function read(rel: string): SessionBase {
  const s = parseSession(readFileSync(join(ROOT, rel), "utf8"), { file: rel });
  if (!isSession(s)) throw new Error(`not a session: ${rel}`);
  return s;
}
const anyE: Rule = { name: "any-e", path: "/p/any-e.md", content: "c", condition: ["e"], scope: ["text", "tool"] };

describe("simulateTtsr on Scorel and yoi sessions (design §5: agree is null where no TTSR evidence is recorded)", () => {
  for (const rel of ["fixtures/yoi/seed-era-realistic.jsonl", "fixtures/yoi/head-era-realistic.jsonl", "fixtures/scorel/valid/p5-session.jsonl"]) {
    it(`${rel}: every response is a turn, rules are replayed, agree is null and nothing is recorded`, () => {
      const s = read(rel);
      const r = simulateTtsr(s, [anyE], { settings: { interruptMode: "never" }, ttsrProfile: "v17" });
      // The same responses as the format's own turn list (design §3), in file order.
      expect(r.turns.map((t) => t.responseId)).toEqual(
        moduleOf(s)
          .turns(s)
          .map((t) => t.responseId),
      );
      expect(r.diagnostics).toEqual([]);
      expect(r.turns.length).toBeGreaterThan(0);
      expect(r.turns.every((t) => t.agree === null && t.recorded.length === 0)).toBe(true);
      expect(r.turns.some((t) => t.matches.length > 0)).toBe(true);
    });
  }
});
