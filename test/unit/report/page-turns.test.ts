// A page's turns carry their session's token constants once (report/page-turns.ts): written without them and
// read back, every turn is what it was, a turn that differs from the defaults included.
import { describe, expect, it } from "vitest";
import type { AuditTurn, TokenCount } from "../../../src/audit/model.js";
import { fullTurns, pageTurns } from "../../../src/report/page-turns.js";

const turn = (index: number, tokens: TokenCount): AuditTurn => ({
  index,
  leafId: null,
  responseId: `r${index}`,
  systemPrompt: null,
  refs: { base: null, keep: 0, add: [] },
  size: 0,
  tokens,
});
const E = "chars/4 + 1600/image";

describe("report/page-turns", () => {
  const turns = [
    turn(0, { estimated: 10, estimator: E }),
    turn(1, { estimated: 20, estimator: E, logged: 25, loggedAlsoCounts: ["systemPrompt", "toolDefinitions"] }),
    turn(2, { estimated: 30, estimator: E, logged: 35, loggedAlsoCounts: [] }),
    turn(3, { estimated: 40, estimator: "exact", logged: 45, loggedAlsoCounts: ["systemPrompt", "toolDefinitions"] }),
  ];
  it("writes the constants once; a turn keeps only what differs from them", () => {
    const { turnTokens, turns: page } = pageTurns(turns);
    expect(turnTokens).toEqual({ estimator: E, loggedAlsoCounts: ["systemPrompt", "toolDefinitions"] });
    expect(page.map((t) => t.tokens)).toEqual([
      { estimated: 10 },
      { estimated: 20, logged: 25 },
      { estimated: 30, logged: 35, loggedAlsoCounts: [] },
      { estimated: 40, estimator: "exact", logged: 45 },
    ]);
    // The audit's own turns are not changed.
    expect(turns[1].tokens.estimator).toBe(E);
  });
  it("read back, every turn is whole again", () => {
    const { turnTokens, turns: page } = pageTurns(turns);
    const back = JSON.parse(JSON.stringify(page));
    fullTurns(back, JSON.parse(JSON.stringify(turnTokens)));
    expect(back).toEqual(turns);
  });
  it("a session without turns has no constants; turns of the earlier layout (no constants) read as they are", () => {
    expect(pageTurns([])).toEqual({ turns: [] });
    const whole = JSON.parse(JSON.stringify(turns));
    fullTurns(whole, undefined);
    expect(whole).toEqual(turns);
  });
});
