// ttsr-spec §2 (frontmatter, keys, names) and the rule-file vectors #43, #45, #46 of §14.
import { describe, expect, it } from "vitest";
import { parseFrontmatter } from "../../../src/ttsr/frontmatter.js";
import { parseRuleFile, ruleNameFromPath } from "../../../src/ttsr/rule-file.js";
import { PROFILES } from "./builders.js";

const codes = (r: { diagnostics?: { code: string }[] }): string[] => (r.diagnostics ?? []).map((d) => d.code);

for (const p of PROFILES) {
  describe(`rule files [${p}]`, () => {
    it('ttsr-spec §14 #43: condition: "foo\\.bar" — YAML fails, the fallback keeps the quotes, description survives', () => {
      const r = parseRuleFile('---\ncondition: "foo\\.bar"\ndescription: d\n---\nBody', "/r/x.md", { profile: p });
      expect(r.condition).toEqual(['"foo\\.bar"']);
      expect(r.description).toBe("d");
      expect(codes(r)).toContain("TTSR_YAML_FALLBACK");
      expect(r.diagnostics?.find((d) => d.code === "TTSR_YAML_QUOTE_TRAP")?.line).toBe(2);
    });

    it("ttsr-spec §2.1.6: single-quoted, plain and doubled-backslash forms give foo\\.bar", () => {
      for (const v of ["'foo\\.bar'", "foo\\.bar", '"foo\\\\.bar"']) {
        const r = parseRuleFile(`---\ncondition: ${v}\n---\nB`, "/r/x.md", { profile: p });
        expect(r.condition).toEqual(["foo\\.bar"]);
        expect(codes(r)).not.toContain("TTSR_YAML_FALLBACK");
      }
    });

    it("ttsr-spec §2.1.6: block-list items of other keys are lost in the fallback", () => {
      const r = parseRuleFile('---\ncondition: "a\\.b"\nglobs:\n  - "*.ts"\n---\nB', "/r/x.md", { profile: p });
      // the `globs:` line itself is read with an empty value; its items are gone
      expect(r.globs).toEqual([""]);
      expect(codes(r)).toContain("TTSR_YAML_LINES_LOST");
    });

    it("ttsr-spec §2.1.6: each lost line is reported at its own line of the file (the opening --- is line 1)", () => {
      const file = ["---", 'condition: "a\\.b"', "globs:", '  - "*.ts"', "description: d", "   - second", "---", "B"].join("\n");
      const lost = parseRuleFile(file, "/r/x.md", { profile: p }).diagnostics?.filter((d) => d.code === "TTSR_YAML_LINES_LOST");
      expect(lost?.map((d) => [d.file, d.line, d.args?.text])).toEqual([
        ["/r/x.md", 4, '  - "*.ts"'],
        ["/r/x.md", 6, "   - second"],
      ]);
    });

    it('ttsr-spec §2.1.6: condition: "\\bx\\b" parses, but YAML turns \\b into a backspace', () => {
      const r = parseRuleFile('---\ncondition: "\\bTODO\\b"\n---\nB', "/r/x.md", { profile: p });
      expect(r.condition).toEqual(["\bTODO\b"]);
      const d = r.diagnostics?.find((x) => x.code === "TTSR_YAML_ESCAPE_TRAP");
      expect(d?.message).toContain("U+0008");
      expect(d?.message).toContain("\\\\b");
    });

    it("ttsr-spec §14 #45: HTML comments are removed from the body", () => {
      const r = parseRuleFile("---\ndescription: d\n---\nbody <!-- hidden --> end", "/r/x.md", { profile: p });
      expect(r.content).toBe("body  end");
    });

    it('ttsr-spec §14 #46: condition "" blocks the legacy ttsr_trigger', () => {
      const r = parseRuleFile('---\ncondition: ""\nttsr_trigger: "x"\n---\nB', "/r/x.md", { profile: p });
      expect(r.condition).toBeUndefined();
    });

    it("ttsr-spec §2.1.1–3: CRLF → LF; the body is trimmed only with frontmatter", () => {
      expect(parseRuleFile("---\r\ndescription: d\r\n---\r\n\r\n  Body\r\nline  \r\n", "/r/a.md", { profile: p }).content).toBe("Body\nline");
      expect(parseRuleFile("\n  no frontmatter \r\n", "/r/a.md", { profile: p }).content).toBe("\n  no frontmatter \n");
      expect(parseRuleFile("---\nunclosed: x\nbody", "/r/a.md", { profile: p }).content).toBe("---\nunclosed: x\nbody");
    });

    it("ttsr-spec §2.1.4: tabs become two spaces before YAML parsing", () => {
      expect(parseRuleFile("---\nscope:\n\t- text\n---\nB", "/r/a.md", { profile: p }).scope).toEqual(["text"]);
    });

    it("ttsr-spec §2.1.5: kebab-case keys become camelCase; ttsr_trigger keeps its underscore", () => {
      const r = parseRuleFile("---\ninterrupt-mode: never\nalways-apply: true\nttsr_trigger: t\n---\nB", "/r/a.md", { profile: p });
      expect(r.interruptMode).toBe("never");
      expect(r.alwaysApply).toBe(true);
      expect(r.condition).toEqual(["t"]);
    });

    it("ttsr-spec §2.2: key types", () => {
      const r = parseRuleFile("---\ndescription: 5\nglobs: '*.ts'\nalwaysApply: 'true'\ninterruptMode: sometimes\n---\nB", "/r/a.md", { profile: p });
      expect(r.description).toBeUndefined();
      expect(r.globs).toEqual(["*.ts"]);
      expect(r.alwaysApply).toBe(false);
      expect(r.interruptMode).toBeUndefined();
      const r2 = parseRuleFile("---\nglobs: [' a ', 3, 'a']\n---\nB", "/r/a.md", { profile: p });
      expect(r2.globs).toEqual([" a ", "a"]);
    });

    it("ttsr-spec §2.1: a repeated key keeps the last value (uniqueKeys off)", () => {
      expect(parseRuleFile("---\ncondition: a\ncondition: b\n---\nB", "/r/a.md", { profile: p }).condition).toEqual(["b"]);
    });

    it("a __proto__ key stays data", () => {
      const fm = parseFrontmatter("---\n__proto__: {polluted: 1}\nscope: text\n---\nB", p).frontmatter;
      expect(Object.getPrototypeOf(fm)).toBe(Object.prototype);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    });
  });
}

