// scorel-format §12: every invariant with a passing and a failing case (E = error, V = warning, D = design only).
import { describe, expect, it } from "vitest";
import { A, Acall, byCode, C, ev, H, header, IS, jsonl, parse, Q, session, T, text, U, X } from "./helpers.js";
import { scorelCodes } from "../../../../../src/formats/scorel/codes.js";

const INVARIANT_CODES = Object.keys(scorelCodes).filter((c) => c.startsWith("SCOREL_INV_"));

describe("scorel-format §12 catalogue", () => {
  it("has one code per invariant (1-27, 8b, 28-32, 33 from P6; 27 has an E and a V part)", () => {
    const numbers = new Set(INVARIANT_CODES.map((c) => /^SCOREL_INV_(\d+B?)_/.exec(c)![1]));
    const want = [...Array.from({ length: 33 }, (_, i) => String(i + 1).padStart(2, "0")), "08B"];
    expect([...numbers].sort()).toEqual(want.sort());
  });
  it("titles name the level and number; E rules are errors, V/D rules warnings", () => {
    for (const c of INVARIANT_CODES) {
      const spec = scorelCodes[c as keyof typeof scorelCodes];
      const level = /\((loader-level, E|audit-level, [VD])\)/.exec(spec.title)?.[1];
      expect(level, c).toBeDefined();
      expect(spec.severity, c).toBe(level!.startsWith("loader") ? "error" : "warning");
      expect(spec.title, c).toMatch(/^Invariant \d+b? /);
    }
  });
});

const ok = (events: object[], profile?: string) => session(events as never, profile);
const only = (s: ReturnType<typeof parse>, code: string) => {
  const hits = byCode(s, code);
  expect(hits.length, `${code} in ${JSON.stringify(s.diagnostics.map((d) => d.code))}`).toBeGreaterThan(0);
  return hits;
};

