// `diff <a> <b>` in the context layer: turns paired by responseId then order, each changed turn classified
// as carrying an earlier difference over or having a new one, the first divergence with its patch, and the
// streaming driver reading both sides one turn at a time (design §4 `diff <a> <b>`; issue: one early edit
// must not repeat itself in every later turn).
import { describe, expect, it } from "vitest";
import type { Msg } from "../../../src/formats/types.js";
import fc from "fast-check";
import { diffTurnLists, pairAcrossFork, pairTurns, type TurnPair } from "../../../src/context/session-diff.js";
import { FullTurns, streamSessionDiff, type TurnSource } from "../../../src/context/session-diff-stream.js";
import { recompose, type Turn } from "../../../src/context/turns.js";

const msg = (role: Msg["role"], text: string, id: string): Msg => ({
  role,
  nativeRole: role,
  text,
  blocks: [{ type: "text", text }],
  sourceIds: [id],
  reminders: [],
});
const turn = (index: number, messages: Msg[], o: { responseId?: string; systemPrompt?: string | null } = {}): Turn => ({
  index,
  leafId: `l${index}`,
  responseId: o.responseId ?? `r${index}`,
  systemPrompt: o.systemPrompt ?? null,
  messages,
  tokens: { estimated: 0, estimator: "chars/4" },
});

/** A long session: turn i sees u0, a0, …, u_i (every user message gets an answer in the next turn). */
function longSession(turns: number, edit: (i: number, text: string) => string = (_, t) => t): Turn[] {
  const out: Turn[] = [];
  const ctx: Msg[] = [];
  for (let i = 0; i < turns; i++) {
    ctx.push(msg("user", edit(i, `question ${i}\nsecond line`), `u${i}`));
    out.push(turn(i, [...ctx]));
    ctx.push(msg("assistant", `answer ${i}`, `a${i}`));
  }
  return out;
}

async function collect(a: TurnSource, b: TurnSource, patches = false) {
  const gen = streamSessionDiff(a, b, { patches });
  const pairs: TurnPair[] = [];
  let r = await gen.next();
  for (; !r.done; r = await gen.next()) pairs.push(r.value);
  return { pairs, end: r.value };
}
const source = (name: string, turns: Turn[]): TurnSource => ({ name, ids: turns.map((t) => ({ index: t.index, responseId: t.responseId })), turns });