describe("profile differences in the frontmatter fallback", () => {
  const file = '---\ncondition: "a\\.b"\nalwaysApply: true\ninterruptMode: never\nscope: [text]\n---\nB';
  it("ttsr-spec §2.1.4: v14 fallback values stay raw strings (alwaysApply 'true' is not true)", () => {
    const r = parseRuleFile(file, "/r/a.md", { profile: "seed" });
    expect(r.alwaysApply).toBe(false);
    expect(r.interruptMode).toBe("never");
    expect(r.scope).toEqual(["[text]"]);
  });
  it("ttsr-spec §2.1.4: v17 fallback re-parses each value as a YAML scalar or array", () => {
    const r = parseRuleFile(file, "/r/a.md", { profile: "v17" });
    expect(r.alwaysApply).toBe(true);
    expect(r.scope).toEqual(["text"]);
    expect(r.condition).toEqual(['"a\\.b"']);
  });
  it("ttsr-spec §2.1.4: v17 retries with ambiguous `key: a: b` scalars quoted", () => {
    const v17 = parseRuleFile("---\ndescription: Note: be careful\ncondition: x\n---\nB", "/r/a.md", { profile: "v17" });
    expect(v17.description).toBe("Note: be careful");
    expect(codes(v17)).toContain("TTSR_YAML_AMBIGUOUS_REPAIRED");
    const seed = parseRuleFile("---\ndescription: Note: be careful\ncondition: x\n---\nB", "/r/a.md", { profile: "seed" });
    expect(seed.description).toBe("Note: be careful");
    expect(codes(seed)).toContain("TTSR_YAML_FALLBACK");
  });
});

