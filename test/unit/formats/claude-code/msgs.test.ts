// MsgCells interns a turn's messages by (predecessor, hash, sources). Messages rebuilt from the lines are new
// objects at every turn holding the lines' own blocks; they are looked up by role and block identities, which
// must give the cell their hash would.
import { describe, expect, it } from "vitest";
import { messageHash } from "../../../../src/formats/claude-code/hash.js";
import { MsgCells } from "../../../../src/formats/claude-code/msgs.js";

describe("MsgCells", () => {
  const b1 = { type: "text", text: "hello" };
  const b2 = { type: "tool_result", tool_use_id: "t1", content: "ok" };

  it("a new message object holding the same blocks is the same cell; another role or other blocks are not", () => {
    const cells = new MsgCells();
    const a = cells.push(null, { role: "user", content: [b1, b2] }, ["u1"]);
    expect(cells.push(null, { role: "user", content: [b1, b2] }, ["u1"])).toBe(a);
    expect(cells.push(null, { role: "assistant", content: [b1, b2] }, ["u1"])).not.toBe(a);
    expect(cells.push(null, { role: "user", content: [b2, b1] }, ["u1"])).not.toBe(a);
    expect(cells.push(null, { role: "user", content: [b1, b2] }, ["u2"])).not.toBe(a);
  });

  it("equal content in other block objects is the same cell (by hash), and a message with another key is hashed whole", () => {
    const cells = new MsgCells();
    const a = cells.push(null, { role: "user", content: [b1] }, ["u1"]);
    expect(cells.push(null, { role: "user", content: [{ ...b1 }] }, ["u1"])).toBe(a);
    expect(cells.push(null, { role: "user", content: "hello" }, ["u1"])).toBe(a);
    const extra = { role: "user", content: [b1], name: "x" };
    expect(messageHash(extra)).not.toBe(messageHash({ role: "user", content: [b1] }));
    expect(cells.push(null, extra, ["u1"])).not.toBe(a);
  });
});
