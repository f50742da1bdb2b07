// The shortcuts of the digest check (hash.ts, digest.ts) against the plain definitions they stand for: the
// remembered sorted JSON, the cache_control strip that shares untouched parts, and the JSON equality that lets a
// frame built for one session serve the next.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { jsonEqual } from "../../../../src/formats/claude-code/digest.js";
import { messageJson, sharedWithoutCacheControl, sortedJson, withoutCacheControl } from "../../../../src/formats/claude-code/hash.js";

// JSON values as JSON.parse gives them, with cache_control and __proto__ keys among the others.
const keyed = fc.oneof(fc.string({ maxLength: 4 }), fc.constantFrom("cache_control", "__proto__", "content", "type"));
const json = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: "small" }, fc.jsonValue({ maxDepth: 0 }), tie("array"), tie("object")),
  array: fc.array(tie("value"), { maxLength: 4 }),
  object: fc
    .array(fc.tuple(keyed, tie("value")), { maxLength: 4 })
    .map((kv) => JSON.parse(`{${kv.map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)}`).join(",")}}`)),
})).value;

describe("claude-code hashing shortcuts", () => {
  it("messageJson gives sortedJson's text, also from the blocks it remembered, for messages and any other value", () => {
    const blocks = new Map<object, string>();
    fc.assert(
      fc.property(json, fc.string({ maxLength: 3 }), (content, role) => {
        for (const v of [{ role, content }, { content: Array.isArray(content) ? content : [content], role }, content]) {
          expect(messageJson(v, blocks)).toBe(sortedJson(v));
          expect(messageJson(v, blocks)).toBe(sortedJson(v));
        }
      }),
    );
    // A copy that shares all blocks but one is built from the remembered ones.
    const shared = { type: "text", text: "kept" };
    blocks.clear();
    messageJson({ role: "user", content: [shared, { type: "text", text: "a" }] }, blocks);
    blocks.set(shared, '"remembered"');
    expect(messageJson({ role: "user", content: [shared, { type: "text", text: "b" }] }, blocks)).toBe(
      '{"content":["remembered",{"text":"b","type":"text"}],"role":"user"}',
    );
  });

  it("sharedWithoutCacheControl is withoutCacheControl as JSON, and the value itself when it holds no cache_control", () => {
    fc.assert(
      fc.property(json, (v) => {
        const shared = sharedWithoutCacheControl(v);
        expect(sortedJson(shared)).toBe(sortedJson(withoutCacheControl(v)));
        if (!sortedJson(v).includes('"cache_control"') && !sortedJson(v).includes('"__proto__"')) expect(shared).toBe(v);
      }),
    );
    const block = { type: "text", text: "a" };
    const m = { role: "user", content: [block, { type: "text", text: "b", cache_control: { type: "ephemeral" } }] };
    const out = sharedWithoutCacheControl(m) as typeof m;
    expect(out).not.toBe(m);
    expect(out.content[0]).toBe(block);
    expect(out.content[1]).toEqual({ type: "text", text: "b" });
    expect(m.content[1]).toHaveProperty("cache_control");
  });

  it("jsonEqual holds exactly when the sorted JSON texts are equal", () => {
    fc.assert(fc.property(json, json, (a, b) => jsonEqual(a, b) === (sortedJson(a) === sortedJson(b))));
    fc.assert(fc.property(json, (a) => jsonEqual(a, JSON.parse(JSON.stringify(a)))));
    expect(jsonEqual({ a: 1, b: [2] }, { b: [2], a: 1 })).toBe(true);
    expect(jsonEqual({ a: [] }, { a: {} })).toBe(false);
  });
});
