// ttsr-spec §14, matcher vectors 26–50 (43–46 are rule-file vectors: see rule-file.test.ts and load.test.ts).
import { describe, expect, it } from "vitest";
import { names, PROFILES, R, mgr, text, thinking, tool, withRules } from "./builders.js";
import type { TtsrManager } from "../../../src/ttsr/manager.js";

/** ttsr-spec §14 #27/#29 loop: per turn, reset, stream "x" as text, end the turn; the names that fired each turn. */
function perTurn(m: TtsrManager, turns: number): string[][] {
  const seen: string[][] = [];
  for (let i = 0; i < turns; i++) {
    m.resetBuffer();
    seen.push(names(m.checkDelta("x", text)));
    m.incrementMessageCount();
  }
  return seen;
}

for (const p of PROFILES) {
  describe(`matcher vectors 26–50 [${p}]`, () => {
    it("ttsr-spec §14 #26: repeat once — a marked rule never fires again", () => {
      const m = withRules(p, { a: { condition: "x" } });
      expect(names(m.checkDelta("x", text))).toEqual(["a"]);
      m.markInjectedByNames(["a"]);
      m.incrementMessageCount();
      m.resetBuffer();
      expect(names(m.checkDelta("x", text))).toEqual([]);
    });

    it("ttsr-spec §14 #27: after-gap 2 — fires again at count 2", () => {
      const m = withRules(p, { a: { condition: "x" } }, { repeatMode: "after-gap", repeatGap: 2 });
      m.markInjectedByNames(["a"]);
      const seen = perTurn(m, 3);
      expect(seen).toEqual([[], [], ["a"]]);
    });

    it("ttsr-spec §14 #28: after-gap 0 fires again at once", () => {
      const m = withRules(p, { a: { condition: "x" } }, { repeatMode: "after-gap", repeatGap: 0 });
      m.markInjectedByNames(["a"]);
      expect(names(m.checkDelta("x", text))).toEqual(["a"]);
    });

    it("ttsr-spec §14 #29: restoreInjected sets lastInjectedAt 0", () => {
      const m = withRules(p, { a: { condition: "x" } }, { repeatMode: "after-gap", repeatGap: 2 });
      m.restoreInjected(["a"]);
      const seen = perTurn(m, 3);
      expect(seen).toEqual([[], [], ["a"]]);
      expect(m.getInjectedRuleNames()).toEqual(["a"]);
    });

    it("ttsr-spec §14 #30: restore keeps names verbatim; mark trims and skips blanks", () => {
      const m = mgr(p);
      m.restoreInjected(["ghost"]);
      m.markInjectedByNames([" b ", "", "  "]);
      expect(m.getInjectedRuleNames()).toEqual(["ghost", "b"]);
    });

    it("ttsr-spec §14 #31: an unmarked match is sticky until resetBuffer", () => {
      const m = withRules(p, { a: { condition: "x" } });
      expect(names(m.checkDelta("x", text))).toEqual(["a"]);
      expect(names(m.checkDelta("y", text))).toEqual(["a"]);
      m.resetBuffer();
      expect(names(m.checkDelta("y", text))).toEqual([]);
    });

    it("ttsr-spec §14 #32: stream keys isolate buffers", () => {
      const m = withRules(p, { a: { condition: "ab" } });
      expect(names(m.checkDelta("a", tool("edit", undefined, "toolcall:1")))).toEqual([]);
      expect(names(m.checkDelta("b", tool("edit", undefined, "toolcall:2")))).toEqual([]);
      expect(names(m.checkDelta("b", tool("edit", undefined, "toolcall:1")))).toEqual(["a"]);
    });

    it("ttsr-spec §14 #33: without a stream key tools share tool:<name>; a blank key falls back", () => {
      const m = withRules(p, { a: { condition: "ab" } });
      expect(names(m.checkDelta("a", tool("Edit")))).toEqual([]);
      expect(names(m.checkDelta("b", tool(" edit ")))).toEqual(["a"]);
      expect(names(m.checkDelta("b", tool("write", undefined, "   ")))).toEqual([]);
      expect(m.bufferKey(tool("write", undefined, "   "))).toBe("tool:write");
    });

    it("ttsr-spec §14 #34: text and thinking have separate buffers", () => {
      const m = withRules(p, { a: { condition: "ab", scope: ["text", "thinking"] } });
      expect(names(m.checkDelta("a", text))).toEqual([]);
      expect(names(m.checkDelta("b", thinking))).toEqual([]);
      expect(names(m.checkDelta("b", text))).toEqual(["a"]);
    });

    it("ttsr-spec §14 #35: matches come back in registration order", () => {
      const m = withRules(p, { z: { condition: "q" }, a: { condition: "q" }, m: { condition: "q", scope: "thinking" } });
      expect(names(m.checkDelta("q", text))).toEqual(["z", "a"]);
    });

    it("ttsr-spec §14 #36: enabled:false — seed ignores it, v17 refuses rules", () => {
      const m = mgr(p, { enabled: false });
      expect(m.addRule(R("a", { condition: "x" }, p))).toBe(p === "seed");
      expect(m.hasRules()).toBe(p === "seed");
      expect(names(m.checkDelta("x", text))).toEqual(p === "seed" ? ["a"] : []);
    });

    it("ttsr-spec §14 #37: an empty delta after a match still returns the rule", () => {
      const m = withRules(p, { a: { condition: "x" } });
      expect(names(m.checkDelta("x", text))).toEqual(["a"]);
      expect(names(m.checkDelta("", text))).toEqual(["a"]);
    });

    it("ttsr-spec §14 #38: seed buffers text no rule needs; v17 does not (D3)", () => {
      const m = withRules(p, { t: { condition: "never-here", scope: "tool" } });
      expect(names(m.checkDelta("hello z", text))).toEqual([]);
      m.addRule(R("a", { condition: "zz" }, p));
      expect(names(m.checkDelta("z", text))).toEqual(p === "seed" ? ["a"] : []);
    });

    it("ttsr-spec §14 #39: . does not match a newline", () => {
      expect(names(withRules(p, { a: { condition: "a.b" } }).checkDelta("a\nb", text))).toEqual([]);
    });

    it("ttsr-spec §14 #40: ^ means the start of the whole buffer", () => {
      expect(names(withRules(p, { a: { condition: "^import" } }).checkDelta("x\nimport y", text))).toEqual([]);
    });

    it("ttsr-spec §14 #41: foo$ matches, then stops matching as the buffer grows", () => {
      const m = withRules(p, { a: { condition: "foo$" } });
      expect(names(m.checkDelta("foo", text))).toEqual(["a"]);
      expect(names(m.checkDelta("bar", text))).toEqual([]);
    });

    it("ttsr-spec §14 #42: the raw tool buffer is JSON-escaped, so a newline condition misses it", () => {
      const m = withRules(p, { a: { condition: "line1\\nline2", scope: "tool:write" } });
      expect(names(m.checkDelta(JSON.stringify({ path: "a.ts", content: "line1\nline2" }), tool("write", ["a.ts"], "toolcall:w")))).toEqual([]);
    });

    it("ttsr-spec §14 #42 (v17 digest): checkSnapshot replaces the buffer with the unescaped digest", () => {
      const m = withRules(p, { a: { condition: "line1\\nline2", scope: "tool:write" } });
      const ctx = tool("write", ["a.ts"], "toolcall:w");
      m.checkDelta('{"path":"a.ts","content":"line1\\n', ctx);
      expect(names(m.checkSnapshot("line1\nline2", ctx))).toEqual(["a"]);
      expect(m.getBuffer(ctx)).toBe("line1\nline2");
    });

    it("ttsr-spec §14 #47: thinking(x) is a tool scope for a tool named thinking", () => {
      const m = withRules(p, { a: { condition: "x", scope: "thinking(x)" } });
      expect(names(m.checkDelta("x", thinking))).toEqual([]);
      expect(names(m.checkDelta("x", tool("thinking", ["x"])))).toEqual(["a"]);
    });

    it("ttsr-spec §14 #48: tool( ) admits any tool", () => {
      const m = mgr(p);
      expect(m.addRule(R("a", { condition: "x", scope: "tool( )" }, p))).toBe(true);
      expect(names(m.checkDelta("x", tool("any")))).toEqual(["a"]);
    });

    it("ttsr-spec §14 #49: .* fires on the very first, even empty, text delta", () => {
      const m = withRules(p, { a: { condition: "*.rs", scope: "text" } });
      expect(names(m.checkDelta("", text))).toEqual(["a"]);
    });

    it("ttsr-spec §14 #50: an explicit undefined repeatGap overrides the default; the rule never re-fires", () => {
      const m = withRules(p, { a: { condition: "x" } }, { repeatMode: "after-gap", repeatGap: undefined });
      m.markInjectedByNames(["a"]);
      for (let i = 0; i < 50; i++) m.incrementMessageCount();
      expect(names(m.checkDelta("x", text))).toEqual([]);
      expect(m.getSettings().repeatGap).toBeUndefined();
    });
  });
}