describe("diffTurnLists", () => {
  it("identical sessions: same, every count zero, no first divergence", () => {
    const d = diffTurnLists("a", longSession(50), "b", longSession(50));
    expect(d.same).toBe(true);
    expect(d.summary).toEqual({ turns: 50, differ: 0, carriedOver: 0, newDifferences: 0, onlyA: 0, onlyB: 0 });
    expect(d.firstDivergence).toBeNull();
    expect(d.turns.every((t) => t.status === "same" && t.patch === undefined)).toBe(true);
  });

  it("one early message edited in a long session: first divergence at that turn and message; 1 new, the rest carried over", () => {
    const b = longSession(300, (i, t) => (i === 3 ? t.replace("second line", "second line, edited") : t));
    const d = diffTurnLists("a", longSession(300), "b", b);
    expect(d.same).toBe(false);
    expect(d.summary).toEqual({ turns: 300, differ: 297, carriedOver: 296, newDifferences: 1, onlyA: 0, onlyB: 0 });
    const f = d.firstDivergence!;
    expect(f).toMatchObject({ responseId: "r3", a: 3, b: 3, status: "changed", systemPromptChanged: false, message: 6 });
    expect(f.messageA).toEqual({ role: "user", nativeRole: "user", sourceIds: ["u3"] });
    // The patch holds the differing message only, at its real position, not the whole context.
    expect(f.patch.split("\n").slice(3)).toEqual(["@@ -1,3 +1,3 @@", " === #6 user u3 ===", " question 3", "-second line", "+second line, edited", ""]);
    expect(d.turns.slice(3).map((t) => t.changedFrom)).toEqual(new Array(297).fill(6));
    expect(d.turns.map((t) => t.difference ?? null).slice(2, 6)).toEqual([null, "new", "carried-over", "carried-over"]);
    // Per-turn patches only on request.
    expect(d.turns.some((t) => t.patch !== undefined)).toBe(false);
    const full = diffTurnLists("a", longSession(300), "b", b, { patches: true });
    expect(full.turns.filter((t) => t.patch !== undefined)).toHaveLength(297);
    expect(full.turns[299].patch).toContain("-second line\n+second line, edited\n");
  });

  it("turns that differ only in a tool call's arguments show the change in the patch (blocks rendered, not only provider text)", () => {
    const call = (cmd: string): Msg => ({
      role: "assistant",
      nativeRole: "assistant",
      text: "",
      blocks: [{ type: "toolCall", id: "c1", name: "bash", arguments: { command: cmd } }],
      sourceIds: ["a1"],
      reminders: [],
    });
    const d = diffTurnLists("a", [turn(0, [msg("user", "go", "u1"), call("ls")])], "b", [turn(0, [msg("user", "go", "u1"), call("rm -rf build")])]);
    expect(d.firstDivergence).toMatchObject({ message: 1 });
    expect(d.firstDivergence!.patch).toContain('-[tool call bash {"command":"ls"}]');
    expect(d.firstDivergence!.patch).toContain('+[tool call bash {"command":"rm -rf build"}]');
  });

  it("a later, unrelated change is a new difference of its own; an edit that reverts is a change in one turn only", () => {
    const b = longSession(40, (i, t) => (i === 2 || i === 30 ? `${t}!` : t));
    const d = diffTurnLists("a", longSession(40), "b", b);
    expect(d.summary).toMatchObject({ differ: 38, newDifferences: 2, carriedOver: 36 });
    expect(d.turns.filter((t) => t.difference === "new").map((t) => [t.a, t.changedFrom])).toEqual([
      [2, 4],
      [30, 4],
    ]);
  });

  it("a system prompt change: no message position, the prompt in the patch", () => {
    const a = longSession(5);
    const b = longSession(5).map((t) => ({ ...t, systemPrompt: t.index >= 2 ? "be brief" : null }));
    const d = diffTurnLists("a", a, "b", b);
    expect(d.firstDivergence).toMatchObject({ a: 2, message: null, systemPromptChanged: true, messageA: null });
    expect(d.firstDivergence!.patch).toContain("+=== system prompt ===\n+be brief");
    expect(d.summary).toMatchObject({ differ: 3, newDifferences: 1, carriedOver: 2 });
  });

  it("messages that only move within the differing part are one new difference, then carried over", () => {
    const x = msg("user", "x", "x");
    const y = msg("user", "y", "y");
    const a = [turn(0, [x, y]), turn(1, [x, y, msg("user", "z", "z")])];
    const b = [turn(0, [y, x]), turn(1, [y, x, msg("user", "z", "z")])];
    expect(diffTurnLists("a", a, "b", b).summary).toMatchObject({ differ: 2, newDifferences: 1, carriedOver: 1 });
  });

  it("a b turn that continues a's context (a fork) takes the last a turn it continues, before pairing by order", () => {
    const id = (responseId: string, index: number) => ({ index, responseId });
    const a = [id("a0", 0), id("a1", 1)];
    const b = [id("f0", 0)];
    expect(pairTurns(a, b)).toEqual([
      [0, 0],
      [1, null],
    ]);
    expect(pairTurns(a, b, (i) => i <= 1)).toEqual([
      [0, null],
      [1, 0],
    ]);
    expect(pairTurns(a, b, () => false)).toEqual(pairTurns(a, b));
  });

  it("turns pair by responseId first, then by order; the rest are one-sided", () => {
    const id = (responseId: string, index: number) => ({ index, responseId });
    expect(pairTurns([id("x", 0), id("y", 1), id("p", 2)], [id("y", 0), id("x", 1), id("q", 2), id("r", 3)])).toEqual([
      [0, 1],
      [1, 0],
      [2, 2],
      [null, 3],
    ]);
    const a = longSession(3);
    const d = diffTurnLists("a", a, "b", [a[1]]);
    expect(d.summary).toMatchObject({ turns: 3, onlyA: 2, onlyB: 0, differ: 2 });
    expect(d.firstDivergence).toMatchObject({ responseId: "r0", status: "only-a", message: null, patch: "" });
    expect(diffTurnLists("a", [a[1]], "b", a).turns.map((t) => t.status)).toEqual(["same", "only-b", "only-b"]);
  });
});

