// design §3 "Tokens": every figure says how it was counted; the default is chars/4, --tokens exact is a BPE count.
import { describe, expect, it } from "vitest";
import { exactCounter } from "../../../src/context/tokens-exact.js";
import { charsPer4, ListTokenCache } from "../../../src/context/tokens.js";
import type { Msg } from "../../../src/formats/types.js";
import { fromArray, push } from "../../../src/shared/plist.js";

const msg = (text: string): Msg => ({ role: "user", nativeRole: "user", text, blocks: [], sourceIds: ["x"], reminders: [] });

describe("token counters", () => {
  it("chars/4 rounds up and names itself", () => {
    expect(charsPer4.name).toBe("chars/4");
    expect([0, 1, 4, 5].map((n) => charsPer4.count("a".repeat(n)))).toEqual([0, 1, 1, 2]);
  });

  it("exact counting uses o200k_base and names its encoding", async () => {
    const c = await exactCounter();
    expect(c.name).toBe("o200k_base (gpt-tokenizer)");
    expect(c.count("")).toBe(0);
    expect(c.count("hello world")).toBe(2);
  });

  it("ListTokenCache totals a persistent list once per cell and agrees with a direct sum", () => {
    let calls = 0;
    const counter = { name: "len", count: (t: string) => (calls++, t.length) };
    const cache = new ListTokenCache(counter);
    const base = fromArray([msg("ab"), msg("cde")]);
    expect(cache.total(base)).toBe(5);
    const a = push(base, msg("f"));
    const b = push(base, msg("ghij"));
    expect(cache.total(a)).toBe(6);
    expect(cache.total(b)).toBe(9);
    expect(calls).toBe(4); // ab, cde, f, ghij: shared cells are never counted twice
  });
});