describe("audit-level invariants (V)", () => {
  it("8b: ts non-decreasing and not before createdAt", () => {
    expect(byCode(ok([U("u1", null, 2), A("a2", "u1", 3)]), "SCOREL_INV_08B_TS_ORDER")).toEqual([]);
    const back = { ...A("a2", "u1", 3), ts: 1 };
    const hits = only(ok([U("u1", null, 2), back]), "SCOREL_INV_08B_TS_ORDER");
    expect(hits.map((d) => d.severity)).toEqual(["warning", "warning"]); // earlier than previous, and than createdAt
  });
  it("11: control events carry parentId null", () => {
    expect(byCode(ok([U("u1", null, 2), Q("q", 3, "steer", [], "u1")]), "SCOREL_INV_11_CONTROL_PARENT")).toEqual([]);
    only(ok([U("u1", null, 2), { ...Q("q", 3, "steer", []), parentId: "u1" }]), "SCOREL_INV_11_CONTROL_PARENT");
  });
  it("12: role matches event type", () => {
    expect(byCode(ok([U("u1", null, 2), A("a2", "u1", 3)]), "SCOREL_INV_12_ROLE_MISMATCH")).toEqual([]);
    const d = only(ok([U("u1", null, 2), { ...A("a2", "u1", 3), message: { role: "tool_result", content: [] } }]), "SCOREL_INV_12_ROLE_MISMATCH");
    expect(d[0]).toMatchObject({ pointer: "/message/role", line: 4, eventId: "a2" });
  });
  it("13: content is an array of known blocks (string content passes the loader)", () => {
    const s = ok([{ ...U("u1", null, 2), message: { role: "user", content: "hello" } }]);
    expect(s.verdict).toBeNull();
    only(s, "SCOREL_INV_13_CONTENT_BLOCKS");
    only(ok([{ ...U("u1", null, 2), message: { role: "user", content: [{ type: "image", data: "" }] } }]), "SCOREL_INV_13_CONTENT_BLOCKS");
    expect(byCode(ok([U("u1", null, 2, "x")]), "SCOREL_INV_13_CONTENT_BLOCKS")).toEqual([]);
  });
  it("13: system_reminder blocks are known from P5 only", () => {
    const rem = { type: "system_reminder", kind: "time", origin: "system", text: "t", visibility: "model", scope: "turn" };
    const events = [{ ...U("u1", null, 2), message: { role: "user", content: [text("x"), rem] } }];
    expect(byCode(ok(events, "p5"), "SCOREL_INV_13_CONTENT_BLOCKS")).toEqual([]);
    only(ok(events, "p4"), "SCOREL_INV_13_CONTENT_BLOCKS");
  });
  it("14: tool results answer the nearest assistant's tool calls; calls are answered", () => {
    expect(
      byCode(
        ok([U("u1", null, 2), Acall("a", "u1", 3, "c1", "c2"), T("t1", "a", 4, "c1"), T("t2", "t1", 5, "c2"), A("a3", "t2", 6)]),
        "SCOREL_INV_14_ORPHAN_TOOL_RESULT",
      ),
    ).toEqual([]);
    const orphan = only(ok([U("u1", null, 2), Acall("a", "u1", 3, "c1"), T("t1", "a", 4, "c1"), T("t2", "t1", 5, "c9")]), "SCOREL_INV_14_ORPHAN_TOOL_RESULT");
    expect(orphan[0]).toMatchObject({ eventId: "t2" });
    const unanswered = only(
      ok([U("u1", null, 2), Acall("a", "u1", 3, "c1", "c2"), T("t1", "a", 4, "c1"), U("u2", "t1", 5)]),
      "SCOREL_INV_14_ORPHAN_TOOL_RESULT",
    );
    expect(unanswered[0]).toMatchObject({ eventId: "a" });
    expect(unanswered[0].message).toContain("c2");
    // Past 16 calls an assistant's calls are kept in a set, not a list: the same answers.
    const many = Array.from({ length: 20 }, (_, i) => `k${i}`);
    const wide = ok([U("u1", null, 2), Acall("a", "u1", 3, ...many), T("t1", "a", 4, "k19"), T("t2", "t1", 5, "k0"), T("t3", "t2", 6, "c9")]);
    const findings = only(wide, "SCOREL_INV_14_ORPHAN_TOOL_RESULT");
    expect(findings.map((d) => d.eventId)).toEqual(["a", "t3"]);
    expect(findings[0].message).toContain("k18");
    expect(findings[0].message).not.toContain("k19");
    expect(findings[1].message).toContain("c9");
  });
  it("15: anchors (active-leaf values) name tree events", () => {
    expect(byCode(ok([U("u1", null, 2), Q("q", 3, "steer", [], "u1")]), "SCOREL_INV_15_LEAF_NOT_TREE")).toEqual([]);
    only(ok([U("u1", null, 2), Q("q", 3, "steer", [], "is")]), "SCOREL_INV_15_LEAF_NOT_TREE");
  });
  it("16 (E) / 17 (V): §13 case 11, harness kind foo loads but is flagged", () => {
    const s = ok([U("u1", null, 2), H("h", "u1", 3, "foo", "system", "x", "hidden")]);
    expect(s.verdict).toBeNull();
    expect(only(s, "SCOREL_INV_17_HARNESS_ENUM")[0].pointer).toBe("/item/kind");
  });
  it("17: origin enum and steer ⇒ origin user; channel_context is a P4+ kind", () => {
    expect(byCode(ok([U("u1", null, 2), H("h", "u1", 3, "steer", "user")]), "SCOREL_INV_17_HARNESS_ENUM")).toEqual([]);
    only(ok([U("u1", null, 2), H("h", "u1", 3, "memory", "robot", "m", "hidden")]), "SCOREL_INV_17_HARNESS_ENUM");
    only(ok([U("u1", null, 2), H("h", "u1", 3, "steer", "system")]), "SCOREL_INV_17_HARNESS_ENUM");
    const chan = [H("h", null, 2, "channel_context", "system", "c", "hidden"), U("u1", "h", 3)];
    expect(byCode(ok(chan, "p4"), "SCOREL_INV_17_HARNESS_ENUM")).toEqual([]);
    only(ok(chan, "p3"), "SCOREL_INV_17_HARNESS_ENUM");
  });
  it("19: compactedThrough an ancestor of the compact; retainedEventCount a non-negative integer; no compact under a compact", () => {
    const base = [U("u1", null, 2), A("a2", "u1", 3)];
    expect(byCode(ok([...base, C("c", "a2", 4, "a2")]), "SCOREL_INV_19_COMPACT_SHAPE")).toEqual([]);
    expect(byCode(ok([...base, C("c", "a2", 4, "u1")]), "SCOREL_INV_19_COMPACT_SHAPE")).toEqual([]);
    only(ok([...base, U("u3", "u1", 4), C("c", "a2", 5, "u3")]), "SCOREL_INV_19_COMPACT_SHAPE");
    only(ok([...base, C("c", "a2", 4, "a2", -1)]), "SCOREL_INV_19_COMPACT_SHAPE");
    only(ok([...base, C("c", "a2", 4, "a2"), C("c2", "c", 5, "c")]), "SCOREL_INV_19_COMPACT_SHAPE");
  });
  it("21: §13 case 29 span is valid; crossing a user message, a later seq or a compact inside is flagged (§13 case 35)", () => {
    const turns = [U("u1", null, 2), A("a2", "u1", 3), U("u3", "a2", 4), A("a4", "u3", 5), U("u5", "a4", 6)];
    expect(byCode(ok([...turns, X("x", 7, "u3", "a4")]), "SCOREL_INV_21_CONTEXT_CONTROL_SPAN")).toEqual([]);
    // a user message directly followed by the next one: through is the anchor itself
    expect(byCode(ok([U("u1", null, 2), U("u2", "u1", 3), X("x", 4, "u1", "u1")]), "SCOREL_INV_21_CONTEXT_CONTROL_SPAN")).toEqual([]);
    only(ok([...turns, X("x", 7, "u1", "a4")]), "SCOREL_INV_21_CONTEXT_CONTROL_SPAN");
    only(ok([...turns, X("x", 7, "a2", "a4")]), "SCOREL_INV_21_CONTEXT_CONTROL_SPAN"); // anchor not a user message
    only(
      ok([U("u1", null, 2), A("a2", "u1", 3), X("x", 4, "u1", "a2"), U("u3", "a2", 5), A("a4", "u3", 6), X("y", 7, "u3", "a9")]),
      "SCOREL_INV_21_CONTEXT_CONTROL_SPAN",
    );
    const withCompact = [U("u1", null, 2), A("a2", "u1", 3), C("c", "a2", 4, "a2"), A("a3", "c", 5), U("u4", "a3", 6), X("x", 7, "u1", "a3")];
    expect(only(ok(withCompact), "SCOREL_INV_21_CONTEXT_CONTROL_SPAN")[0].message).toContain("hides the compact");
    // through on another branch than the anchor
    only(ok([U("u1", null, 2), A("a2", "u1", 3), A("a3", "u1", 4), U("u4", "a3", 5), X("x", 6, "a2", "a3")]), "SCOREL_INV_21_CONTEXT_CONTROL_SPAN");
    // the context_control seq must exceed both ends
    only(
      parse(jsonl(header(), IS("is", 1), U("u1", null, 2), A("a2", "u1", 3), U("u3", "a2", 5), X("y", 5.5, "u3", "a4"), A("a4", "u3", 6), U("u5", "a4", 7))),
      "SCOREL_INV_21_CONTEXT_CONTROL_SPAN",
    );
  });
  it("23: one snapshot before the first user message, canonical sections (§13 case 3: a late snapshot loads)", () => {
    expect(byCode(ok([U("u1", null, 2)]), "SCOREL_INV_23_SNAPSHOT_PLACEMENT")).toEqual([]);
    const late = parse(jsonl(header(), U("u1", null, 1), A("a2", "u1", 2), IS("is", 3)));
    expect(late.verdict).toBeNull();
    only(late, "SCOREL_INV_23_SNAPSHOT_PLACEMENT");
    only(parse(jsonl(header(), U("u1", null, 1))), "SCOREL_INV_23_SNAPSHOT_PLACEMENT");
    only(ok([IS("is2", 2), U("u1", null, 3)]), "SCOREL_INV_23_SNAPSHOT_PLACEMENT");
    only(parse(jsonl(header(), IS("is", 1, ["agents", "baseline"]), U("u1", null, 2))), "SCOREL_INV_23_SNAPSHOT_PLACEMENT");
    const noPath = { ...IS("is", 1) } as Record<string, any>;
    noPath.snapshot = {
      ...noPath.snapshot,
      sections: noPath.snapshot.sections.map((s: object, i: number) =>
        i === 1 ? { ...s, sources: [{ sourceType: "agents_md", scope: "project", priority: 1, content: "x" }] } : s,
      ),
    };
    only(parse(jsonl(header(), noPath, U("u1", null, 2))), "SCOREL_INV_23_SNAPSHOT_PLACEMENT");
    const cloned = parse(jsonl(header({ clonedFrom: { sessionId: "s0", deviceId: "d", eventId: "e" } })));
    expect(only(cloned, "SCOREL_INV_23_SNAPSHOT_PLACEMENT")[0].pointer).toBe("/clonedFrom");
    expect(byCode(parse(jsonl(header())), "SCOREL_INV_23_SNAPSHOT_PLACEMENT")).toEqual([]);
  });
  it("25: consumed follow-up / steer items were queued and removed first", () => {
    const followUp = (qs: object[]) =>
      ok([U("u1", null, 2), A("a2", "u1", 3), ...qs, U("u3", "a2", 9, "next", { meta: { source: "follow_up", queueItemId: "f1" } })]);
    expect(byCode(followUp([Q("q1", 4, "follow_up", ["f1"], "a2"), Q("q2", 5, "follow_up", [], "a2")]), "SCOREL_INV_25_QUEUE_CONSUMPTION")).toEqual([]);
    only(followUp([Q("q1", 4, "follow_up", ["f1"], "a2")]), "SCOREL_INV_25_QUEUE_CONSUMPTION");
    only(followUp([Q("q1", 4, "steer", ["f1"], "a2"), Q("q2", 5, "steer", [], "a2")]), "SCOREL_INV_25_QUEUE_CONSUMPTION");
    const steer = (qs: object[]) =>
      ok([U("u1", null, 2), Acall("a", "u1", 3, "c"), T("t", "a", 4, "c"), ...qs, H("h", "t", 9, "steer", "user", "s", "display", { queueItemId: "s1" })]);
    expect(byCode(steer([Q("q1", 5, "steer", ["s1"], "t"), Q("q2", 6, "steer", [], "t")]), "SCOREL_INV_25_QUEUE_CONSUMPTION")).toEqual([]);
    only(steer([]), "SCOREL_INV_25_QUEUE_CONSUMPTION");
    only(ok([U("u1", null, 2), Q("q", 3, "steer", [], "gone")]), "SCOREL_INV_25_QUEUE_CONSUMPTION");
  });
  it("27 (V): derivedFrom names an existing event with that seq", () => {
    const title = (d: object) => ok([U("u1", null, 2), ev("session_title_updated", "t", null, 3, { title: "T", source: "model", derivedFrom: d })]);
    expect(byCode(title({ eventId: "u1", seq: 2 }), "SCOREL_INV_27_TITLE_DERIVED_FROM")).toEqual([]);
    only(title({ eventId: "u1", seq: 7 }), "SCOREL_INV_27_TITLE_DERIVED_FROM");
    only(title({ eventId: "nope", seq: 2 }), "SCOREL_INV_27_TITLE_DERIVED_FROM");
  });
});

