// The loader verdict: what SC-CORE3..5 loadSession does (scorel-format §1, §3, §12 E-rules, §15.3/6/7).
import { describe, expect, it } from "vitest";
import { A, byCode, C, ev, H, header, IS, jsonl, parse, Q, SID, T, U, X, Acall } from "./helpers.js";

const verdict = (text: string, profile?: string) => parse(text, profile).verdict;

describe("scorel-format §1 reader steps", () => {
  it("§1 step 2: an empty file is missing_header", () => {
    expect(verdict("")).toMatchObject({ code: "missing_header", message: "Session file is missing a header", loader: true });
  });
  it("§1 step 2: an empty physical line 1 is missing_header even when a header follows", () => {
    const s = parse("\n" + jsonl(header(), U("u1", null, 1)));
    expect(s.verdict).toMatchObject({ code: "missing_header", line: 1 });
    expect(byCode(s, "SCOREL_INV_01_MISSING_HEADER")).toHaveLength(1);
    // sightline keeps reading: the header on line 2 and the event on line 3 are still understood.
    expect(s.tree.nodes).toEqual(["u1"]);
  });
  it("§1 step 1: CRLF line ends are split away (\\r?\\n)", () => {
    const s = parse(jsonl(header(), IS("is", 1), U("u1", null, 2)).replace(/\n/g, "\r\n"));
    expect(s.verdict).toBeNull();
    expect(byCode(s, "CRLF_LINE")).toHaveLength(1);
  });
  it("§1 step 1: a lone \\r line counts as empty and is dropped", () => {
    expect(verdict(jsonl(header(), IS("is", 1)) + "\r\n" + jsonl(U("u1", null, 2)))).toBeNull();
  });
  it("§1 step 1: a final \r without \n is not a line break: that line fails JSON", () => {
    expect(verdict(jsonl(header(), IS("is", 1)) + "\r")).toMatchObject({ code: "invalid_json", message: "Invalid JSON at line 3" });
  });
  it("§1 step 3: empty lines after line 1 are dropped", () => {
    expect(verdict(jsonl(header(), IS("is", 1)) + "\n\n" + jsonl(U("u1", null, 2)))).toBeNull();
  });
  it("§1 step 3: a whitespace-only line is not dropped and fails JSON with its line number", () => {
    expect(verdict(jsonl(header(), IS("is", 1)) + "   \n" + jsonl(U("u1", null, 2)))).toMatchObject({
      code: "invalid_json",
      message: "Invalid JSON at line 3",
      line: 3,
    });
  });
  it("§1 step 4: invalid_json carries the 1-based physical line", () => {
    expect(verdict(jsonl(header(), IS("is", 1)) + "\n{oops\n")).toMatchObject({ code: "invalid_json", message: "Invalid JSON at line 4", line: 4 });
  });
  it("§1 step 6: a torn last line fails JSON (no tolerance rule)", () => {
    const text = jsonl(header(), IS("is", 1), U("u1", null, 2));
    const s = parse(text.slice(0, -10));
    expect(s.verdict).toMatchObject({ code: "invalid_json", message: "Invalid JSON at line 3" });
    expect(byCode(s, "TORN_LAST_LINE")).toHaveLength(1);
  });
});

describe("scorel-format §2.1 header (parseHeader)", () => {
  const cases: Array<[string, unknown, string]> = [
    ["not an object", [1, 2], "Session header must be an object"],
    ["version 2", header({ version: 2 }), "Session header is missing required identity fields"],
    ["no sessionId", header({ sessionId: 5 }), "Session header is missing required identity fields"],
    ["no deviceId", header({ deviceId: undefined }), "Session header is missing required identity fields"],
    ["string createdAt", header({ createdAt: "1" }), "Session header is missing createdAt or meta"],
    ["meta null", header({ meta: null }), "Session header is missing createdAt or meta"],
    ["meta.projectSlug (pre-S0048, SC-TEST3)", header({ meta: { projectSlug: "legacy" } }), "Session header is missing meta.projectId"],
    ["empty projectId", header({ meta: { projectId: "" } }), "Session header is missing meta.projectId"],
  ];
  for (const [what, h, message] of cases) {
    it(`invariant 3: ${what} → invalid_header "${message}"`, () => {
      const s = parse(jsonl(h));
      expect(s.verdict).toMatchObject({ code: "invalid_header", message, line: 1 });
      expect(byCode(s, "SCOREL_INV_03_INVALID_HEADER")).toHaveLength(1);
    });
  }
  it("extra header fields and clonedFrom are tolerated", () => {
    expect(verdict(jsonl(header({ extra: 1, clonedFrom: { sessionId: "x", deviceId: "d", eventId: "e" } }), IS("is", 1)))).toBeNull();
  });
  it("a file whose line 1 is an event reports the missing header once and still reads that event", () => {
    const s = parse(jsonl(U("u1", null, 1), A("a2", "u1", 2)));
    expect(s.verdict).toMatchObject({ code: "invalid_header", message: "Session header is missing required identity fields" });
    expect(s.tree.nodes).toEqual(["u1", "a2"]);
  });
});

