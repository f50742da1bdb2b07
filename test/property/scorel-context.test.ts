// Properties of the Scorel context builders (design §8): buildContext leaves its input unchanged; every
// harness item on the path reaches the context exactly once unless hidden or compacted away; the
// incremental turn contexts equal toMsgs(buildContext) at every turn. Sessions are generated trees of
// U/A/A*/T/H/C/X/IS events (shipped profiles) or design events, with odd payloads mixed in.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { buildScorelContext } from "../../src/formats/scorel/context/build.js";
import { scorelContextsAt, scorelTurnContexts } from "../../src/formats/scorel/context/incremental.js";
import { scorelToMsgs } from "../../src/formats/scorel/context/lower.js";
import type { ScorelProfile, ScorelSession } from "../../src/formats/scorel/model.js";
import { toArray } from "../../src/shared/plist.js";
import { A, AT, C, DEV, DM, GM, GR, H, IS, T, TR, U, UC, X, session, text, toolResult, type Raw } from "../unit/formats/scorel/context/builders.js";

const KINDS = ["U", "U", "A", "A", "AT", "T", "T", "TODD", "H", "H", "C", "X", "X", "IS", "BAD", "STEER", "SKIP"] as const;

const step = fc.record({
  kind: fc.constantFrom(...KINDS),
  parent: fc.nat(40),
  stayOnPath: fc.boolean(),
  anchor: fc.nat(40),
  through: fc.nat(40),
  n: fc.constantFrom(0, 1, 2, 3, 4, 8, 2.5, -1),
  hk: fc.constantFrom("steer", "memory", "date_change", "foo", "skill_delta", "channel_context"),
  vis: fc.constantFrom("display", "hidden", "compact"),
  data: fc.constantFrom(undefined, "ab", { a: 1 }, 0, [1]),
  gap: fc.integer({ min: -1, max: 3 }),
  result: fc.constantFrom<unknown>({ text: "x" }, "ok", { content: [text("r")], details: { d: 1 } }, [1], null),
});

type Step = typeof step extends fc.Arbitrary<infer S> ? S : never;

/** Builds raw events: tree events hang under a random earlier node (biased to the latest), controls name random nodes. */
function materialize(steps: Step[], design: boolean, probe: boolean): Raw[] {
  const raws: Raw[] = [];
  const nodes: string[] = [];
  let seq = 0;
  steps.forEach((s, i) => {
    seq += s.gap === -1 && i % 7 === 3 ? -1 : Math.max(1, s.gap); // rare non-monotone seq: bad files are built too
    const id = `e${i}`;
    const parent = nodes.length === 0 ? null : s.stayOnPath ? nodes[nodes.length - 1] : nodes[s.parent % nodes.length];
    const pick = (k: number): string => (nodes.length === 0 ? "none" : nodes[k % nodes.length]);
    let raw: Raw;
    switch (s.kind) {
      case "X":
        raws.push(X(id, seq, pick(s.anchor), pick(s.through)));
        return;
      case "IS":
        raws.push(IS(id, seq, [`prompt ${i}`, s.hk]));
        return;
      case "U":
        raw = design ? DM(id, parent, seq, "user", [text(`u${i}`)]) : U(id, parent, seq, `u${i}`);
        break;
      case "A":
        raw = design ? DM(id, parent, seq, "assistant", [text(`a${i}`)]) : A(id, parent, seq, `a${i}`);
        break;
      case "AT":
        raw = design
          ? DM(id, parent, seq, "assistant", [text("c"), { type: "tool_call", toolCallId: "call_1", toolName: "r", args: {} }])
          : AT(id, parent, seq);
        break;
      case "T":
        raw = design
          ? DEV("message", id, parent, seq, { message: { role: "tool_result", content: [toolResult({ content: [text(`t${i}`)] })] } })
          : T(id, parent, seq, `t${i}`);
        break;
      case "TODD":
        raw = TR(id, parent, seq, [toolResult({ content: [text("first")] }, "c1"), toolResult(s.result, "c2")]);
        if (design) raw = { ...raw, type: "message" };
        break;
      case "H":
        raw = H(id, parent, seq, s.hk, "system", `h${i}`, s.vis, s.data);
        break;
      case "C":
        raw = design
          ? DEV("compact", id, parent, seq, { summary: `sum${i}`, compactedThrough: parent })
          : C(id, parent, seq, parent ?? "none", ` sum${i} `, s.n);
        break;
      case "BAD":
        raw = UC(id, parent, seq, "string content");
        if (design) raw = { ...raw, type: "message" };
        break;
      case "STEER":
        raw = design
          ? DM(id, parent, seq, "user", [text("steer me")], { source: s.vis === "hidden" ? "followUp" : "steer" })
          : U(id, parent, seq, "follow", { source: "follow_up", queueItemId: "q" });
        break;
      case "SKIP":
        raw = design
          ? DEV(s.vis === "hidden" ? "rewind" : "custom", id, parent, seq, { targetEventId: pick(s.anchor) })
          : A(id, parent, seq, "x", { meta: "ab" });
        break;
    }
    raws.push(raw);
    nodes.push(id);
  });
  // Probe responses: an assistant under every node makes every node a turn leaf.
  if (probe) for (const n of nodes) raws.push(design ? DM(`r_${n}`, n, ++seq + 1000, "assistant", [text("p")]) : A(`r_${n}`, n, seq + 1000, "p"));
  return raws;
}

