// Tool-call arguments counted with blocks.ts `compact` (TurnViewOptions.keepArgsText): the same counts as the
// default serialisation, and the arguments are serialised once for the count and the view of the same block.
import fc from "fast-check";
import { afterEach, describe, expect, it, vi } from "vitest";
import { compact, sentBeyondText, viewBlock } from "../../../src/context/blocks.js";
import { ListTokenCache, charsPer4, msgTokens } from "../../../src/context/tokens.js";
import { fromArray } from "../../../src/shared/plist.js";
import type { Msg } from "../../../src/formats/types.js";

const counter = { count: (t: string) => t.length + 1 };
const call = (args: unknown) => ({ type: "toolCall", id: "c1", name: "bash", arguments: args });
const msg = (blocks: unknown[]): Msg => ({ role: "assistant", nativeRole: "assistant", text: "t", blocks, sourceIds: ["a"], reminders: [] }) as Msg;

afterEach(() => vi.restoreAllMocks());

describe("counting with kept argument texts", () => {
  it("counts every block as the default serialisation does", () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.constantFrom("toolCall", "tool_use", "tool_call"), fc.boolean(), (args, type, assistant) => {
        const b = type === "toolCall" ? call(args) : type === "tool_use" ? { type, id: "c", name: "n", input: args } : { type, toolName: "n", args };
        expect(sentBeyondText(b, assistant, counter, 1600, compact)).toBe(sentBeyondText(b, assistant, counter, 1600));
      }),
    );
  });

  it("serialises a call's arguments once for the count and the view", () => {
    const b = call({ command: "ls -la", cwd: "/w" });
    const stringify = vi.spyOn(JSON, "stringify");
    const n = msgTokens(msg([b]), charsPer4, compact);
    expect(stringify).toHaveBeenCalledTimes(1);
    expect(viewBlock(b)).toMatchObject({ kind: "toolCall", argsText: '{"command":"ls -la","cwd":"/w"}' });
    expect(stringify).toHaveBeenCalledTimes(1);
    stringify.mockRestore();
    expect(n).toBe(msgTokens(msg([call({ command: "ls -la", cwd: "/w" })]), charsPer4));
  });

  it("gives a list's totals as without it", () => {
    const ms = [msg([call({ a: 1 })]), msg([call("raw args")]), msg([{ type: "text", text: "x" }])];
    const list = fromArray(ms);
    expect(new ListTokenCache(charsPer4, new Map(), compact).total(list)).toBe(new ListTokenCache(charsPer4).total(list));
  });
});