describe("scorel-format §3 validation order (a)-(f)", () => {
  it("(a) an event without a string sessionId is invalid_header (sic), before its type is looked at", () => {
    const bad = { ...ev("nonsense", "e1", null, 1) };
    delete bad.sessionId;
    expect(verdict(jsonl(header(), bad))).toMatchObject({ code: "invalid_header", message: "Event must be an object with a sessionId" });
  });
  it("(a) a non-object event line is invalid_header", () => {
    expect(verdict(jsonl(header(), 42))).toMatchObject({ code: "invalid_header", message: "Event must be an object with a sessionId", line: 2 });
  });
  it("(b) session_mismatch wins over an unsupported type", () => {
    expect(verdict(jsonl(header(), { ...ev("nonsense", "e1", null, 1), sessionId: "other" }))).toMatchObject({
      code: "session_mismatch",
      message: `Event belongs to other, expected ${SID}`,
    });
  });
  it("(c) unsupported type, then base fields, then payload", () => {
    expect(verdict(jsonl(header(), ev("message", "e1", null, 1, { message: {} })), "p5")).toMatchObject({
      code: "invalid_event",
      message: "Unsupported session event type",
    });
    expect(verdict(jsonl(header(), { ...U("u1", null, 1), clientId: 3 }))).toMatchObject({
      code: "invalid_event",
      message: "Event is missing required base fields",
    });
    expect(verdict(jsonl(header(), { ...U("u1", null, 1), message: null }))).toMatchObject({
      code: "invalid_event",
      message: "Message event is missing message payload",
    });
  });
  it("(c) invariant 4: session_header after line 1 and transient types", () => {
    expect(verdict(jsonl(header(), ev("session_header", "h2", null, 1, { protocolVersion: 5, meta: {} })))).toMatchObject({
      code: "invalid_event",
      message: "Session header must be stored as the JSONL header line",
    });
    const s = parse(jsonl(header(), ev("message_start", "m", null, 1)));
    expect(s.verdict).toMatchObject({ code: "invalid_event", message: "Unsupported session event type" });
    expect(byCode(s, "SCOREL_INV_04_MISPLACED_EVENT")).toHaveLength(1);
  });
  it("(d) duplicate ids across tree and control events: duplicate_event_id", () => {
    const s = parse(jsonl(header(), IS("x", 1), U("x", null, 2)));
    expect(s.verdict).toMatchObject({ code: "duplicate_event_id", message: "Duplicate event id: x", line: 3 });
    expect(s.tree.nodes).toEqual([]);
  });
  it("(d) before (e): a duplicate id with a bad seq reports the duplicate", () => {
    expect(verdict(jsonl(header(), IS("x", 5), U("x", null, 2)))?.code).toBe("duplicate_event_id");
  });
  it("(e) seq must grow across control and tree events; gaps are fine", () => {
    expect(verdict(jsonl(header(), IS("is", 3), U("u1", null, 9), A("a2", "u1", 40)))).toBeNull();
    expect(verdict(jsonl(header(), IS("is", 3), U("u1", null, 3)))).toMatchObject({ code: "non_monotonic_seq", message: "Event seq 3 must be greater than 3" });
  });
  it("§15.6: seq 0 on the first event fails; any JSON number counts (1.5 then 2)", () => {
    expect(verdict(jsonl(header(), IS("is", 0)))).toMatchObject({ code: "non_monotonic_seq", message: "Event seq 0 must be greater than 0" });
    expect(verdict(jsonl(header(), IS("is", 1.5), U("u1", null, 2)))).toBeNull();
    expect(verdict(jsonl(header(), IS("is", -1)))).toMatchObject({ message: "Event seq -1 must be greater than 0" });
  });
  it("(f) §13 case 20: a second null parent is invalid_parent", () => {
    expect(verdict(jsonl(header(), U("u1", null, 1), U("u2", null, 2)))).toMatchObject({
      code: "invalid_parent",
      message: "Only the first event can have a null parentId",
      line: 3,
    });
  });
  it("(f) §13 case 19: a parent that is a control event is a missing parent", () => {
    expect(verdict(jsonl(header(), Q("q", 1, "steer", []), U("u1", null, 2), A("a2", "q", 3)))).toMatchObject({
      code: "invalid_parent",
      message: "Missing parent event: q",
    });
  });
  it("(f) a parent that comes later in the file is a missing parent", () => {
    const s = parse(jsonl(header(), U("u1", null, 1), A("a2", "u3", 2), U("u3", "u1", 3)));
    expect(s.verdict).toMatchObject({ code: "invalid_parent", message: "Missing parent event: u3", line: 3 });
    expect(byCode(s, "SCOREL_INV_10_PARENT")[0].message).toContain("later event");
  });
  it("(f) the first tree event must be the root: a non-null parent on it is a missing parent", () => {
    const s = parse(jsonl(header(), U("u1", "nothing", 1)));
    expect(s.verdict).toMatchObject({ code: "invalid_parent", message: "Missing parent event: nothing" });
    expect(byCode(s, "SCOREL_INV_10_PARENT")[0].message).toContain("the first tree event must have parentId null");
  });
  it("control events' parentId is ignored by the loader (invariant 11 is audit-level)", () => {
    const s = parse(jsonl(header(), { ...IS("is", 1), parentId: "whatever" }, U("u1", null, 2)));
    expect(s.verdict).toBeNull();
    expect(byCode(s, "SCOREL_INV_11_CONTROL_PARENT")).toHaveLength(1);
  });
});

