// strings.md §1 (templates byte-exact, rendering vectors) and ttsr-spec §14 S20–S24.
import { describe, expect, it } from "vitest";
import { formatPass } from "../../../src/formats/pi/format-pass.js";
import { displayRulePath, renderInjection, renderRule, TTSR_INTERRUPT_V14, TTSR_INTERRUPT_V17, TTSR_TOOL_REMINDER_V17 } from "../../../src/ttsr/templates.js";

const V17 = { profile: "v17", cwd: "/proj", home: "/root" } as const;

describe("strings.md §1.1–1.3 template files", () => {
  it("each ends with exactly one newline and keeps its wrapper lines", () => {
    for (const t of [TTSR_INTERRUPT_V14, TTSR_INTERRUPT_V17, TTSR_TOOL_REMINDER_V17]) {
      expect(t.endsWith("\n")).toBe(true);
      expect(t.endsWith("\n\n")).toBe(false);
    }
    expect(TTSR_INTERRUPT_V14.split("\n")[3]).toBe("You **MUST** comply with the following instruction:");
    expect(TTSR_INTERRUPT_V17.split("\n")[3]).toBe("MUST comply:");
    expect(TTSR_TOOL_REMINDER_V17).toContain("\u2192 tool ran");
    expect(TTSR_TOOL_REMINDER_V17).toContain("injection \u2014 coding");
  });
});

describe("strings.md §1.4 test vectors", () => {
  it("strings.md §1.4 vector 1: v17 interrupt (omp17-interrupt-then-tool-reminder)", () => {
    const rule = {
      name: "no-ts-ignore",
      path: "/proj/.omp/rules/no-ts-ignore.md",
      content: "Do not silence the type checker with `@ts-ignore` or `@ts-nocheck`.\nFix the type, or use `@ts-expect-error` with a one-line reason.",
    };
    expect(renderRule(rule, { ...V17, template: "interrupt" })).toBe(
      '<system-interrupt reason="rule_violation" rule="no-ts-ignore" path=".omp/rules/no-ts-ignore.md">\nOutput interrupted: violated user-defined rule.\nNot prompt injection; coding agent enforcing project rules.\nMUST comply:\n\nDo not silence the type checker with `@ts-ignore` or `@ts-nocheck`.\nFix the type, or use `@ts-expect-error` with a one-line reason.\n</system-interrupt>',
    );
  });

  it("strings.md §1.4 vector 2: v17 tool reminder", () => {
    const rule = {
      name: "no-sudo",
      path: "/proj/.omp/rules/no-sudo.md",
      content: "Never use sudo. Add the tool as a project dependency, or ask the user to install it.",
    };
    expect(renderRule(rule, { ...V17, template: "tool-reminder" })).toBe(
      '<system-reminder reason="rule_violation" rule="no-sudo" path=".omp/rules/no-sudo.md">\nUser-defined rule matched tool-call arguments. Rule configured not to interrupt \u2192 tool ran. MUST comply with the following instruction on subsequent tool calls and responses. NOT prompt injection \u2014 coding agent enforcing project rules.\n\nNever use sudo. Add the tool as a project dependency, or ask the user to install it.\n</system-reminder>',
    );
  });

  it("strings.md §1.4 vector 3 / ttsr-spec §14 S22: content starting with blank lines swallows the blank after MUST comply:", () => {
    expect(renderRule({ name: "blank-start", path: "p", content: "\n\nBody after blanks" }, { ...V17, template: "interrupt" })).toBe(
      '<system-interrupt reason="rule_violation" rule="blank-start" path="p">\nOutput interrupted: violated user-defined rule.\nNot prompt injection; coding agent enforcing project rules.\nMUST comply:\nBody after blanks\n</system-interrupt>',
    );
  });

  it("strings.md §1.4 vector 4: no escaping, blank runs, fences and tables — same body in v14 and v17", () => {
    const content = "{{name}} stays\n\n\nafter triple\n  trailing   \n```\ncode  \n\n\n  x\n```\n| a  |  b |\n|:-- | --:|\n\n";
    const body = "{{name}} stays\nafter triple\n  trailing\n```\ncode\n\n\n  x\n```\n|a|b|\n|:---|---:|\n</system-interrupt>";
    for (const profile of ["seed", "v17"] as const) {
      const out = renderRule({ name: 'a"b&<c>', path: "/p/x.md", content }, { profile, cwd: "/elsewhere", home: "/root", template: "interrupt" });
      const lines = out.split("\n");
      expect(lines[0]).toBe('<system-interrupt reason="rule_violation" rule="a"b&<c>" path="/p/x.md">');
      expect(out.endsWith(`\n${body}`)).toBe(true);
      expect(lines[5]).toBe("{{name}} stays");
    }
  });

  it("strings.md §1.4: an unclosed fence keeps its blank lines", () => {
    expect(formatPass("<x>\n```\nopen   \n\n\n\n</x>")).toBe("<x>\n```\nopen\n\n\n\n</x>");
  });

  it("strings.md §1.1: the v14 interrupt wording", () => {
    expect(renderRule({ name: "r", path: "/proj/.omp/rules/r.md", content: "C" }, { profile: "seed", template: "interrupt" })).toBe(
      '<system-interrupt reason="rule_violation" rule="r" path="/proj/.omp/rules/r.md">\nYour output was interrupted because it violated a user-defined rule.\nThis is NOT a prompt injection - this is the coding agent enforcing project rules.\nYou **MUST** comply with the following instruction:\n\nC\n</system-interrupt>',
    );
  });

  it("strings.md §1.4 point 4: rules are rendered one by one and joined with a blank line", () => {
    const rules = [
      { name: "a", path: "/proj/a.md", content: "A" },
      { name: "b", path: "/proj/b.md", content: "B" },
    ];
    const out = renderInjection(rules, { ...V17, template: "interrupt" });
    expect(out).toBe(`${renderRule(rules[0], { ...V17, template: "interrupt" })}\n\n${renderRule(rules[1], { ...V17, template: "interrupt" })}`);
    expect(renderInjection([], { ...V17, template: "interrupt" })).toBe("");
  });
});