describe("across a fork point", () => {
  const ids = (n: number, prefix = "L") => Array.from({ length: n }, (_, i) => ({ index: i, responseId: `${prefix}${i}` }));

  it("the parent's turns before the fork are shared, then both sides pair in order (not by their line ids)", () => {
    expect(pairAcrossFork(ids(4), ids(2), { parent: "a", turns: 2 })).toEqual([
      [0, null, "shared"],
      [1, null, "shared"],
      [2, 0],
      [3, 1],
    ]);
    expect(pairAcrossFork(ids(3), ids(2), { parent: "b", turns: 2 })).toEqual([
      [null, 0, "shared"],
      [null, 1, "shared"],
      [0, null],
      [1, null],
      [2, null],
    ]);
  });

  it("every turn of both sides appears exactly once, the shared ones first", () => {
    fc.assert(
      fc.property(fc.nat(8), fc.nat(8), fc.integer({ min: -2, max: 10 }), fc.boolean(), (na, nb, k, parentA) => {
        const plan = pairAcrossFork(ids(na), ids(nb), { parent: parentA ? "a" : "b", turns: k });
        const as = plan.flatMap(([i]) => (i === null ? [] : [i]));
        const bs = plan.flatMap(([, j]) => (j === null ? [] : [j]));
        expect(as).toEqual([...Array(na).keys()]);
        expect(bs).toEqual([...Array(nb).keys()]);
        const shared = plan.filter((p) => p[2] === "shared").length;
        expect(shared).toBe(Math.min(Math.max(0, k), parentA ? na : nb));
        expect(plan.slice(0, shared).every((p) => p[2] === "shared")).toBe(true);
      }),
    );
  });

  it("streamed: the shared turns are listed once and not counted as differences; the fork's turns meet the parent's later ones", async () => {
    const parent = longSession(4);
    // The fork: the parent's first two turns' history, then its own question.
    const fork = longSession(4, (i, t) => (i >= 2 ? `fork ${t}` : t))
      .slice(2)
      .map((t, i) => ({ ...t, index: i }));
    const gen = streamSessionDiff(source("p", parent), source("f", fork), { forkPoint: { parent: "a", turns: 2 } });
    const pairs: TurnPair[] = [];
    let r = await gen.next();
    for (; !r.done; r = await gen.next()) pairs.push(r.value);
    expect(pairs.map((p) => [p.a, p.b, p.status, p.changedFrom])).toEqual([
      [0, null, "shared", null],
      [1, null, "shared", null],
      [2, 0, "changed", 4],
      [3, 1, "changed", 4],
    ]);
    expect(r.value.summary).toMatchObject({ turns: 4, shared: 2, differ: 2, onlyA: 0, onlyB: 0 });
    expect(r.value.firstDivergence).toMatchObject({ a: 2, b: 0, message: 4 });
  });
});