describe("scorel-format §15 corrections (loader)", () => {
  it("§15.7: an invalid-JSON line anywhere wins over an earlier bad event", () => {
    const s = parse(jsonl(header(), { ...U("u1", null, 1), sessionId: "other" }, A("a2", "u1", 2)) + "{torn\n");
    expect(s.verdict).toMatchObject({ code: "invalid_json", message: "Invalid JSON at line 4" });
    // Every problem is still reported as its own finding.
    expect(byCode(s, "SCOREL_INV_05_SESSION_MISMATCH")).toHaveLength(1);
    expect(byCode(s, "SCOREL_INV_02_INVALID_JSON")).toHaveLength(1);
  });
  it("§15.7: a whitespace-only line 1 is invalid_json on line 1, not missing_header", () => {
    expect(verdict("  \n" + jsonl(header()))).toMatchObject({ code: "invalid_json", message: "Invalid JSON at line 1", line: 1 });
  });
  it("§15.7: a BOM-prefixed line 1 is invalid_json on line 1, and the rest is still analysed", () => {
    const s = parse("\uFEFF" + jsonl(header(), IS("is", 1), { ...U("u1", null, 2), sessionId: "other" }));
    expect(s.verdict).toMatchObject({ code: "invalid_json", message: "Invalid JSON at line 1", line: 1 });
    expect(byCode(s, "SCOREL_INV_02_INVALID_JSON")[0].message).toContain("byte order mark");
    expect(byCode(s, "SCOREL_INV_05_SESSION_MISMATCH")).toHaveLength(1);
  });
  it("§15.3: context_control is rejected by the P4a loader, accepted by P4 (P4b) and P5", () => {
    const text = jsonl(header(), IS("is", 1), U("u1", null, 2), A("a2", "u1", 3), U("u3", "a2", 4), X("x", 5, "u1", "a2"));
    expect(verdict(text, "p4a")).toMatchObject({ code: "invalid_event", message: "Unsupported session event type", line: 6 });
    expect(byCode(parse(text, "p4a"), "PROFILE_MISMATCH")[0].message).toContain("§15.3");
    expect(verdict(text, "p4")).toBeNull();
    expect(verdict(text, "p5")).toBeNull();
  });
  it("§15.1: no loader checks harness_item.item.data (a string data loads; the schema warns)", () => {
    const s = parse(
      jsonl(header(), IS("is", 1), H("h", null, 2, "memory", "system", "m", "hidden", undefined), {
        ...H("h2", "h", 3),
        item: { kind: "memory", origin: "system", content: "x", visibility: "hidden", data: "abc" },
      }),
    );
    expect(s.verdict).toBeNull();
    expect(byCode(s, "SCHEMA").map((d) => d.pointer)).toEqual(["/item/data"]);
  });
  it("§15.2: a string message.meta loads (buildContext spreads it); the schema warns", () => {
    const s = parse(jsonl(header(), IS("is", 1), U("u1", null, 2, "x", { meta: "ab" })));
    expect(s.verdict).toBeNull();
    expect(byCode(s, "SCHEMA").map((d) => d.pointer)).toEqual(["/message/meta"]);
  });
  it("§15.5: a non-integer retainedEventCount loads; the audit says nothing is retained", () => {
    const s = parse(jsonl(header(), IS("is", 1), U("u1", null, 2), A("a2", "u1", 3), C("c", "a2", 4, "a2", 1.5)));
    expect(s.verdict).toBeNull();
    expect(byCode(s, "SCOREL_INV_19_COMPACT_SHAPE")[0].message).toContain("nothing is retained");
  });
});

