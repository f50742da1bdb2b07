// ttsr-spec §14, matcher vectors 1–25: run under both profiles where the table says "same".
import { describe, expect, it } from "vitest";
import { names, PROFILES, R, mgr, text, thinking, tool, withRules } from "./builders.js";

for (const p of PROFILES) {
  describe(`matcher vectors 1–25 [${p}]`, () => {
    it("ttsr-spec §14 #1: a pattern split across deltas matches when its last piece arrives", () => {
      const m = withRules(p, { a: { condition: "foo\\(bar\\)" } });
      expect(names(m.checkDelta("x = foo(", text))).toEqual([]);
      expect(names(m.checkDelta("bar) y", text))).toEqual(["a"]);
    });

    it("ttsr-spec §14 #2: thinking is off in the default scope", () => {
      const m = withRules(p, { a: { condition: "secret" } });
      expect(names(m.checkDelta("secret", thinking))).toEqual([]);
      expect(names(m.checkDelta("secret", text))).toEqual(["a"]);
    });

    it("ttsr-spec §14 #3: an invalid token is skipped, the others still count", () => {
      const m = mgr(p);
      expect(m.addRule(R("a", { condition: ["(unclosed", "ok"] }, p))).toBe(true);
      expect(names(m.checkDelta("ok", text))).toEqual(["a"]);
    });

    it("ttsr-spec §14 #4: no token compiles → addRule false", () => {
      expect(mgr(p).addRule(R("a", { condition: ["(unclosed", "[z-a]"] }, p))).toBe(false);
    });

    it("ttsr-spec §14 #5: the second rule of the same name is refused", () => {
      const m = mgr(p);
      expect(m.addRule(R("a", { condition: "x" }, p))).toBe(true);
      expect(m.addRule(R("a", { condition: "y" }, p))).toBe(false);
    });

    it("ttsr-spec §14 #6: leading (?i) — seed drops the rule, v17 translates the flag", () => {
      const m = mgr(p);
      expect(m.addRule(R("a", { condition: "(?i)todo" }, p))).toBe(p === "v17");
      expect(names(m.checkDelta("TODO later", text))).toEqual(p === "v17" ? ["a"] : []);
    });

    it("ttsr-spec §14 #7: (?m)^x$ — seed not registered, v17 multiline", () => {
      const m = mgr(p);
      expect(m.addRule(R("a", { condition: "(?m)^x$" }, p))).toBe(p === "v17");
      expect(names(m.checkDelta("a\nx\nb", text))).toEqual(p === "v17" ? ["a"] : []);
    });

    it("ttsr-spec §14 #8: (?x) is not a translatable flag in either profile", () => {
      expect(mgr(p).addRule(R("a", { condition: "(?x)a b" }, p))).toBe(false);
    });

    it("ttsr-spec §14 #9: matching is case-sensitive", () => {
      expect(names(withRules(p, { a: { condition: "todo" } }).checkDelta("TODO", text))).toEqual([]);
    });

    it("ttsr-spec §14 #10: scope text ignores tool streams", () => {
      const m = withRules(p, { a: { condition: "x", scope: "text" } });
      expect(names(m.checkDelta("x", tool("edit")))).toEqual([]);
      expect(names(m.checkDelta("x", text))).toEqual(["a"]);
    });

    it("ttsr-spec §14 #11: an empty scope is the default scope", () => {
      const m = mgr(p);
      expect(m.addRule(R("a", { condition: "x", scope: "" }, p))).toBe(true);
      expect(names(m.checkDelta("x", text))).toEqual(["a"]);
    });

    it("ttsr-spec §14 #12: every scope token invalid → unreachable, not registered", () => {
      expect(mgr(p).addRule(R("a", { condition: "x", scope: ["tool:edit()", "a b"] }, p))).toBe(false);
    });

    it("ttsr-spec §14 #13: tool:edit(*.ts) — basename match, tool name case-insensitive", () => {
      const m = withRules(p, { a: { condition: "x", scope: "tool:edit(*.ts)" } });
      expect(names(m.checkDelta("x", tool("edit", ["src/deep/a.ts"], "k1")))).toEqual(["a"]);
      expect(names(m.checkDelta("x", tool("Edit", ["a.ts"], "k2")))).toEqual(["a"]);
      expect(names(m.checkDelta("x", tool("write", ["a.ts"], "k3")))).toEqual([]);
      expect(names(m.checkDelta("x", tool("edit", ["a.tsx"], "k4")))).toEqual([]);
      expect(names(m.checkDelta("x", tool("edit", undefined, "k5")))).toEqual([]);
      expect(names(m.checkDelta("x", text))).toEqual([]);
    });

    it("ttsr-spec §14 #14: tool:edit(src/*.ts) needs a relative candidate; backslashes are normalised", () => {
      const m = withRules(p, { a: { condition: "x", scope: "tool:edit(src/*.ts)" } });
      expect(names(m.checkDelta("x", tool("edit", ["/repo/src/a.ts"], "k1")))).toEqual([]);
      expect(names(m.checkDelta("x", tool("edit", ["src/a.ts"], "k2")))).toEqual(["a"]);
      expect(names(m.checkDelta("x", tool("edit", ["src\\a.ts"], "k3")))).toEqual(["a"]);
      expect(names(m.checkDelta("x", tool("edit", ["src/sub/a.ts"], "k4")))).toEqual([]);
    });

    it("ttsr-spec §14 #15: tool:edit(**/*.{ts,tsx}), text", () => {
      const m = withRules(p, { a: { condition: "x", scope: "tool:edit(**/*.{ts,tsx}), text" } });
      expect(names(m.checkDelta("x", tool("edit", ["a/b/c.tsx"], "k1")))).toEqual(["a"]);
      expect(names(m.checkDelta("x", tool("edit", ["c.ts"], "k2")))).toEqual(["a"]);
      expect(names(m.checkDelta("x", text))).toEqual(["a"]);
    });

    it("ttsr-spec §14 #16: a bare tool name scopes to that tool", () => {
      const m = withRules(p, { a: { condition: "rm -rf", scope: "bash" } });
      expect(names(m.checkDelta('{"command":"rm -rf /"}', tool("bash")))).toEqual(["a"]);
      expect(names(m.checkDelta("rm -rf", text))).toEqual([]);
    });

    it("ttsr-spec §14 #17: tool(*.md) is a path scope for any tool", () => {
      const m = withRules(p, { a: { condition: "x", scope: "tool(*.md)" } });
      expect(names(m.checkDelta("x", tool("write", ["README.md"], "k1")))).toEqual(["a"]);
      expect(names(m.checkDelta("x", tool("write", ["a.ts"], "k2")))).toEqual([]);
    });

    it("ttsr-spec §14 #18: toolcall admits a tool with no name, not text", () => {
      const m = withRules(p, { a: { condition: "x", scope: "toolcall" } });
      expect(names(m.checkDelta("x", tool()))).toEqual(["a"]);
      expect(names(m.checkDelta("x", text))).toEqual([]);
    });

    it("ttsr-spec §14 #19: globs gate blocks text, admits a matching edit path", () => {
      const m = withRules(p, { a: { condition: "x", globs: ["*.ts"] } });
      expect(names(m.checkDelta("x", text))).toEqual([]);
      expect(names(m.checkDelta("x", tool("edit", ["q/a.ts"])))).toEqual(["a"]);
    });

    it("ttsr-spec §14 #20: blank globs mean no gate", () => {
      expect(names(withRules(p, { a: { condition: "x", globs: ["  ", ""] } }).checkDelta("x", text))).toEqual(["a"]);
    });

    it("ttsr-spec §14 #21: condition *.rs is glob shorthand: .* on edit/write of .rs files", () => {
      const r = R("a", { condition: "*.rs" }, p);
      expect(r.condition).toEqual([".*"]);
      expect(r.scope).toEqual(["tool:edit(*.rs)", "tool:write(*.rs)"]);
      const m = mgr(p);
      m.addRule(r);
      expect(names(m.checkDelta("{", tool("edit", ["src/main.rs"], "k")))).toEqual(["a"]);
    });

    it("ttsr-spec §14 #22: foo|*.rs stays a regex, fails to compile, rule not registered", () => {
      const r = R("a", { condition: "foo|*.rs" }, p);
      expect(r.condition).toEqual(["foo|*.rs"]);
      expect(r.scope).toBeUndefined();
      expect(mgr(p).addRule(r)).toBe(false);
    });

    it("ttsr-spec §14 #23: legacy ttsr_trigger becomes the condition", () => {
      expect(R("a", { ttsr_trigger: "eval\\(" }, p).condition).toEqual(["eval\\("]);
    });

    it("ttsr-spec §14 #24: condition and scope normalisation", () => {
      const r = R("a", { condition: [" a ", "a", "", 5, "b"], scope: ["text", " text ", "tool:edit(*.ts), tool:write(*.{ts,tsx})"] }, p);
      expect(r.condition).toEqual(["a", "b"]);
      expect(r.scope).toEqual(["text", "tool:edit(*.ts)", "tool:write(*.{ts,tsx})"]);
    });

    it("ttsr-spec §14 #25: quoted scope tokens — v17 strips the quotes, seed keeps them and drops the rule", () => {
      const r = R("a", { condition: "x", scope: '"text","thinking"' }, p);
      if (p === "v17") {
        expect(r.scope).toEqual(["text", "thinking"]);
        expect(mgr(p).addRule(r)).toBe(true);
      } else {
        expect(r.scope).toEqual(['"text"', '"thinking"']);
        expect(mgr(p).addRule(r)).toBe(false);
      }
    });
  });
}