describe("loader-level invariants (E) as findings: every problem, not just the first", () => {
  it("reports each broken event on its own line while the verdict names the first", () => {
    const s = parse(jsonl(header(), IS("is", 1), U("u1", null, 2), { ...A("a2", "u1", 2) }, U("u3", null, 4), A("a4", "zz", 5), IS("is", 6)));
    expect(s.verdict).toMatchObject({ code: "non_monotonic_seq", line: 4 });
    expect(s.diagnostics.filter((d) => d.code.startsWith("SCOREL_INV_") && d.severity === "error").map((d) => [d.code, d.line])).toEqual([
      ["SCOREL_INV_08_NON_MONOTONIC_SEQ", 4],
      ["SCOREL_INV_09_ROOT", 5],
      ["SCOREL_INV_10_PARENT", 6],
      ["SCOREL_INV_07_DUPLICATE_ID", 7],
    ]);
    expect(s.diagnostics.find((d) => d.code === "SCOREL_INV_10_PARENT")).toMatchObject({ eventId: "a4", pointer: "/parentId" });
  });
  it("events below a node left out of the tree get one info each, not another error", () => {
    const s = parse(jsonl(header(), IS("is", 1), U("u1", null, 2), A("a2", "missing", 3), U("u3", "a2", 4)));
    expect(byCode(s, "SCOREL_INV_10_PARENT")).toHaveLength(1);
    expect(byCode(s, "SCOREL_NOT_IN_TREE")).toMatchObject([{ severity: "info", eventId: "u3" }]);
  });
});

