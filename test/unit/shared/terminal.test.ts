// src/shared/terminal.ts: control characters from data are shown visibly, never written (README "Security").
import { describe, expect, it } from "vitest";
import { guardJson, guardTerminal, terminalLine, terminalText } from "../../../src/shared/terminal.js";

describe("terminalText", () => {
  it("shows ESC, BEL, C1, DEL and bidi controls as escapes; keeps tab and newline", () => {
    expect(terminalText("x \u001b]0;T\u0007\u001b[2J \u009b31m")).toBe("x \\x1b]0;T\\x07\\x1b[2J \\x9b31m");
    expect(terminalText("a\u0085b\u007fc\u0000d\u0008e\rf")).toBe("a\\x85b\\x7fc\\x00d\\x08e\\rf");
    expect(terminalText("\u202eevil\u202c \u2066iso\u2069 \u200e\u200f\u061c")).toBe("\\u202eevil\\u202c \\u2066iso\\u2069 \\u200e\\u200f\\u061c");
    expect(terminalText("tab\there\nnext")).toBe("tab\there\nnext");
  });

  it("leaves printable text alone, wide and combining characters included", () => {
    for (const s of ["plain ascii", "写入 config/prod.yaml 被拒绝", "é and e\u0301", "⏎ ≈ → ✓ ✗ 🙂", "\u00a0nbsp", "\\x1b already text"])
      expect(terminalText(s)).toBe(s);
  });
});

describe("terminalLine", () => {
  it("also shows newline and tab, so one value cannot forge another output line", () => {
    expect(terminalLine("file\nsightline: 0 errors\t!")).toBe("file\\nsightline: 0 errors\\t!");
  });
});

describe("guardTerminal", () => {
  it("without colour, every escape is shown, sightline's SGR included", () => {
    expect(guardTerminal("\u001b[31mred\u001b[0m", false)).toBe("\\x1b[31mred\\x1b[0m");
  });

  it("with colour, only SGR sequences survive; other CSI, OSC and C1 are shown", () => {
    expect(guardTerminal("\u001b[1;31mred\u001b[0m \u001b[2J \u001b]0;T\u0007 \u009b31m", true)).toBe(
      "\u001b[1;31mred\u001b[0m \\x1b[2J \\x1b]0;T\\x07 \\x9b31m",
    );
  });
});

describe("guardJson", () => {
  it("writes DEL, C1, bidi controls and line separators as \\u escapes; the document parses to the same value", () => {
    const value = { s: "a\u007f\u0085\u009b\u202e\u2028\u2029b", esc: "\u001b[2J" };
    const json = guardJson(JSON.stringify(value));
    expect(json).toBe('{"s":"a\\u007f\\u0085\\u009b\\u202e\\u2028\\u2029b","esc":"\\u001b[2J"}');
    expect(JSON.parse(json)).toEqual(value);
  });
});
