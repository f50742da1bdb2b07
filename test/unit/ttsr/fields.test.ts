// ttsr-spec §4.1, §4.2, §5.1, §5.2 building blocks.
import { describe, expect, it } from "vitest";
import { isLikelyFileGlob, normalizeRuleField, normalizeScopeField, splitScopeTokens } from "../../../src/ttsr/fields.js";
import { buildScope, compileCondition, parseToolScopeToken } from "../../../src/ttsr/compile.js";

describe("ttsr-spec §4.1 normalizeRuleField", () => {
  it("strings, arrays, other types", () => {
    expect(normalizeRuleField("  x ")).toEqual(["x"]);
    expect(normalizeRuleField("   ")).toBeUndefined();
    expect(normalizeRuleField([" b", 1, "a", "b ", ""])).toEqual(["b", "a"]);
    expect(normalizeRuleField([3])).toBeUndefined();
    expect(normalizeRuleField(5)).toBeUndefined();
    expect(normalizeRuleField({ a: 1 })).toBeUndefined();
  });
});

describe("ttsr-spec §4.2 isLikelyFileGlob", () => {
  it("examples", () => {
    expect(isLikelyFileGlob("*.rs")).toBe(true);
    expect(isLikelyFileGlob("*.{ts,tsx}")).toBe(true);
    expect(isLikelyFileGlob("src/**/*.ts")).toBe(true);
    expect(isLikelyFileGlob("foo|*.rs")).toBe(false);
    expect(isLikelyFileGlob("foo*.rs")).toBe(false);
    expect(isLikelyFileGlob("src/file.ts")).toBe(false);
    expect(isLikelyFileGlob("*.r s")).toBe(false);
    expect(isLikelyFileGlob("^src/*.ts")).toBe(false);
  });
});

describe("ttsr-spec §5.1 scope splitting", () => {
  it("splits at top-level commas only", () => {
    expect(splitScopeTokens("tool:edit(*.{ts,tsx}), text")).toEqual(["tool:edit(*.{ts,tsx})", "text"]);
    expect(splitScopeTokens("tool(a,b), [x,y], 'q,r', \"s,t\"")).toEqual(["tool(a,b)", "[x,y]", "'q,r'", '"s,t"']);
    expect(splitScopeTokens("a)),b")).toEqual(["a))", "b"]);
  });
  it("v17 strips matching outer quotes (D8); seed keeps them", () => {
    expect(normalizeScopeField("'text', \"tool\"", true)).toEqual(["text", "tool"]);
    expect(normalizeScopeField("'text', \"tool\"", false)).toEqual(["'text'", '"tool"']);
    expect(normalizeScopeField("'text\"", true)).toEqual(["'text\""]);
    expect(normalizeScopeField(["text, text", "text"], false)).toEqual(["text"]);
    expect(normalizeScopeField(", ,", false)).toBeUndefined();
  });
});

describe("ttsr-spec §5.2 token meaning", () => {
  it("quirks", () => {
    expect(parseToolScopeToken("tool:my.tool")).toBeUndefined();
    expect(parseToolScopeToken("tool:edit(a(b).ts)")).toBeUndefined();
    expect(parseToolScopeToken("tool:edit()")).toBeUndefined();
    expect(parseToolScopeToken("TOOL:Edit")).toEqual({ toolName: "edit" });
    expect(parseToolScopeToken("text(*.md)")?.toolName).toBe("text");
    expect(parseToolScopeToken("tool( )")).toEqual({});
  });
  it("flags and reachability", () => {
    expect(buildScope(undefined).scope).toMatchObject({ allowText: true, allowThinking: false, allowAnyTool: true });
    expect(buildScope(["THINKING", "ToolCall"]).scope).toMatchObject({ allowText: false, allowThinking: true, allowAnyTool: true });
    expect(buildScope(["a b", "x.y"]).invalidTokens).toEqual(["a b", "x.y"]);
  });
});

describe("ttsr-spec §4.3 compilation", () => {
  it("v17 dedupes translated flags; never g/y/u", () => {
    const c = compileCondition("(?iii)x", "v17");
    expect(c.ok && c.regex.flags).toBe("i");
    const d = compileCondition("(?ms)x", "v17");
    expect(d.ok && d.regex.flags).toBe("ms");
    const s = compileCondition("\\p{L}", "seed");
    expect(s.ok && s.regex.test("p{L}")).toBe(true);
  });
  it("seed refuses inline groups", () => expect(compileCondition("(?i)x", "seed").ok).toBe(false));
});
