// A session's TTSR verdict in one cell (terminal, Markdown, HTML index): unverifiable evidence is neither
// agreement nor disagreement, and is named beside either.
import { describe, expect, it } from "vitest";
import { ttsrVerdict, type SessionCounts } from "../../../src/audit/store.js";

const c = (ttsrDisagreements: number | null, ttsrUnverifiable?: number): SessionCounts => ({
  turns: 3,
  compactions: 0,
  capsuleFailures: 0,
  ttsrDisagreements,
  ttsrUnverifiable,
});

describe("audit/store ttsrVerdict", () => {
  it.each([
    [c(null), "—"],
    [c(0), "agrees"],
    [c(0, 0), "agrees"],
    [c(0, 2), "agrees, 2 unverifiable"],
    [c(3), "3 disagree"],
    [c(1, 1), "1 disagree, 1 unverifiable"],
  ])("%o → %s", (counts, text) => {
    expect(ttsrVerdict(counts)).toBe(text);
  });
  it("the placeholder without evidence is the caller's", () => {
    expect(ttsrVerdict(c(null), "-")).toBe("-");
  });
});
