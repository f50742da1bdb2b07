// toItem (restore.ts): a logged item already in the replayed shape is used as it is, any other is copied to it.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isItemShape, toItem } from "../../../../src/formats/yoi/restore.js";

/** The copy toItem made of every item before it reused any: the reference for key order and content. */
function copied(r: Record<string, unknown>): Record<string, unknown> {
  switch (r.kind) {
    case "message":
      return { kind: "message", role: typeof r.role === "string" ? r.role : Object.keys(r.role as object)[0], content: r.content };
    case "tool_call":
      return { kind: "tool_call", call_id: r.call_id, name: r.name, arguments: r.arguments };
    case "tool_result": {
      const it: Record<string, unknown> = { kind: "tool_result", call_id: r.call_id, summary: r.summary };
      if (r.content != null) it.content = r.content;
      if (Array.isArray(r.attachments) && r.attachments.length > 0) it.attachments = r.attachments;
      if (r.is_error === true) it.is_error = true;
      return it;
    }
    default: {
      const it: Record<string, unknown> = { kind: "reasoning", text: r.text };
      if (Array.isArray(r.summary) && r.summary.length > 0) it.summary = r.summary;
      if (r.encrypted_content != null) it.encrypted_content = r.encrypted_content;
      if (r.signature != null) it.signature = r.signature;
      return it;
    }
  }
}

const sameJson = (a: unknown, b: unknown) => expect(JSON.stringify(a)).toBe(JSON.stringify(b));

describe("toItem", () => {
  it("returns an item of the replayed shape itself, and copies any other to that shape", () => {
    const reused = [
      { kind: "message", role: "user", content: [{ kind: "text", text: "hi" }] },
      { kind: "tool_call", call_id: "c", name: "read", arguments: "{}" },
      { kind: "tool_result", call_id: "c", summary: "s" },
      { kind: "tool_result", call_id: "c", summary: "s", content: "x", is_error: true },
      { kind: "tool_result", call_id: "c", summary: "s", content: "x", attachments: [{ kind: "image" }], is_error: true },
      { kind: "reasoning", text: "t", signature: "sig" },
      { kind: "reasoning", text: "t", summary: ["a"], encrypted_content: "e", signature: "sig" },
    ];
    for (const r of reused) expect(toItem(r), JSON.stringify(r)).toBe(r);
    const copiedOnes: Record<string, unknown>[] = [
      { kind: "message", role: { assistant: null }, content: [] },
      { kind: "message", content: [], role: "user" },
      { kind: "message", role: "user", content: [], id: "m1" },
      { kind: "tool_call", name: "read", call_id: "c", arguments: "{}" },
      { kind: "tool_call", call_id: "c", name: "read", arguments: "{}", status: "done" },
      { kind: "tool_result", call_id: "c", summary: "s", content: null },
      { kind: "tool_result", call_id: "c", summary: "s", is_error: false },
      { kind: "tool_result", call_id: "c", summary: "s", attachments: [] },
      { kind: "tool_result", call_id: "c", summary: "s", is_error: true, content: "x" },
      { kind: "reasoning", text: "t", summary: [], signature: null },
      { kind: "reasoning", text: "t", encrypted_content: null },
      { kind: "reasoning", signature: "s", text: "t" },
      JSON.parse('{"kind":"tool_call","call_id":"c","name":"n","arguments":"{}","__proto__":1}') as Record<string, unknown>,
    ];
    for (const r of copiedOnes) {
      const it = toItem(r);
      expect(it, JSON.stringify(r)).not.toBe(r);
      sameJson(it, copied(r));
    }
  });

  it("equals the copy, keys in the same order, for any mix of fields (property)", () => {
    const value = fc.oneof(fc.constant(null), fc.boolean(), fc.string({ maxLength: 3 }), fc.array(fc.nat(3), { maxLength: 2 }));
    const keys = [
      "kind",
      "role",
      "content",
      "call_id",
      "name",
      "arguments",
      "summary",
      "attachments",
      "is_error",
      "text",
      "encrypted_content",
      "signature",
      "id",
    ];
    const item = fc
      .tuple(
        fc.constantFrom("message", "tool_call", "tool_result", "reasoning"),
        fc.uniqueArray(fc.constantFrom(...keys.slice(1)), { maxLength: 6 }),
        fc.array(value, { minLength: 6, maxLength: 6 }),
        fc.nat(6),
      )
      .map(([kind, ks, vs, at]) => {
        const entries: [string, unknown][] = ks.map((k, i) => [k, k === "role" && typeof vs[i] !== "string" ? "user" : vs[i]]);
        // The reader's checks admit no message without a role.
        if (kind === "message" && !ks.includes("role")) entries.push(["role", "user"]);
        entries.splice(Math.min(at, entries.length), 0, ["kind", kind]);
        return Object.fromEntries(entries);
      });
    fc.assert(
      fc.property(item, (r) => {
        const it = toItem(r);
        sameJson(it, copied(r));
        expect(Object.keys(it)).toEqual(Object.keys(copied(r)));
      }),
      { numRuns: 2000 },
    );
  });

  it("isItemShape: the fixed keys in order, then optional keys in their order when kept", () => {
    const opt = [["b", (v: unknown) => v === 1] as const, ["c", () => true] as const];
    expect(isItemShape({ a: 0 }, ["a"], opt)).toBe(true);
    expect(isItemShape({ a: 0, b: 1, c: 0 }, ["a"], opt)).toBe(true);
    expect(isItemShape({ a: 0, c: 0 }, ["a"], opt)).toBe(true);
    expect(isItemShape({ a: 0, c: 0, b: 1 }, ["a"], opt)).toBe(false);
    expect(isItemShape({ a: 0, b: 2 }, ["a"], opt)).toBe(false);
    expect(isItemShape({ b: 1 }, ["a"], opt)).toBe(false);
    expect(isItemShape({}, ["a"])).toBe(false);
    expect(isItemShape({ a: 0, x: 1 }, ["a"])).toBe(false);
  });
});
