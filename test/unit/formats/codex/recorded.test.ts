// Issue 18: the rollouts the real Codex CLI 0.169.0 wrote (fixtures/codex/0.169.0, recorded offline by
// test/conformance/codex/record.mjs) replay to exactly the request bodies the binary sent: every turn's request
// equals the captured body except at the paths the turn names in notRecorded. No binary, no network.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { compareRequests } from "../../../../src/formats/codex/verify.js";
import { parseSession, type Session } from "../../../../src/formats/index.js";
import { turnViews } from "../../../../src/context/turns.js";

const ROOT = resolve(import.meta.dirname, "../../../..");
const RELEASE = join(ROOT, "fixtures/codex/0.169.0");

function* rollouts(dir: string): Generator<string> {
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) yield* rollouts(p);
    else if (name.endsWith(".jsonl")) yield p;
  }
}

function scenario(name: string): { session: Session; bodies: unknown[] } {
  const dir = join(RELEASE, name);
  const [file, ...more] = [...rollouts(join(dir, "sessions"))];
  expect(more).toEqual([]);
  const s = parseSession(readFileSync(file, "utf8"), { file });
  if (s.format !== "codex") throw new Error(`${file} is not read as a codex session`);
  return { session: s, bodies: JSON.parse(readFileSync(join(dir, "requests.json"), "utf8")) as unknown[] };
}

const SCENARIOS = { tools: 3, resume: 4, compact: 8 } as const;

describe("codex 0.169.0 rollouts replay to the requests the binary sent", () => {
  it.each(Object.entries(SCENARIOS))("%s: %i turns, each equal to its captured body", (name, n) => {
    const { session, bodies } = scenario(name);
    expect(session.profile).toBe("codex-0.169");
    expect(session.diagnostics.filter((d) => d.severity !== "info")).toEqual([]);
    const { turns } = turnViews(session);
    const r = compareRequests(turns, bodies);
    expect(r.differences).toEqual([]);
    expect([r.turns, r.requests, r.compared]).toEqual([n, n, n]);
  });

  it("what is left out is only what the rollout does not record", () => {
    const { session } = scenario("compact");
    const { turns } = turnViews(session);
    const paths = (i: number) => (turns[i].notRecorded ?? []).map((x) => x.path);
    // A model request: the tools and the developer message's id are not recorded; its text is rebuilt.
    expect(paths(0)).toContain("$.tools");
    expect(paths(0)).toContain("$.input[0].id");
    expect(paths(0)).not.toContain("$.input[0].content[0].text");
    // A compaction request sends no tools, and the rollout says so: `tools: []` is rebuilt, not left out.
    expect(paths(1)).not.toContain("$.tools");
    expect(turns[1].request?.tools).toEqual([]);
  });

  it("a changed request is caught (the comparison can fail)", () => {
    const { session, bodies } = scenario("tools");
    const { turns } = turnViews(session);
    const broken = structuredClone(bodies) as Array<{ input: Array<Record<string, unknown>> }>;
    broken[1].input[2] = { ...broken[1].input[2], id: "msg_other" };
    const r = compareRequests(turns, broken);
    expect(r.differences.map((d) => [d.turn, d.path])).toEqual([[1, "$.input[2].id"]]);
  });

  it("both automatic compactions are found, each with the history before and its replacement after", () => {
    const { session } = scenario("compact");
    const { turns } = turnViews(session);
    expect(turns.filter((t) => t.request?.tools !== undefined).map((t) => t.index)).toEqual([1, 4]);
    expect(turns.map((t) => t.compactions ?? [])).toEqual([[], [], ["L21"], [], [], ["L41"], [], []]);
  });
});
