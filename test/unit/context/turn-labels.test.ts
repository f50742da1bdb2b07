// Turn views carry what the listing labels (issue 9 items 3, 4): the compactions applied since the previous
// turn on the path, and token figures whose logged part is absent (never 0) when the log has no count,
// with what that figure also counts that the file does not record (design §3 "Tokens").
import { describe, expect, it } from "vitest";
import { readSession } from "../../../src/app/read/read.js";
import { compactionDiffs } from "../../../src/context/compaction.js";
import { iterTurnViews, type Turn } from "../../../src/context/turns.js";
import { isSession, moduleOf } from "../../../src/formats/index.js";
import { checkContract } from "../../../src/schema/contract.js";
import { ROOT } from "./fixture-sessions.js";

async function load(path: string) {
  const s = await readSession(`${ROOT}/${path}`);
  if (!isSession(s)) throw new Error(path);
  return { s, m: moduleOf(s) };
}
const turns = async (path: string, scope: "all" | "active" = "all"): Promise<Turn[]> => {
  const { s } = await load(path);
  return [...iterTurnViews(s, { scope, delta: true })];
};
const labelled = (ts: Turn[]) => ts.filter((t) => t.compactions).map((t) => [t.index, t.compactions]);

describe("compaction turns", () => {
  it("real pi fixture: the first turn after each of its two compactions, and no other", async () => {
    expect(labelled(await turns("fixtures/pi/before-compaction.jsonl"))).toEqual([
      [173, ["359"]],
      [303, ["628"]],
    ]);
  });

  it("omp17, Scorel P5 and a yoi compacted segment", async () => {
    expect(labelled(await turns("fixtures/pi/omp17-deferred-then-compaction/session.jsonl"))).toEqual([[6, ["0000000e"]]]);
    expect(labelled(await turns("fixtures/scorel/valid/p5-session.jsonl"))).toEqual([[2, ["2f4bdfc5-20fc-55f0-a204-76c23af98221"]]]);
    expect(labelled(await turns("fixtures/yoi/session-0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b"))).toEqual([[0, ["L1"]]]);
  });

  it("a session without compactions labels nothing", async () => {
    expect(labelled(await turns("fixtures/pi/omp17-interrupt-then-tool-reminder/session.jsonl"))).toEqual([]);
  });
});

describe("logged token figures", () => {
  it("an all-zero usage (a request aborted before the provider counted) is no figure, not 0", async () => {
    const ts = await turns("fixtures/pi/before-compaction.jsonl");
    const t173 = ts.find((t) => t.index === 173)!;
    expect(t173.tokens.logged).toBeUndefined();
    expect(t173.tokens.loggedAlsoCounts).toBeUndefined();
    expect(ts.filter((t) => t.tokens.logged === 0)).toEqual([]);
  });

  it("pi records no system prompt: its logged figures also count the system prompt and the tool definitions", async () => {
    const [t0] = await turns("fixtures/pi/before-compaction.jsonl");
    expect(t0.tokens).toEqual({ estimated: 167, estimator: "chars/4 + 1600/image", logged: 2775, loggedAlsoCounts: ["systemPrompt", "toolDefinitions"] });
    expect(checkContract("turn", JSON.parse(JSON.stringify(t0)))).toEqual([]);
  });

  it("Scorel and yoi record the system prompt: only the tool definitions are beyond the file", async () => {
    const sc = (await turns("fixtures/scorel/valid/p5-session.jsonl")).find((t) => t.index === 4)!;
    expect(sc.tokens.loggedAlsoCounts).toEqual(["toolDefinitions"]);
    const yoi = (await turns("fixtures/yoi/seed-era-realistic.jsonl")).find((t) => t.index === 2)!;
    expect(yoi.tokens.loggedAlsoCounts).toEqual(["toolDefinitions"]);
  });

  it("compaction diffs: the same note beside the log's figures, and — (absent) where the log has none", async () => {
    const { s } = await load("fixtures/pi/before-compaction.jsonl");
    const [d] = compactionDiffs(s, { withPatch: false });
    expect(d.tokens).toMatchObject({ loggedBefore: 175004, loggedAlsoCounts: ["systemPrompt", "toolDefinitions"] });
    expect(d.tokens.loggedAfter).toBeUndefined();
    expect(d.before.tokens.estimated).toBe(d.tokens.before);
    expect(d.before.tokens.estimator).toBe("chars/4 + 1600/image");
  });
});
