// A Codex history item as a Msg (formats/codex/msgs.ts): role, native role and text per item type, and one key
// order for every Msg (replay --json writes Msgs as they are, so the order is part of the output).
import { describe, expect, it } from "vitest";
import { itemToMsg } from "../../../../src/formats/codex/msgs.js";

const KEYS = ["sourceIds", "reminders", "blocks", "role", "nativeRole", "text"];
const of = (item: Record<string, unknown>) => itemToMsg({ item, sourceId: "L7" });

describe("itemToMsg", () => {
  it("keeps a message's role, joins its text, and falls back to user for an unknown role", () => {
    const m = of({ type: "message", role: "developer", content: [{ type: "input_text", text: "be brief" }] });
    expect([m.role, m.nativeRole, m.text, m.sourceIds]).toEqual(["developer", "message:developer", "be brief", ["L7"]]);
    expect(of({ type: "message", role: "critic", content: [] }).role).toBe("user");
  });

  it("writes a call as name(arguments) and an output as its text, on the assistant and tool-result sides", () => {
    expect(of({ type: "function_call", name: "shell", arguments: '{"cmd":"ls"}', call_id: "c1" })).toMatchObject({
      role: "assistant",
      nativeRole: "function_call",
      text: 'shell({"cmd":"ls"})',
    });
    expect(of({ type: "custom_tool_call", name: "apply_patch", input: "*** Begin" }).text).toBe("apply_patch(*** Begin)");
    expect(of({ type: "function_call_output", call_id: "c1", output: "app\n" })).toMatchObject({ role: "tool_result", text: "app\n" });
    expect(of({ type: "custom_tool_call_output", output: [{ type: "input_text", text: "a" }, { text: "b" }] }).text).toBe("a\nb");
  });

  it("shows reasoning by its summary and any other item as its JSON", () => {
    expect(of({ type: "reasoning", summary: [{ text: "first" }, { text: "then" }] }).text).toBe("first\nthen");
    const other = of({ type: "web_search_call_output", id: 3 });
    expect([other.role, other.text]).toEqual(["tool_result", '{"type":"web_search_call_output","id":3}']);
  });

  it("gives every item type the same key order, with the item as its one block", () => {
    const items = [
      { type: "message", role: "user", content: [] },
      { type: "function_call", name: "f", arguments: "{}" },
      { type: "custom_tool_call", name: "f", input: "" },
      { type: "function_call_output", output: "" },
      { type: "reasoning" },
      { type: "compaction" },
    ];
    for (const item of items) {
      const m = itemToMsg({ item, sourceId: "L1" });
      expect(Object.keys(m)).toEqual(KEYS);
      expect(m.blocks).toEqual([item]);
      expect(m.blocks[0]).toBe(item);
      expect(m.reminders).toEqual([]);
    }
  });
});