const arbSession = fc
  .record({
    profile: fc.constantFrom<ScorelProfile>("p3", "p4a", "p4", "p5", "design"),
    steps: fc.array(step, { minLength: 1, maxLength: 28 }),
    probe: fc.boolean(),
  })
  .map(({ profile, steps, probe }) => session(materialize(steps, profile === "design", probe), profile));

const allIds = (s: ScorelSession): string[] => [...s.tree.nodes, "none"];

function deepFreeze<T>(v: T): T {
  if (typeof v === "object" && v !== null && !Object.isFrozen(v)) {
    Object.freeze(v);
    for (const k of Object.keys(v)) deepFreeze((v as Record<string, unknown>)[k]);
  }
  return v;
}

/** Independent statement of §7.6 for the property: ids hidden at `leaf`. */
function hiddenAt(s: ScorelSession, path: string[], leaf: string): Set<string> {
  const out = new Set<string>();
  if (s.profile === "p3" || s.profile === "p4a") return out;
  const leafSeq = s.byId.get(leaf)!.seq as number;
  for (const x of s.events) {
    if (x.type !== "context_control" || !((x.seq as number) <= leafSeq)) continue;
    const a = path.indexOf(x.raw.anchorUserEventId as string);
    const t = path.indexOf(x.raw.throughEventId as string);
    if (a >= 0 && t >= a)
      path.slice(a, t + 1).forEach((id) => {
        out.add(id);
      });
  }
  return out;
}

function rootPath(s: ScorelSession, leaf: string): string[] {
  const out: string[] = [];
  for (let id: string | null | undefined = leaf; id != null && s.tree.parent.has(id); id = s.tree.parent.get(id)) out.unshift(id);
  return out;
}