describe("design-profile invariants (D)", () => {
  const DH = { version: 1, sessionId: "ses_test", deviceId: "d", createdAt: 1000, meta: { model: "m", thinkingLevel: "low" } };
  const M = (id: string, parent: string | null, seq: number, role = "user", meta?: object) =>
    ev("message", id, parent, seq, { message: { role, content: [text(id)], ...(meta ? { meta } : {}) } });
  const design = (...events: object[]) => parse(jsonl(DH, ...events));
  it("D-rules run only under the design profile", () => {
    const text2 = jsonl(DH, M("e1", null, 1), M("e2", "e1", 2, "assistant"), ev("rewind", "r", "e2", 3, { targetEventId: "e2" }));
    only(parse(text2), "SCOREL_INV_28_REWIND_TARGET");
    expect(byCode(parse(text2, "p5"), "SCOREL_INV_28_REWIND_TARGET")).toEqual([]);
  });
  it("28: §13 case 39 (SC-SESSDOC example) is valid; a missing, later, non-boundary or pre-compact target is flagged", () => {
    expect(
      byCode(
        design(
          M("e01", null, 1),
          M("e02", "e01", 5, "assistant"),
          M("e03", "e01", 10),
          ev("rewind", "e04", "e03", 15, { targetEventId: "e01" }),
          M("e05", "e01", 16),
        ),
        "SCOREL_INV_28_REWIND_TARGET",
      ),
    ).toEqual([]);
    only(design(M("e1", null, 1), ev("rewind", "r", "e1", 2, { targetEventId: "zz" })), "SCOREL_INV_28_REWIND_TARGET");
    only(design(M("e1", null, 1), ev("rewind", "r", "e1", 2, { targetEventId: "e3" }), M("e3", "e1", 3)), "SCOREL_INV_28_REWIND_TARGET");
    const compact = ev("compact", "c", "e2", 3, { summary: "s", compactedThrough: "e2", tokensBefore: 1, tokensAfter: 1 });
    const past = only(
      design(M("e1", null, 1), M("e2", "e1", 2, "assistant"), compact, M("e4", "c", 4), ev("rewind", "r", "e4", 5, { targetEventId: "e1" }), M("e6", "e1", 6)),
      "SCOREL_INV_28_REWIND_TARGET",
    );
    expect(past[0].message).toContain("cannot_rewind_past_compact");
  });
  it("29: branch names an existing leaf", () => {
    const base = [M("e1", null, 1), M("e2", "e1", 2, "assistant"), M("e3", "e1", 3, "assistant")];
    expect(byCode(design(...base, ev("branch", "b", "e3", 4, { leafEventId: "e2" })), "SCOREL_INV_29_BRANCH_LEAF")).toEqual([]);
    only(design(...base, ev("branch", "b", "e3", 4, { leafEventId: "e1" })), "SCOREL_INV_29_BRANCH_LEAF");
    only(design(...base, ev("branch", "b", "e3", 4, { leafEventId: "zz" })), "SCOREL_INV_29_BRANCH_LEAF");
  });
  it("30: compactedThrough on the compact's root path", () => {
    const c = (through: string) => ev("compact", "c", "e2", 4, { summary: "s", compactedThrough: through, tokensBefore: 1, tokensAfter: 1 });
    const base = [M("e1", null, 1), M("e2", "e1", 2, "assistant"), M("e3", "e1", 3, "assistant")];
    expect(byCode(design(...base, c("e2")), "SCOREL_INV_30_COMPACT_THROUGH")).toEqual([]);
    only(design(...base, c("e3")), "SCOREL_INV_30_COMPACT_THROUGH");
  });
  it("31: channel_inject immediately followed by a message", () => {
    const ci = ev("channel_inject", "ci", null, 1, { channel: "telegram", externalId: "x" });
    expect(byCode(design(ci, M("e1", "ci", 2)), "SCOREL_INV_31_CHANNEL_INJECT")).toEqual([]);
    only(design(ci, ev("session_info", "si", "ci", 2, { changes: {} }), M("e1", "si", 3)), "SCOREL_INV_31_CHANNEL_INJECT");
    only(design(M("e1", null, 1), { ...ci, parentId: "e1", seq: 2 }), "SCOREL_INV_31_CHANNEL_INJECT");
  });
  it("32: an internal-role message never reaches the model through steer merge", () => {
    expect(byCode(design(M("e1", null, 1), M("e2", "e1", 2, "internal")), "SCOREL_INV_32_INTERNAL_ROLE")).toEqual([]);
    only(design(M("e1", null, 1), M("e2", "e1", 2, "internal", { source: "steer" })), "SCOREL_INV_32_INTERNAL_ROLE");
  });
});
