// session.tree, lineOf and ids (scorel-format §7.1, §7.2, §11; design §2).
import { describe, expect, it } from "vitest";
import { checkLeafRequest } from "../../../../../src/formats/scorel/parse.js";
import { A, ev, header, IS, jsonl, parse, parseFixture, Q, text, U } from "./helpers.js";

describe("shipped tree (§7.1)", () => {
  it("§13 case 16: branches keep append order; leaves [A2, A3]; active leaf A3", () => {
    const s = parse(jsonl(header(), U("u1", null, 1), A("a2", "u1", 2), A("a3", "u1", 3)));
    expect(s.tree.nodes).toEqual(["u1", "a2", "a3"]);
    expect(s.tree.children.get("u1")).toEqual(["a2", "a3"]);
    expect(s.tree.leaves).toEqual(["a2", "a3"]);
    expect(s.tree.activeLeafId).toBe("a3");
    expect(s.tree.parent.get("u1")).toBeNull();
  });
  it("§13 case 17: control events are not nodes and never move the active leaf", () => {
    const s = parse(jsonl(header(), U("u1", null, 1), Q("q", 2, "follow_up", ["f"]), A("a2", "u1", 3), IS("is", 4)));
    expect(s.tree.nodes).toEqual(["u1", "a2"]);
    expect(s.tree.leaves).toEqual(["a2"]);
    expect(s.tree.activeLeafId).toBe("a2");
    expect(s.events.map((e) => [e.id, e.tree])).toEqual([
      ["u1", true],
      ["q", false],
      ["a2", true],
      ["is", false],
    ]);
  });
  it("the active leaf is the last appended tree event even when it rewinds to an older node", () => {
    const s = parse(jsonl(header(), U("u1", null, 1), A("a2", "u1", 2), U("u3", "a2", 3), A("a4", "u1", 4)));
    expect(s.tree.activeLeafId).toBe("a4");
    expect(s.tree.leaves).toEqual(["u3", "a4"]);
  });
  it("an empty session has no active leaf; id = header sessionId; lineOf covers every event id", () => {
    const s = parse(jsonl(header(), IS("is", 1)));
    expect(s.tree.activeLeafId).toBeNull();
    expect(s.id).toBe("ses_test");
    expect(s.lineOf.get("is")).toBe(2);
    const p5 = parseFixture("valid/p5-session.jsonl");
    for (const e of p5.events) expect(p5.lineOf.get(e.id)).toBe(e.line);
    expect(p5.lineCount).toBe(20);
    expect(p5.header).toMatchObject({ version: 1 });
  });
  it("events keep the parsed object untouched and typed base fields", () => {
    const s = parse(jsonl(header(), U("u1", null, 1)));
    expect(s.events[0]).toMatchObject({ line: 2, type: "user_message", id: "u1", parentId: null, seq: 1, tree: true });
    expect(s.events[0].raw).toEqual(JSON.parse(jsonl(U("u1", null, 1)).replace(/"ts":\d+/, `"ts":${s.events[0].raw.ts}`)));
    expect(s.byId.get("u1")).toBe(s.events[0]);
  });
  it("§13 case 18 / invariant 15: a leaf request must name a tree node", () => {
    const s = parse(jsonl(header(), IS("is", 1), U("u1", null, 2), Q("q", 3, "steer", [])));
    expect(checkLeafRequest(s, "u1")).toBeNull();
    expect(checkLeafRequest(s, "q")).toMatchObject({ code: "SCOREL_INV_15_LEAF_NOT_TREE", line: 4, eventId: "q" });
    expect(checkLeafRequest(s, "q")!.message).toContain("Unknown event id: q");
    expect(checkLeafRequest(s, "zz")!.message).toContain("names no event");
  });
});

describe("design tree and leaf pointer (§7.2)", () => {
  it("§13 case 39: rewind stays a dead end under the old leaf; the leaf after e05 is e05", () => {
    const s = parseFixture("design/session-example.jsonl");
    expect(s.tree.parent.get("e04")).toBe("e03");
    expect(s.tree.parent.get("e05")).toBe("e01");
    expect(s.tree.activeLeafId).toBe("e05");
    expect(s.tree.leaves).toEqual(["e02", "e04", "e05"]);
  });
  it("a rewind as the last event moves the leaf to its target; branch moves it to another leaf", () => {
    const DH = { version: 1, sessionId: "ses_test", deviceId: "d", createdAt: 1000, meta: { model: "m", thinkingLevel: "low" } };
    const M = (id: string, parent: string | null, seq: number, role = "user") => ev("message", id, parent, seq, { message: { role, content: [text(id)] } });
    const rewound = parse(jsonl(DH, M("e1", null, 1), M("e2", "e1", 2, "assistant"), ev("rewind", "r", "e2", 3, { targetEventId: "e1" })));
    expect(rewound.tree.activeLeafId).toBe("e1");
    const branched = parseFixture("design/session-full.jsonl");
    expect(branched.tree.activeLeafId).toBe("d12");
    expect(branched.tree.parent.get("d14")).toBe("d13");
    // session_info / custom / channel_inject are nodes that do not move the leaf
    expect(branched.tree.nodes).toContain("d01");
  });
});

describe("G0 tree (§11, design §2 ids)", () => {
  it("§13 case 43: m1(user), m2, m3(user), m4, rewind→m3: the active path is [m1, m2, m3] and the next message hangs under m3", () => {
    const s = parseFixture("g0/log.jsonl");
    expect(s.tree.nodes).toEqual(["msg-1f0c", "msg-2a77", "msg-3b12", "msg-4c9e", "msg-5d01", "msg-6e44", "legacy-msg-10"]);
    expect(s.tree.parent.get("msg-6e44")).toBe("msg-3b12");
    expect(s.tree.children.get("msg-3b12")).toEqual(["msg-4c9e", "msg-6e44"]);
    expect(s.tree.activeLeafId).toBe("legacy-msg-10");
    expect(s.events.find((e) => e.id === "msg-6e44")!.parentId).toBe("msg-3b12");
  });
  it("entries without id get legacy-<kind>-<n> (msg for messages; n counts non-blank lines, as upstream)", () => {
    const s = parseFixture("g0/log.jsonl");
    expect(s.events.map((e) => e.id).slice(5)).toEqual(["legacy-channel-6", "rewind-7e2f", "msg-6e44", "compact-0a1b", "legacy-msg-10"]);
    expect(s.lineOf.get("legacy-msg-10")).toBe(10);
    const blank = parseFixture("g0/blank-lines.jsonl");
    expect(blank.lineOf.get("legacy-msg-10")).toBe(11);
  });
  it("a rewind as the last entry makes its target the active leaf", () => {
    const g = (o: object) => JSON.stringify(o);
    const s = parse(
      [
        g({ kind: "message", id: "m1", at: 1, message: { role: "user", content: "a" } }),
        g({ kind: "message", id: "m2", at: 2, message: { role: "assistant", content: [] } }),
        g({ kind: "rewind", id: "r", at: 3, targetMessageId: "m1" }),
      ].join("\n") + "\n",
    );
    expect(s.profile).toBe("g0");
    expect(s.tree.activeLeafId).toBe("m1");
    expect(s.id).toBeUndefined();
    expect(s.header).toBeNull();
  });
});
