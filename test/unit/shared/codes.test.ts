// The code catalogue is one list: no code defined twice, every entry worded, loader codes flagged.
import { describe, expect, it } from "vitest";
import { catalogue, codeArea, codeSpec, registerCodes } from "../../../src/shared/codes.js";
import { wordUntyped, type CodeSpec } from "../../../src/shared/codes/types.js";
import type { Coded } from "../../../src/shared/codes.js";
import { diag, DiagnosticBag, sortDiagnostics } from "../../../src/shared/diagnostics.js";

const entries = Object.entries(catalogue) as Array<[string, CodeSpec]>;

/** Args where every field reads as its own name: what a wording makes of the data, whatever the data is. */
const placeholders = new Proxy({}, { get: (_, k) => (typeof k === "string" ? `‹${k}›` : undefined), has: () => true }) as Record<string, unknown>;

/** Codes whose message is a text upstream wrote (repeated verbatim, byte for byte), besides loader verdicts. */
const VERBATIM = new Set(["CAPSULE_WARNING"]);

/** One sample per case of the codes worded from a union of cases (a wrong shape here does not compile). */
const CASES: Coded[] = [
  { code: "PROFILE_MISMATCH", args: { problem: "unknown-profile", format: "pi", requested: "p9", known: ["pi", "omp17"] } },
  { code: "PROFILE_MISMATCH", args: { problem: "pi-v17-marker", marker: "title slot on line 1" } },
  { code: "PROFILE_MISMATCH", args: { problem: "scorel-g0-not-g0" } },
  { code: "PROFILE_MISMATCH", args: { problem: "scorel-context-control-before-p4b", profile: "p3" } },
  { code: "SCOREL_G0_REWIND_TARGET", args: { target: "m1", why: "not-found" } },
  { code: "SCOREL_G0_REWIND_TARGET", args: { target: "m1", why: "not-user", role: "assistant" } },
  { code: "YOI_REMINDER_WRAP", args: { problem: "seed-wrapped-twice" } },
  { code: "SCOREL_INV_01_MISSING_HEADER", args: { problem: "line-1-empty" } },
  { code: "SCOREL_INV_02_INVALID_JSON", args: { problem: "invalid-json", cause: "bom" } },
  { code: "SCOREL_INV_06_INVALID_EVENT", args: { problem: "base-fields", fields: ["id", "ts"] } },
  { code: "SCOREL_INV_08_NON_MONOTONIC_SEQ", args: { problem: "seq-not-increasing", seq: 3, prev: 5, prevLine: 4 } },
  { code: "SCOREL_INV_10_PARENT", args: { problem: "bad-parent", parentId: "e9", why: "missing", unreadable: 1, noRoot: true } },
  { code: "SCOREL_INV_16_HARNESS_ITEM", args: { problem: "must-be-one-of", field: "item.visibility", values: ["display", "hidden", "compact"] } },
  { code: "SCOREL_INV_28_REWIND_TARGET", args: { problem: "rewind-not-boundary", id: "e2", type: "message", role: "assistant" } },
  { code: "TTSR_VERDICT_UNKNOWN_RULE", args: { rule: "typo", judged: ["docs-tone"] } },
  { code: "TTSR_VERDICT_UNKNOWN_RULE", args: { rule: "typo", judged: [] } },
  { code: "TTSR_V18_KEY_IGNORED", args: { rule: "r", key: "agents" } },
  { code: "TTSR_V18_KEY_IGNORED", args: { rule: "r", key: "enabled" } },
];
/** Samples for a code: those of every code worded by the same function (all SCOREL_INV_* share one). */
const casesOf = (spec: CodeSpec): Coded[] => CASES.filter((c) => (codeSpec(c.code)?.message as unknown) === spec.message);

describe("code catalogue", () => {
  it("refuses a code defined twice across areas, and words no code that no area defines", () => {
    const again = { INVALID_JSON: { severity: "error", title: "a second wording", message: () => "again" } } as const;
    expect(() => registerCodes("elsewhere", again)).toThrow(/INVALID_JSON is defined by general and by elsewhere/);
    expect(codeArea("INVALID_JSON")).toBe("general");
    expect(catalogue.INVALID_JSON?.title).not.toBe("a second wording");
    expect(() => diag("NOT_A_CODE" as never, { file: "f" })).toThrow(/NOT_A_CODE is in no registered code table/);
  });
  it("own codes are SCREAMING_SNAKE; loader-verdict codes keep upstream names (or are sightline's where upstream has none)", () => {
    for (const [code, spec] of entries) {
      if (spec.loader) expect(code, code).toMatch(/^([a-z][a-z_]*|[A-Z][A-Z0-9_]*)$/);
      else expect(code, code).toMatch(/^[A-Z][A-Z0-9_]*$/);
    }
    // The upstream loader codes named in design §5 are there verbatim.
    for (const c of ["invalid_json", "non_monotonic_seq", "corrupt", "skipped_line"]) expect(catalogue).toHaveProperty(c);
  });
  it("every entry has a title, and words a message from data, not from a sentence passed in", () => {
    for (const [code, spec] of entries) {
      expect(spec.title.length, code).toBeGreaterThan(5);
      const samples = casesOf(spec).map((c) => c.args as Record<string, unknown>);
      const texts = samples.length > 0 ? samples.map((a) => wordUntyped(spec, a)) : [wordUntyped(spec, placeholders)];
      for (const t of texts) {
        expect(typeof t, code).toBe("string");
        expect(t.length, code).toBeGreaterThan(0);
        expect(t, code).not.toMatch(/undefined|\[object Object\]/);
        // The message is more than one arg passed through, unless the code repeats an upstream text verbatim.
        if (!spec.loader && !VERBATIM.has(code)) expect(t, code).not.toMatch(/^‹\w+›$/);
      }
    }
  });
  it("codes worded from a union of cases have a sample per case here (each sample is type-checked)", () => {
    for (const [code, spec] of entries) {
      let worded: unknown;
      try {
        worded = wordUntyped(spec, placeholders);
      } catch {
        worded = undefined;
      }
      if (typeof worded !== "string" || worded.includes("undefined")) expect(casesOf(spec).length, code).toBeGreaterThan(0);
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
