// checkInto (schema/ajv.ts): the issues check would return, appended to a list the caller owns, each pointer after a prefix.
import { describe, expect, it } from "vitest";
import { check, checkInto, type SchemaIssue } from "../../../src/schema/ajv.js";

const SCHEMA = {
  $id: "sightline:test/check-into.json",
  type: "object",
  required: ["role", "content"],
  properties: { role: { const: "user" }, content: { type: "array", items: { type: "object", required: ["type"] } } },
};

describe("checkInto", () => {
  it("appends nothing for a valid value and keeps what the list held", () => {
    const out: SchemaIssue[] = [{ pointer: "/x", detail: "earlier" }];
    checkInto(SCHEMA, { role: "user", content: [{ type: "text" }] }, out, "/message");
    expect(out).toEqual([{ pointer: "/x", detail: "earlier" }]);
  });

  it("appends check's issues in order, under the prefix", () => {
    const bad = { role: "bot", content: [{}, 3] };
    const issues = check(SCHEMA, bad);
    expect(issues.length).toBeGreaterThanOrEqual(3);
    const out: SchemaIssue[] = [{ pointer: "/x", detail: "earlier" }];
    checkInto(SCHEMA, bad, out, "/message");
    expect(out).toEqual([{ pointer: "/x", detail: "earlier" }, ...issues.map((i) => ({ pointer: `/message${i.pointer}`, detail: i.detail }))]);
    const plain: SchemaIssue[] = [];
    checkInto(SCHEMA, bad, plain);
    expect(plain).toEqual(issues);
  });
});
