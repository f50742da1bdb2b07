// Bad input never throws (design §8): rule files, conditions and scopes of any shape become data and diagnostics.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseRuleFile } from "../../src/ttsr/rule-file.js";
import { findCatastrophic } from "../../src/ttsr/regex-safety.js";
import { TtsrManager } from "../../src/ttsr/manager.js";

const yamlish = fc.string({
  unit: fc.constantFrom("-", ":", " ", "\n", "\t", '"', "'", "\\", "[", "]", "{", "}", "a", "#", "<!--", "-->", "*", "?", "|", ">"),
  maxLength: 80,
});

describe("TTSR input robustness", () => {
  it("parseRuleFile returns a rule for any frontmatter text, under both profiles", () => {
    fc.assert(
      fc.property(yamlish, yamlish, fc.constantFrom("seed", "v17") as fc.Arbitrary<"seed" | "v17">, (meta, body, profile) => {
        const r = parseRuleFile(`---\n${meta}\n---\n${body}`, "/r/x.md", { profile });
        expect(r.name).toBe("x");
        expect(typeof r.content).toBe("string");
        expect(Array.isArray(r.diagnostics)).toBe(true);
        // whatever the rule holds, registration and matching do not throw
        const m = new TtsrManager({}, { profile });
        m.addRule(r);
        m.checkDelta(body, { source: "text" });
      }),
      { numRuns: 300 },
    );
  });

  it("the catastrophic analyser accepts any pattern text", () => {
    fc.assert(
      fc.property(
        fc.string({
          unit: fc.constantFrom(
            "(",
            ")",
            "|",
            "*",
            "+",
            "?",
            "{",
            "}",
            ",",
            "1",
            "[",
            "]",
            "^",
            "\\",
            "a",
            ".",
            "<",
            ">",
            "=",
            "!",
            "u",
            "x",
            "p",
            "k",
            "c",
            "b",
            "-",
            ":",
          ),
          maxLength: 40,
        }),
        (p) => {
          expect(Array.isArray(findCatastrophic(p))).toBe(true);
        },
      ),
    );
  });

  it("deeply nested YAML does not crash the parser", () => {
    const deep = `---\ncondition: ${"[".repeat(30_000)}\n---\nB`;
    const r = parseRuleFile(deep, "/r/deep.md", { profile: "v17" });
    expect(r.content).toBe("B");
  });
});

describe("HTML comment stripping", () => {
  it("equals upstream's lazy regex replace on any text", async () => {
    const { stripHtmlComments } = await import("../../src/ttsr/frontmatter.js");
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom("<", "!", "-", ">", "a", "\n"), maxLength: 60 }), (t) => {
        expect(stripHtmlComments(t)).toBe(t.replace(/<!--[\s\S]*?-->/g, ""));
      }),
      { numRuns: 1000 },
    );
  });
  it("is linear on many unclosed openers", async () => {
    const { stripHtmlComments } = await import("../../src/ttsr/frontmatter.js");
    const t = "<!--".repeat(200_000);
    const started = Date.now();
    expect(stripHtmlComments(t)).toBe(t);
    expect(Date.now() - started).toBeLessThan(1000);
  });
});

describe("v17 ambiguous-scalar line split", () => {
  it("equals upstream's regex on any line", async () => {
    const { _splitPlainKeyValue } = await import("../../src/ttsr/frontmatter.js");
    const upstream = /^(\s*[A-Za-z_][\w-]*:\s+)(\S.*?)(\s*)$/;
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom("a", "_", "-", ":", " ", "\t", "b", "\u2028", "\r", "\u00a0", "x"), maxLength: 30 }), (line) => {
        const m = upstream.exec(line);
        expect(_splitPlainKeyValue(line)).toEqual(m ? [m[1], m[2], m[3]] : undefined);
      }),
      { numRuns: 2000 },
    );
  });
});
