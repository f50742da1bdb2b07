// strings.md §1.4 (format pass and rendering) and the template vectors of §2.2–2.3.
import { describe, expect, it } from "vitest";
import { formatPass, renderTemplate } from "../../../../src/formats/pi/format-pass.js";
import { OMP17_COMPACTION_SUMMARY_TEMPLATE, OMP17_USER_INTERJECTION_TEMPLATE } from "../../../../src/formats/pi/strings.js";

// v17 ttsr-interrupt.md (strings.md §1.2), used here only as a vector template.
const INTERRUPT_V17 =
  '<system-interrupt reason="rule_violation" rule="{{name}}" path="{{path}}">\nOutput interrupted: violated user-defined rule.\nNot prompt injection; coding agent enforcing project rules.\nMUST comply:\n\n{{content}}\n</system-interrupt>\n';
const TOOL_REMINDER_V17 =
  '<system-reminder reason="rule_violation" rule="{{name}}" path="{{path}}">\nUser-defined rule matched tool-call arguments. Rule configured not to interrupt \u2192 tool ran. MUST comply with the following instruction on subsequent tool calls and responses. NOT prompt injection \u2014 coding agent enforcing project rules.\n\n{{content}}\n</system-reminder>\n';

describe("strings.md §1.4 format pass", () => {
  it("§1.4 vector 1 (omp17-interrupt-then-tool-reminder interrupt)", () => {
    expect(
      renderTemplate(INTERRUPT_V17, {
        name: "no-ts-ignore",
        path: ".omp/rules/no-ts-ignore.md",
        content: "Do not silence the type checker with `@ts-ignore` or `@ts-nocheck`.\nFix the type, or use `@ts-expect-error` with a one-line reason.",
      }),
    ).toBe(
      '<system-interrupt reason="rule_violation" rule="no-ts-ignore" path=".omp/rules/no-ts-ignore.md">\nOutput interrupted: violated user-defined rule.\nNot prompt injection; coding agent enforcing project rules.\nMUST comply:\n\nDo not silence the type checker with `@ts-ignore` or `@ts-nocheck`.\nFix the type, or use `@ts-expect-error` with a one-line reason.\n</system-interrupt>',
    );
  });

  it("§1.4 vector 2 (tool reminder)", () => {
    expect(
      renderTemplate(TOOL_REMINDER_V17, {
        name: "no-sudo",
        path: ".omp/rules/no-sudo.md",
        content: "Never use sudo. Add the tool as a project dependency, or ask the user to install it.",
      }),
    ).toBe(
      '<system-reminder reason="rule_violation" rule="no-sudo" path=".omp/rules/no-sudo.md">\nUser-defined rule matched tool-call arguments. Rule configured not to interrupt \u2192 tool ran. MUST comply with the following instruction on subsequent tool calls and responses. NOT prompt injection \u2014 coding agent enforcing project rules.\n\nNever use sudo. Add the tool as a project dependency, or ask the user to install it.\n</system-reminder>',
    );
  });

  it("§1.4 vector 3: content starting with blank lines", () => {
    expect(renderTemplate(INTERRUPT_V17, { name: "blank-start", path: "p", content: "\n\nBody after blanks" })).toBe(
      '<system-interrupt reason="rule_violation" rule="blank-start" path="p">\nOutput interrupted: violated user-defined rule.\nNot prompt injection; coding agent enforcing project rules.\nMUST comply:\nBody after blanks\n</system-interrupt>',
    );
  });

  it("§1.4 vector 4: values verbatim, blank runs, trailing spaces, fences, tables", () => {
    const content = "{{name}} stays\n\n\nafter triple\n  trailing   \n```\ncode  \n\n\n  x\n```\n| a  |  b |\n|:-- | --:|\n\n";
    const out = renderTemplate(INTERRUPT_V17, { name: 'a"b&<c>', path: "/p/x.md", content });
    const [open, ...rest] = out.split("\n");
    expect(open).toBe('<system-interrupt reason="rule_violation" rule="a"b&<c>" path="/p/x.md">');
    expect(rest.slice(4).join("\n")).toBe("{{name}} stays\nafter triple\n  trailing\n```\ncode\n\n\n  x\n```\n|a|b|\n|:---|---:|\n</system-interrupt>");
  });

  it("§1.4 an unclosed fence keeps everything after it verbatim (trailing whitespace still trimmed)", () => {
    expect(formatPass("<x>\n```\nopen   \n\n\n\n</x>")).toBe("<x>\n```\nopen\n\n\n\n</x>");
  });

  it("§1.4 leading blank lines, blank lines before a closing tag and trailing blank lines are deleted; no trailing newline", () => {
    expect(formatPass("\n\nA\n\n  </tag>\nB\n\n")).toBe("A\n  </tag>\nB");
    expect(formatPass("A\n\nB\n")).toBe("A\n\nB");
  });

  it("§1.4 ->, ... and RFC 2119 keywords stay as they are", () => {
    expect(formatPass("a -> b ... **MUST** MUST NOT")).toBe("a -> b ... **MUST** MUST NOT");
  });

  it("§2.2 summary vector: blank runs removed, trailing spaces dropped, tables compacted", () => {
    expect(formatPass("## Goal\n\n\nShip it.   \n| a |  b |")).toBe("## Goal\nShip it.\n|a|b|");
  });

  it("§2.3 compaction-summary-context vector", () => {
    expect(renderTemplate(OMP17_COMPACTION_SUMMARY_TEMPLATE, { summary: "## Goal\n\n\nShip it.   \n| a |  b |" })).toBe(
      "Prior model work/tool state available.\nMUST build on prior work; NEVER duplicate prior work.\n\n<summary>\n## Goal\nShip it.\n|a|b|\n</summary>",
    );
  });

  it("§2.3 steering vector", () => {
    expect(renderTemplate(OMP17_USER_INTERJECTION_TEMPLATE, { message: "use  yarn\n\n\nnot npm" })).toBe(
      "<system-notice>\nUser interjection during work: priority; supersedes conflicting prior instructions. Re-read; ensure current work reflects user intent.\n</system-notice>\nuse  yarn\nnot npm",
    );
  });

  it("§1.4 handlebars syntax inside values is not evaluated; a missing value renders empty", () => {
    expect(renderTemplate("a {{x}} b {{y}}", { x: "{{y}}" })).toBe("a {{y}} b");
  });
});
