// copyMessage with `rules.share` (the incremental builder's mode) against the builder's own copy: the same
// content, key for key and in the same order, the same throws; shared objects where the copy would equal them.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { copyMessage } from "../../../../../src/formats/scorel/context/copy.js";
import { rulesFor } from "../../../../../src/formats/scorel/context/rules.js";
import type { ScorelProfile } from "../../../../../src/formats/scorel/model.js";

const PROFILES: ScorelProfile[] = ["p3", "p4a", "p4", "p5", "p6", "design"];

const item = fc.oneof(
  fc.record({ type: fc.constant("text"), text: fc.string({ maxLength: 3 }) }),
  fc.record({ type: fc.constant("system_reminder"), kind: fc.constant("time"), text: fc.constant("now") }),
  fc.constantFrom<unknown>(null, "s", 3),
);
const result = fc.oneof(
  fc.record({ content: fc.array(item, { maxLength: 3 }) }),
  fc.record({ content: fc.array(item, { maxLength: 2 }), details: fc.constant({ d: 1 }) }),
  fc.record({ details: fc.constant(1), content: fc.array(item, { maxLength: 2 }) }),
  fc.record({ text: fc.constant("x") }),
  fc.record({ content: fc.constant("not an array") }),
  fc.constantFrom<unknown>("ok", [1], null, 7),
);
const data = fc.constantFrom<unknown>(undefined, null, 0, "", "ab", { a: 1 }, [1], false);
const reminder = fc.tuple(data, fc.boolean()).map(([d, dataFirst]) => {
  const rest = { type: "system_reminder", kind: "memory", origin: "system", text: "r", visibility: "model", scope: "session" };
  if (d === undefined) return rest;
  return dataFirst ? { data: d, ...rest } : { ...rest, data: d };
});
const block = fc.oneof(
  fc.record({ type: fc.constantFrom("text", "thinking"), text: fc.string({ maxLength: 3 }) }),
  fc.record({ type: fc.constant("tool_call"), toolCallId: fc.constant("c1"), name: fc.constant("bash"), args: fc.constant({ cmd: "ls" }) }),
  fc.record({ type: fc.constant("tool_result"), toolCallId: fc.constant("c1"), result }),
  reminder,
  fc.constantFrom<unknown>(null, "str", 5, undefined),
);
const message = fc.record({
  role: fc.constantFrom("user", "assistant", "tool_result"),
  content: fc.oneof(fc.array(block, { maxLength: 4 }), fc.constantFrom<unknown>("bare", null)),
  meta: fc.constantFrom<unknown>(undefined, null, "m", { source: "x" }),
});

const attempt = (f: () => unknown): { ok: true; json: string } | { ok: false; error: string } => {
  try {
    const m = f() as { role: unknown; content: unknown };
    return { ok: true, json: JSON.stringify({ role: m.role, content: m.content }) };
  } catch (e) {
    return { ok: false, error: e instanceof Error ? e.message : String(e) };
  }
};

describe("copyMessage, shared mode", () => {
  it("gives the role and content of the builder's copy, in the same key order, and the same throws, for every profile", () => {
    fc.assert(
      fc.property(message, fc.constantFrom(...PROFILES), (m, profile) => {
        const rules = rulesFor(profile);
        const copied = attempt(() => copyMessage(m, rules, "e1"));
        const shared = attempt(() => copyMessage(m, { ...rules, share: true }, "e1"));
        expect(shared).toEqual(copied);
      }),
      { numRuns: 2000 },
    );
  });

  it("shares unchanged blocks and messages, and copies only the block whose copy differs", () => {
    const text = { type: "text", text: "a" };
    const reduced = { type: "tool_result", toolCallId: "c1", result: { content: [text], details: { d: 1 } } };
    const rules = { ...rulesFor("p5"), share: true };
    const plain = { role: "assistant", content: [text, { type: "tool_call", toolCallId: "c1", name: "n", args: {} }] };
    expect(copyMessage(plain, rules, "e1")).toBe(plain);
    const withResult = { role: "tool_result", content: [text, reduced] };
    const out = copyMessage(withResult, rules, "e2");
    expect(out).not.toBe(withResult);
    expect((out.content as unknown[])[0]).toBe(text);
    expect((out.content as unknown[])[1]).toEqual({ type: "tool_result", toolCallId: "c1", result: { content: [text] } });
    expect(withResult.content[1]).toBe(reduced);
    expect(reduced.result.details).toEqual({ d: 1 });
    const dataLast = { type: "system_reminder", kind: "message_ref", text: "t", data: { id: "u1" } };
    const dataFirst = { data: { id: "u1" }, type: "system_reminder", kind: "message_ref", text: "t" };
    expect((copyMessage({ role: "user", content: [dataLast] }, rules, "e3").content as unknown[])[0]).toBe(dataLast);
    const moved = (copyMessage({ role: "user", content: [dataFirst] }, rules, "e4").content as unknown[])[0];
    expect(Object.keys(moved as object)).toEqual(["type", "kind", "text", "data"]);
  });
});
