// JSON Schemas of Scorel lines: what the loader tolerates becomes a SCHEMA warning with a JSON pointer.
import { describe, expect, it } from "vitest";
import { validator } from "../../../../../src/schema/ajv.js";
import { checkSchema, eventSchema, headerSchema, SCOREL_SCHEMAS } from "../../../../../src/formats/scorel/schemas.js";
import { A, byCode, ev, H, header, IS, jsonl, parse, session, text, U } from "./helpers.js";

const schemaHits = (s: ReturnType<typeof parse>) => byCode(s, "SCHEMA").map((d) => [d.line, d.pointer]);

describe("Scorel JSON Schemas", () => {
  it("all compile (draft-07, $refs resolve) and have ids and titles", () => {
    checkSchema(headerSchema("p5"), {}); // registers the set
    for (const s of SCOREL_SCHEMAS as Array<{ $id: string; title: string }>) {
      expect(s.$id).toMatch(/^https:\/\/sightline\.dev\/schemas\/scorel\/[a-z0-9-]+\.json$/);
      expect(s.title.length).toBeGreaterThan(5);
      expect(() => validator(s)).not.toThrow();
    }
  });
  it("cover every event type of every profile", () => {
    const shipped = [
      "user_message",
      "assistant_message",
      "tool_result",
      "harness_item",
      "compact",
      "context_control",
      "instruction_snapshot",
      "session_title_updated",
      "queue_update",
      "skill_index_snapshot",
      "skill_index_delta",
    ];
    for (const p of ["p3", "p4a", "p4", "p5"] as const) for (const t of shipped) expect(eventSchema(p, t), `${p} ${t}`).toBeDefined();
    for (const t of [
      "message",
      "rewind",
      "branch",
      "compact",
      "channel_inject",
      "session_info",
      "custom",
      "custom_message",
      "harness_item",
      "instruction_snapshot",
      "context_control",
    ])
      expect(eventSchema("design", t), t).toBeDefined();
    for (const t of ["message", "rewind", "compact", "channel", "file_snapshot"]) expect(eventSchema("g0", t), t).toBeDefined();
    expect(eventSchema("p5", "__proto__")).toBeUndefined();
  });
  it("the P3 schemas know fewer harness kinds and skill scopes", () => {
    const item = H("h", null, 1, "channel_context", "system", "c", "hidden");
    expect(checkSchema(eventSchema("p4", "harness_item")!, item)).toEqual([]);
    expect(checkSchema(eventSchema("p3", "harness_item")!, item).map((i) => i.pointer)).toContain("/item/kind");
  });
});

describe("SCHEMA warnings for what the loader tolerates (§14: types, not enums)", () => {
  it("an unknown stopReason", () => {
    const a = { ...A("a2", "u1", 3), message: { role: "assistant", content: [text("x")], stopReason: "length" } };
    const s = session([U("u1", null, 2), a]);
    expect(s.verdict).toBeNull();
    expect(schemaHits(s)).toEqual([[4, "/message/stopReason"]]);
    expect(byCode(s, "SCHEMA")[0]).toMatchObject({ severity: "warning", eventId: "a2" });
  });
  it("a system_reminder block with an unknown scope, a text block with an unknown visibility", () => {
    const rem = { type: "system_reminder", kind: "time", origin: "system", text: "t", visibility: "model", scope: "forever" };
    const s = session([U("u1", null, 2, "x", { content: [{ ...text("x"), visibility: "secret" }, rem] })]);
    expect(schemaHits(s)).toEqual([
      [3, "/message/content/0/visibility"],
      [3, "/message/content/1/scope"],
    ]);
  });
  it("an instruction section kind outside the six loads (the loader checks only its type); invariant 23 reports it once", () => {
    const snap = ev("instruction_snapshot", "is", null, 1, {
      snapshot: { version: 1, cwd: "/", sections: [{ kind: "custom", frozenAt: 1, renderedBlock: "" }] },
    });
    const s = parse(jsonl(header(), snap));
    expect(s.verdict).toBeNull();
    expect(byCode(s, "SCOREL_INV_23_SNAPSHOT_PLACEMENT")).toHaveLength(1);
    expect(schemaHits(s)).toEqual([]);
  });
  it("an unknown instruction source type in otherwise canonical sections", () => {
    const snap = IS("is", 1) as { snapshot: { sections: Array<Record<string, unknown>> } };
    snap.snapshot.sections[0].sources = [{ sourceType: "web" }];
    const s = parse(jsonl(header(), snap));
    expect(schemaHits(s)).toEqual([[2, "/snapshot/sections/0/sources/0/sourceType"]]);
  });
  it("a header meta.selectedModel without displayName", () => {
    const s = parse(jsonl(header({ meta: { projectId: "p", selectedModel: { modelId: "m", providerId: "p", provider: "p", id: "i" } } }), IS("is", 1)));
    expect(schemaHits(s)).toEqual([[1, "/meta/selectedModel/displayName"]]);
  });
  it("a design header without thinkingLevel (design profile only)", () => {
    const s = parse(
      jsonl(
        { version: 1, sessionId: "ses_test", deviceId: "d", createdAt: 1, meta: { model: "m" } },
        ev("message", "e1", null, 1, { message: { role: "user", content: "hi" } }),
      ),
    );
    expect(s.profile).toBe("design");
    expect(schemaHits(s)).toEqual([[1, "/meta/thinkingLevel"]]);
  });
  it("a G0 message entry with an unknown role", () => {
    const s = parse(JSON.stringify({ kind: "message", id: "m", at: 1, message: { role: "robot" } }) + "\n");
    expect(schemaHits(s)).toEqual([[1, "/message/role"]]);
  });
  it("one finding per problem: an invariant's pointer hides the schema issue at or under it", () => {
    const s = session([U("u1", null, 2), H("h", "u1", 3, "foo", "system", "x", "hidden")]);
    expect(byCode(s, "SCOREL_INV_17_HARNESS_ENUM")).toHaveLength(1);
    expect(schemaHits(s)).toEqual([]);
    const str = session([U("u1", null, 2, "x", { content: "plain" })]);
    expect(byCode(str, "SCOREL_INV_13_CONTENT_BLOCKS")).toHaveLength(1);
    expect(schemaHits(str)).toEqual([]);
  });
  it("lines the loader rejects get their E finding, not schema noise", () => {
    const s = session([{ ...U("u1", null, 2), message: 7 }]);
    expect(byCode(s, "SCOREL_INV_06_INVALID_EVENT")).toHaveLength(1);
    expect(schemaHits(s)).toEqual([]);
  });
});