describe("per-profile event tables (§4, invariants 6, 18, 26)", () => {
  const withCompact = jsonl(header(), IS("is", 1), U("u1", null, 2), A("a2", "u1", 3), C("c", "a2", 4, "a2"));
  it("P3 rejects compact; P4a accepts it", () => {
    expect(verdict(withCompact, "p3")).toMatchObject({ code: "invalid_event", message: "Unsupported session event type", line: 5 });
    expect(verdict(withCompact, "p4a")).toBeNull();
  });
  it("invariant 18: the P4+ compact needs all five payload fields", () => {
    const bad = { ...C("c", "a2", 4, "a2") };
    delete bad.tokensAfter;
    expect(verdict(jsonl(header(), IS("is", 1), U("u1", null, 2), A("a2", "u1", 3), bad))).toMatchObject({
      code: "invalid_event",
      message: "compact is missing summary payload",
    });
  });
  it("invariant 26: skill scope extension is P4+ (P3 rejects it)", () => {
    const entry = { name: "s", path: "/s", scope: "extension", description: "d", mtimeMs: 1, size: 1, contentHash: "h", priority: 0 };
    const text = jsonl(header(), ev("skill_index_snapshot", "sk", null, 1, { anchorEventId: null, entries: [entry] }));
    expect(verdict(text, "p3")).toMatchObject({ code: "invalid_event", message: "skill_index_snapshot is missing entries" });
    expect(verdict(text, "p4")).toBeNull();
  });
  it("invariant 26: skill_index_delta removed entries need name and previousPath", () => {
    const text = jsonl(header(), ev("skill_index_delta", "sk", null, 1, { anchorEventId: null, added: [], changed: [], removed: [{ name: "s" }] }));
    expect(verdict(text)).toMatchObject({ code: "invalid_event", message: "skill_index_delta is missing delta payload" });
  });
  it("invariant 27 (E): title non-empty, source model|user, derivedFrom {eventId, seq}", () => {
    const t = (o: object) => verdict(jsonl(header(), ev("session_title_updated", "t", null, 1, { title: "T", source: "user", ...o })));
    expect(t({})).toBeNull();
    expect(t({ source: "ai" })).toMatchObject({ message: "session_title_updated is missing title payload" });
    expect(t({ derivedFrom: { eventId: "e" } })).toMatchObject({ message: "session_title_updated is missing title payload" });
  });
  it("invariant 24: queue items need id, array content, numeric times and clientId; anchor null|string", () => {
    const q = (o: object) => verdict(jsonl(header(), { ...Q("q", 1, "steer", ["i1"]), ...o }));
    expect(q({})).toBeNull();
    expect(q({ queue: "later" })).toMatchObject({ message: "queue_update is missing queue payload" });
    expect(q({ anchorEventId: 3 })).toMatchObject({ message: "queue_update is missing queue payload" });
    expect(q({ items: [{ id: "i", content: "x", createdAt: 1, updatedAt: 1, clientId: "c" }] })).toMatchObject({
      message: "queue_update is missing queue payload",
    });
  });
  it("invariant 22: sections need string kind, number frozenAt, string renderedBlock (kind enum is not checked)", () => {
    const snap = (sections: object[]) => verdict(jsonl(header(), ev("instruction_snapshot", "is", null, 1, { snapshot: { version: 1, cwd: "/", sections } })));
    expect(snap([{ kind: "custom", frozenAt: 1, renderedBlock: "" }])).toBeNull();
    expect(snap([{ kind: "baseline", frozenAt: "1", renderedBlock: "" }])).toMatchObject({ message: "instruction_snapshot is missing snapshot payload" });
  });
  it("invariant 20: context_control operation, ids, actor enum, optional string reason", () => {
    const x = (o: object) => verdict(jsonl(header(), IS("is", 1), U("u1", null, 2), A("a2", "u1", 3), { ...X("x", 4, "u1", "a2"), ...o }));
    expect(x({ reason: "r" })).toBeNull();
    expect(x({ operation: "hide" })).toMatchObject({ message: "context_control is missing hide_user_turn payload" });
    expect(x({ reason: 5 })).toMatchObject({ message: "context_control is missing hide_user_turn payload" });
  });
  it("invariant 16: harness item visibility enum is checked, kind/origin only as strings", () => {
    expect(verdict(jsonl(header(), IS("is", 1), H("h", null, 2, "foo", "bar")))).toBeNull();
    expect(verdict(jsonl(header(), IS("is", 1), H("h", null, 2, "steer", "user", "c", "model")))).toMatchObject({
      message: "harness_item is missing item payload",
    });
  });
  it("tool_result and assistant events only need an object message", () => {
    expect(verdict(jsonl(header(), IS("is", 1), U("u1", null, 2), Acall("a", "u1", 3, "c1"), T("t", "a", 4, "c1")))).toBeNull();
  });
});