describe("streamSessionDiff", () => {
  it("agrees with diffTurnLists on full and delta inputs", async () => {
    const a = longSession(60);
    const b = longSession(60, (i, t) => (i === 7 || i === 40 ? t.toUpperCase() : t));
    const whole = diffTurnLists("a", a, "b", b, { patches: true });
    const { pairs, end } = await collect(source("a", a), source("b", toDeltas(b)), true);
    expect(pairs).toEqual(whole.turns);
    expect(end.summary).toEqual(whole.summary);
    expect(end.firstDivergence).toEqual(whole.firstDivergence);
  });

  it("holds one turn per side: each pair is compared before the next turn is read", async () => {
    let produced = 0;
    let maxAhead = 0;
    let yielded = 0;
    function* counting(turns: Turn[]) {
      for (const t of turns) {
        produced++;
        maxAhead = Math.max(maxAhead, produced - 2 * yielded);
        yield t;
      }
    }
    const a = longSession(100);
    const b = longSession(100, (i, t) => (i === 1 ? `${t}.` : t));
    const gen = streamSessionDiff({ ...source("a", a), turns: counting(a) }, { ...source("b", b), turns: counting(b) });
    for (let r = await gen.next(); !r.done; r = await gen.next()) yielded++;
    expect(yielded).toBe(100);
    expect(maxAhead).toBeLessThanOrEqual(2);
  });

  it("a b turn read ahead of its partner is held until its partner comes; skipped one-sided turns are not read twice", async () => {
    const a = longSession(4);
    const b = [a[1], a[0], a[3]];
    const { pairs, end } = await collect(source("a", a), source("b", b));
    expect(pairs.map((p) => [p.a, p.b, p.status])).toEqual([
      [0, 0, "same"],
      [1, 1, "same"],
      [2, null, "only-a"],
      [3, 3, "same"],
    ]);
    expect(end.summary).toMatchObject({ onlyA: 1, onlyB: 0, differ: 1 });
  });

  it("a stream that does not match its id list is an input error, not a wrong answer", async () => {
    const a = longSession(3);
    await expect(collect(source("a", a), { ...source("b", a), turns: a.slice(1) })).rejects.toThrow(/b: the turns changed while they were read/);
  });
});

describe("FullTurns (delta documents read one turn at a time)", () => {
  it("rebuilds what recompose rebuilds, and rejects a delta whose base is not earlier", () => {
    const d = toDeltas(longSession(20));
    const f = new FullTurns("x.json");
    const whole = recompose(d);
    for (const t of d) expect(f.full(t).messages).toEqual(whole.get(t.index));
    expect(() => new FullTurns("x.json").full({ ...d[3] })).toThrow(/x\.json: turn 3: its base turn 2 does not come before it/);
  });
});

describe("FullTurns with the bases known from the id list", () => {
  it("drops a base after its last use (a linear chain holds one turn) and still serves a base used twice", () => {
    const d = toDeltas(longSession(30));
    const ids = d.map((t) => ({ index: t.index, responseId: t.responseId, base: (t.messages as { base: number | null }).base }));
    const f = new FullTurns("x.json", ids);
    const held = (f as unknown as { lists: Map<number, unknown> }).lists;
    const whole = recompose(d);
    let most = 0;
    for (const t of d) {
      expect(f.full(t).messages).toEqual(whole.get(t.index));
      most = Math.max(most, held.size);
    }
    expect(most).toBe(1);
    // A branch: turns 2 and 3 both grow out of turn 1.
    const x = msg("user", "x", "x");
    const branch: Turn[] = [
      turn(0, { base: null, keep: 0, removed: [], added: [x] } as never),
      turn(1, { base: 0, keep: 1, removed: [], added: [msg("user", "y", "y")] } as never),
      turn(2, { base: 1, keep: 2, removed: [], added: [msg("user", "z", "z")] } as never),
      turn(3, { base: 1, keep: 1, removed: [1], added: [msg("user", "w", "w")] } as never),
    ];
    const g = new FullTurns(
      "y.json",
      branch.map((t) => ({ index: t.index, responseId: t.responseId, base: (t.messages as { base: number | null }).base })),
    );
    expect(branch.map((t) => g.full(t).messages.map((m) => m.text))).toEqual([["x"], ["x", "y"], ["x", "y", "z"], ["x", "w"]]);
  });
});

/** Delta turns against the previous turn (every turn of longSession extends the one before). */
function toDeltas(turns: Turn[]): Turn[] {
  return turns.map((t, i) => {
    const prev = i === 0 ? [] : (turns[i - 1].messages as Msg[]);
    const cur = t.messages as Msg[];
    let keep = 0;
    while (keep < prev.length && keep < cur.length && JSON.stringify(prev[keep]) === JSON.stringify(cur[keep])) keep++;
    return { ...t, messages: { base: i === 0 ? null : turns[i - 1].index, keep, removed: prev.map((_, k) => k).slice(keep), added: cur.slice(keep) } };
  });
}
