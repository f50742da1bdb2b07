// The code catalogue is one list: no code defined twice, every entry worded, loader codes flagged.
import { describe, expect, it } from "vitest";
import { catalogue, duplicateCodes } from "../../../src/shared/codes.js";
import type { CodeSpec } from "../../../src/shared/codes/types.js";
import { diag, DiagnosticBag, sortDiagnostics } from "../../../src/shared/diagnostics.js";

const entries = Object.entries(catalogue) as Array<[string, CodeSpec]>;

describe("code catalogue", () => {
  it("defines no code twice across areas", () => {
    expect(duplicateCodes()).toEqual([]);
  });
  it("own codes are SCREAMING_SNAKE; loader-verdict codes keep upstream names (or are sightline's where upstream has none)", () => {
    for (const [code, spec] of entries) {
      if (spec.loader) expect(code, code).toMatch(/^([a-z][a-z_]*|[A-Z][A-Z0-9_]*)$/);
      else expect(code, code).toMatch(/^[A-Z][A-Z0-9_]*$/);
    }
    // The upstream loader codes named in design §5 are there verbatim.
    for (const c of ["invalid_json", "non_monotonic_seq", "corrupt", "skipped_line"]) expect(catalogue).toHaveProperty(c);
  });
  it("every entry has a title and words a message even without args", () => {
    for (const [code, spec] of entries) {
      expect(spec.title.length, code).toBeGreaterThan(5);
      expect(typeof spec.message({}), code).toBe("string");
    }
  });
  it("diag() words the message from the catalogue and carries loader:true for verdict codes", () => {
    const d = diag("INVALID_JSON", { file: "f.jsonl", line: 3 }, { detail: "x" });
    expect(d).toMatchObject({ code: "INVALID_JSON", severity: "error", file: "f.jsonl", line: 3, message: "Invalid JSON: x" });
    const loaderCode = entries.find(([, s]) => s.loader)![0];
    expect(diag(loaderCode as never, { file: "f" }).loader).toBe(true);
  });
  it("DiagnosticBag collects in order and sortDiagnostics orders by file, line, severity", () => {
    const bag = new DiagnosticBag("a");
    bag.add("TORN_LAST_LINE", { line: 9 });
    bag.add("INVALID_JSON", { line: 2 }, { detail: "y" });
    expect(bag.hasErrors).toBe(true);
    expect(sortDiagnostics(bag.items).map((d) => d.line)).toEqual([2, 9]);
  });
});