describe("scorel context properties (design §8)", () => {
  it("design §8: buildContext, toMsgs and the turn contexts leave the session unchanged (deep-frozen input)", () => {
    fc.assert(
      fc.property(arbSession, (s) => {
        const before = structuredClone(s.events.map((e) => e.raw));
        deepFreeze(s.events);
        for (const id of allIds(s)) scorelToMsgs(s, buildScorelContext(s, id));
        for (const t of scorelTurnContexts(s)) toArray(t.messages);
        expect(s.events.map((e) => e.raw)).toEqual(before);
      }),
      { numRuns: 150 },
    );
  });

  it("design §8: every harness item on the path reaches the context exactly once unless hidden or compacted away", () => {
    fc.assert(
      fc.property(arbSession, (s) => {
        for (const leaf of s.tree.nodes) {
          const c = buildScorelContext(s, leaf);
          if (c.error) continue;
          const path = rootPath(s, leaf);
          const hidden = hiddenAt(s, path, leaf);
          const seen = c.sourceIds.flat();
          const compactsOn = s.profile !== "p3";
          let lastCompact = -1;
          path.forEach((id, i) => {
            if (compactsOn && s.byId.get(id)!.type === "compact" && !hidden.has(id)) lastCompact = i;
          });
          path.forEach((id, i) => {
            if (s.byId.get(id)!.type !== "harness_item") return;
            const count = seen.filter((x) => x === id).length;
            expect(count).toBeLessThanOrEqual(1);
            if (!hidden.has(id) && i > lastCompact) expect(count).toBe(1);
            if (hidden.has(id)) expect(count).toBe(0);
          });
        }
      }),
      { numRuns: 200 },
    );
  });

  it("design §3/§8: incremental turn contexts equal toMsgs(buildContext(leaf)) for every turn, system prompt included", () => {
    fc.assert(
      fc.property(arbSession, (s) => {
        for (const t of scorelTurnContexts(s)) {
          const c = buildScorelContext(s, t.ref.leafId, { responseId: t.ref.responseId });
          expect(toArray(t.messages)).toEqual(scorelToMsgs(s, c));
          expect(t.systemPrompt).toBe(c.systemPrompt);
        }
      }),
      { numRuns: 300 },
    );
  });

  it("design §3/§8: contextsAt (compaction diffs' shortcut) equals toMsgs(buildContext(id)) at every event, system prompt included", () => {
    let shortcuts = 0; // the shortcut must apply, or this property says nothing
    fc.assert(
      fc.property(arbSession, (s) => {
        // As in an audit, after the turn contexts (sharing their engine) or on its own, in another order.
        if (s.events.length % 2) [...scorelTurnContexts(s)];
        const at = scorelContextsAt(s);
        for (const ev of [...s.events].reverse()) {
          const fast = at(ev.id);
          if (!fast) continue;
          shortcuts++;
          const c = buildScorelContext(s, ev.id);
          expect(fast).toEqual({ systemPrompt: c.systemPrompt, messages: scorelToMsgs(s, c) });
        }
      }),
      { numRuns: 300 },
    );
    expect(shortcuts).toBeGreaterThan(0);
  });
});

const g0Entry = fc.record({
  kind: fc.constantFrom("user", "user", "assistant", "assistant", "toolResult", "rewind", "rewind", "compact"),
  target: fc.nat(30),
  unknown: fc.boolean(),
});

describe("scorel G0 replay properties (scorel-format §11)", () => {
  it("scorel-format §11: G0 turn contexts equal the replay up to each response's parent; the log is left unchanged", () => {
    fc.assert(
      fc.property(fc.array(g0Entry, { minLength: 1, maxLength: 30 }), (entries) => {
        const raws: Raw[] = [];
        entries.forEach((e, i) => {
          const prior = raws.filter((r) => r.kind === "message");
          if (e.kind === "rewind") raws.push(GR(`r${i}`, prior.length === 0 || e.unknown ? "ghost" : (prior[e.target % prior.length].id as string)));
          else if (e.kind === "compact") raws.push({ kind: "compact", id: `c${i}`, summary: "s", beforeId: "m0" });
          else raws.push(GM(`m${i}`, e.kind, `text ${i}`));
        });
        const s = session(raws, "g0");
        const before = structuredClone(raws);
        deepFreeze(s.events);
        for (const ev of s.events) scorelToMsgs(s, buildScorelContext(s, ev.id));
        for (const t of scorelTurnContexts(s)) {
          const c = buildScorelContext(s, t.ref.leafId);
          expect(toArray(t.messages)).toEqual(scorelToMsgs(s, c));
          expect(t.systemPrompt).toBeNull();
        }
        expect(s.events.map((e) => e.raw)).toEqual(before);
      }),
      { numRuns: 200 },
    );
  });
});