describe("ttsr-spec §14 S20–S24", () => {
  it("ttsr-spec §14 S20: display paths — v17 relative, ~/, as-is, virtual; seed absolute", () => {
    const inputs = ["/proj/.omp/rules/x.md", "/root/.omp/agent/rules/x.md", "~/.omp/agent/rules/x.md", "/etc/x.md", "builtin-defaults:ts-no-any.md"];
    expect(inputs.map((p) => displayRulePath(p, V17))).toEqual([
      ".omp/rules/x.md",
      "~/.omp/agent/rules/x.md",
      "~/.omp/agent/rules/x.md",
      "/etc/x.md",
      "builtin-defaults:ts-no-any.md",
    ]);
    expect(inputs.map((p) => displayRulePath(p, { profile: "seed", cwd: "/proj", home: "/root" }))).toEqual(inputs);
  });

  it("design §2: seed shows the recorded cwd joined with the rule path relative to the replay cwd", () => {
    const o = { profile: "seed", cwd: "/home/me/repo", home: "/home/me", recordedCwd: "/work/agent-repo" } as const;
    expect(displayRulePath("/home/me/repo/.omp/rules/x.md", o)).toBe("/work/agent-repo/.omp/rules/x.md");
    expect(displayRulePath("/home/me/.omp/agent/rules/x.md", o)).toBe("/home/me/.omp/agent/rules/x.md");
  });

  it("ttsr-spec §10.3: the cwd itself and paths outside it are not cwd-relative", () => {
    expect(displayRulePath("/proj", V17)).toBe("/proj");
    expect(displayRulePath("/project/x.md", V17)).toBe("/project/x.md");
  });

  it("ttsr-spec §14 S21: a double blank run is removed entirely, trailing spaces trimmed", () => {
    const out = renderRule({ name: "r", path: "p", content: "A\n\n\nB\n\nC  \n" }, { ...V17, template: "interrupt" });
    expect(out.endsWith("MUST comply:\n\nA\nB\n\nC\n</system-interrupt>")).toBe(true);
  });

  it("ttsr-spec §14 S23: table rows are compacted", () => {
    const out = renderRule({ name: "r", path: "p", content: "| x  |  y |\n|----|:--:|" }, { ...V17, template: "interrupt" });
    expect(out).toContain("\n|x|y|\n|---|:---:|\n</system-interrupt>");
  });

  it('ttsr-spec §14 S24: a name containing " is not escaped', () => {
    expect(renderRule({ name: 'a"b', path: "p", content: "C" }, { ...V17, template: "interrupt" })).toContain('rule="a"b"');
  });
});
