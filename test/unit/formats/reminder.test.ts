import { describe, expect, it } from "vitest";
import { renderSystemReminder } from "../../../src/formats/reminder.js";

describe("renderSystemReminder (design §6)", () => {
  it("scorel-format §9.1 (SC-REM5): one layer around any body", () => {
    expect(renderSystemReminder("be careful", { style: "scorel" })).toBe("<system-reminder>\nbe careful\n</system-reminder>");
  });
  it("scorel style wraps an already wrapped body again (no normalisation)", () => {
    const w = "<system-reminder>\nX\n</system-reminder>";
    expect(renderSystemReminder(w, { style: "scorel" })).toBe(`<system-reminder>\n${w}\n</system-reminder>`);
  });
  it("scorel style keeps the body verbatim, empty included", () => {
    expect(renderSystemReminder("", { style: "scorel" })).toBe("<system-reminder>\n\n</system-reminder>");
    expect(renderSystemReminder("  a\n", { style: "scorel" })).toBe("<system-reminder>\n  a\n\n</system-reminder>");
  });
  it("yoi-wrap-once: plain body wrapped once (yoi-format §5 row 1)", () => {
    expect(renderSystemReminder("remember tasks", { style: "yoi-wrap-once" })).toBe("<system-reminder>\nremember tasks\n</system-reminder>");
  });
  it("yoi-wrap-once: an exactly wrapped body is not wrapped again (yoi-format §5 row 2)", () => {
    const w = "<system-reminder>\nremember tasks\n</system-reminder>";
    expect(renderSystemReminder(w, { style: "yoi-wrap-once" })).toBe(w);
  });
});