describe('ttsr-spec D8 through a real file: scope: "text","thinking" is recovered by the fallback', () => {
  const file = '---\ncondition: x\nscope: "text","thinking"\n---\nB';
  it("ttsr-spec §14 #25 [seed]: the tokens keep their quotes; the rule is unreachable", () => {
    const r = parseRuleFile(file, "/r/a.md", { profile: "seed" });
    expect(r.scope).toEqual(['"text"', '"thinking"']);
    expect(codes(r)).toEqual(expect.arrayContaining(["TTSR_YAML_FALLBACK", "TTSR_UNREACHABLE_SCOPE"]));
  });
  it("ttsr-spec §14 #25 [v17]: outer quotes are stripped", () => {
    const r = parseRuleFile(file, "/r/a.md", { profile: "v17" });
    expect(r.scope).toEqual(["text", "thinking"]);
    expect(codes(r)).not.toContain("TTSR_UNREACHABLE_SCOPE");
  });
});

describe("ttsr-spec §15 later drift", () => {
  it("a v18 judged rule (question) is flagged, and its condition still counts as in v17", () => {
    const r = parseRuleFile("---\nquestion: Does it apologise?\ncondition: sorry\n---\nB", "/r/j.md", { profile: "v17" });
    expect(r.condition).toEqual(["sorry"]);
    expect(codes(r)).toContain("TTSR_JUDGED_RULE_KEY");
  });
});

describe("ttsr-spec §2.3 name derivation", () => {
  it("strips .md/.mdc, keeps case and inner dots", () => {
    expect(ruleNameFromPath("/a/no-any.md")).toBe("no-any");
    expect(ruleNameFromPath("/a/Foo.Bar.mdc")).toBe("Foo.Bar");
    expect(ruleNameFromPath("C:\\r\\x.md")).toBe("x");
    expect(parseRuleFile("B", "/r/Foo.Bar.mdc").name).toBe("Foo.Bar");
  });
  it("defaults to the native provider; findings about conditions land in diagnostics", () => {
    const r = parseRuleFile("---\ncondition: ['(unclosed', 'ok']\nscope: 'a b, text'\n---\nB", "/r/a.md");
    expect(r._source).toEqual({ provider: "native" });
    expect(codes(r)).toEqual(expect.arrayContaining(["TTSR_INVALID_REGEX", "TTSR_INVALID_SCOPE_TOKEN"]));
  });
});

describe("the shipped rule frontmatter schema (ttsr-spec §2.2 types)", () => {
  it("a value of a type upstream ignores is reported at its key's line; the rule is built as upstream builds it", () => {
    const r = parseRuleFile('---\ncondition: sorry\ndescription: 5\nalways-apply: "yes"\nglobs: ["*.ts", 3]\n---\nB', "/r/t.md", { profile: "v17" });
    const found = (r.diagnostics ?? [])
      .filter((d) => d.code === "TTSR_FRONTMATTER_VALUE_IGNORED")
      .map((d) => [d.line, (d as { message: string }).message])
      .sort((a, b) => Number(a[0]) - Number(b[0]));
    expect(found).toEqual([
      [3, expect.stringContaining("/description must be string")],
      [4, expect.stringContaining("/alwaysApply must be boolean")],
      [5, expect.stringContaining("/globs/1 must be string")],
    ]);
    expect([r.description, r.alwaysApply, r.globs]).toEqual([undefined, false, ["*.ts"]]);
  });
  it("a rule whose values all have the types upstream reads gets no such finding", () => {
    const r = parseRuleFile("---\ncondition: [sorry]\ndescription: d\nalwaysApply: true\ninterruptMode: never\n---\nB", "/r/ok.md", { profile: "v17" });
    expect(codes(r)).not.toContain("TTSR_FRONTMATTER_VALUE_IGNORED");
  });
});
