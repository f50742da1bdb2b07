import { describe, expect, it } from "vitest";
import { normalizeSeedReminderBody, wrapOnceSeed } from "../../../../src/formats/yoi/wrap-once.js";

const W = (inner: string) => `<system-reminder>\n${inner}\n</system-reminder>`;

describe("yoi-format §5 wrap-once table", () => {
  it("§5 row 1: plain body is wrapped once (upstream test)", () => {
    expect(wrapOnceSeed("remember tasks")).toBe(W("remember tasks"));
  });
  it("§5 row 2: an exactly wrapped body is not double wrapped; stored inner = remember tasks", () => {
    expect(normalizeSeedReminderBody(W("remember tasks"))).toBe("remember tasks");
    expect(wrapOnceSeed(W("remember tasks"))).toBe(W("remember tasks"));
  });
  it("§5 row 3: outer whitespace is trimmed before recognition", () => {
    expect(wrapOnceSeed("  <system-reminder>\nX\n</system-reminder>\n\n")).toBe(W("X"));
  });
  it("§5 row 4: no inner newlines", () => {
    expect(wrapOnceSeed("<system-reminder>X</system-reminder>")).toBe(W("X"));
  });
  it("§5 row 5: inner spaces are kept", () => {
    expect(wrapOnceSeed("<system-reminder>  X  </system-reminder>")).toBe("<system-reminder>\n  X  \n</system-reminder>");
  });
  it("§5 row 6: only LF is stripped from the inner edges, CR stays", () => {
    expect(normalizeSeedReminderBody("<system-reminder>\r\nX\r\n</system-reminder>")).toBe("\r\nX\r");
    expect(wrapOnceSeed("<system-reminder>\r\nX\r\n</system-reminder>")).toBe("<system-reminder>\n\r\nX\r\n</system-reminder>");
  });
  it("§5 row 7: empty wrapped bodies", () => {
    expect(wrapOnceSeed("<system-reminder></system-reminder>")).toBe("<system-reminder>\n\n</system-reminder>");
    expect(wrapOnceSeed("<system-reminder>\n</system-reminder>")).toBe("<system-reminder>\n\n</system-reminder>");
  });
  it("§5 row 8: an opening tag alone is not recognised", () => {
    expect(wrapOnceSeed("<system-reminder>")).toBe("<system-reminder>\n<system-reminder>\n</system-reminder>");
  });
  it("§5 row 9: double wrapped stays two layers (one stripped, one added)", () => {
    const two = "<system-reminder>\n<system-reminder>\nX\n</system-reminder>\n</system-reminder>";
    expect(wrapOnceSeed(two)).toBe(two);
    expect(wrapOnceSeed(`  ${two}\n`)).toBe(two);
  });
  it("§5 row 10: two blocks: outer tags match the whole string, no extra layer", () => {
    const two = "<system-reminder>\nA\n</system-reminder>\n<system-reminder>\nB\n</system-reminder>";
    expect(wrapOnceSeed(two)).toBe(two);
  });
  it("§5 row 11: trailing text after the closing tag is wrapped again", () => {
    const s = "<system-reminder>\nX\n</system-reminder>\nmore";
    expect(wrapOnceSeed(s)).toBe(W(s));
  });
  it("§5 row 12: attributes or another case are not recognised", () => {
    const a = '<system-reminder reason="x">X</system-reminder>';
    expect(wrapOnceSeed(a)).toBe(W(a));
    const b = "<SYSTEM-REMINDER>\nX\n</SYSTEM-REMINDER>";
    expect(wrapOnceSeed(b)).toBe(W(b));
  });
  it("§5 row 13: LF edges of an unwrapped body are kept, and are not round-trip stable", () => {
    const out = wrapOnceSeed("\nX\n");
    expect(out).toBe("<system-reminder>\n\nX\n\n</system-reminder>");
    expect(normalizeSeedReminderBody(out)).toBe("X");
  });
  it("§5 row 14: spaces around an unwrapped body are kept (original untrimmed)", () => {
    expect(wrapOnceSeed("  X  ")).toBe("<system-reminder>\n  X  \n</system-reminder>");
  });
  it("§5 row 15: a BOM is not Rust whitespace: wrapped again", () => {
    const s = `\uFEFF${W("X")}`;
    expect(wrapOnceSeed(s)).toBe(W(s));
  });
  it("§5 row 16: NEL is Rust whitespace: recognised", () => {
    expect(wrapOnceSeed(`\u0085${W("X")}\u0085`)).toBe(W("X"));
  });
});