describe("manager extras", () => {
  it("evaluateIgnoringRepeat finds a suppressed rule without touching buffers or records", () => {
    const m = withRules("seed", { a: { condition: "x" }, b: { condition: "y" } });
    m.markInjectedByNames(["a"]);
    expect(names(m.checkDelta("xy", text))).toEqual(["b"]);
    expect(names(m.evaluateIgnoringRepeat(text))).toEqual(["a", "b"]);
    expect(m.getBuffer(text)).toBe("xy");
    expect(m.getInjectedRuleNames()).toEqual(["a"]);
    expect(m.evaluateIgnoringRepeat(thinking)).toEqual([]);
  });

  it("markInjectedByNames skips non-strings (details.rules may hold anything)", () => {
    const m = mgr("seed");
    m.markInjectedByNames(["a", 7 as unknown as string, " a "]);
    expect(m.getInjectedRuleNames()).toEqual(["a"]);
  });

  it("markInjected(rules) marks by name; getLastInjectedAt reports the count", () => {
    const m = withRules("v17", { a: { condition: "x" } });
    m.incrementMessageCount();
    m.markInjected(m.getRules());
    expect(m.getLastInjectedAt("a")).toBe(1);
    expect(m.getMessageCount()).toBe(1);
  });

  it("resetBuffer keeps records, count and rules", () => {
    const m = withRules("seed", { a: { condition: "x" } });
    m.incrementMessageCount();
    m.markInjectedByNames(["a"]);
    m.resetBuffer();
    expect([m.getMessageCount(), m.getInjectedRuleNames(), m.hasRules()]).toEqual([1, ["a"], true]);
  });

  it("v17 accepts an astCondition-only rule (it never matches a delta in sightline)", () => {
    const m = mgr("v17");
    expect(m.addRule(R("a", { astCondition: "console.log($A)" }, "v17"))).toBe(true);
    expect(names(m.checkDelta("console.log(1)", tool("edit", ["a.ts"])))).toEqual([]);
    expect(mgr("seed").addRule(R("a", { astCondition: "console.log($A)" }, "seed"))).toBe(false);
  });
});
