// Codes are typed with their args: a wrong code, missing or mistyped args, or a sentence passed instead of
// data does not compile (`npm run lint` compiles this file; each @ts-expect-error fails the build if the
// line it marks ever compiles). The runtime half checks the same on what the calls produce.
import { describe, expect, it } from "vitest";
import { coded, type ArgsOf, type Coded } from "../../../src/shared/codes.js";
import { diag, diagOf, DiagnosticBag } from "../../../src/shared/diagnostics.js";

describe("typed diagnostic codes", () => {
  it("a call with the code's args words the catalogue message", () => {
    const bag = new DiagnosticBag("s.jsonl");
    const d = bag.add("PI_DUPLICATE_ID", { line: 4 }, { id: "a1", firstLine: 2 });
    expect(d.message).toBe("Duplicate entry id a1 (first on line 2)");
    expect(diag("PI_NO_ROOT", { file: "s.jsonl" }).args).toBeUndefined();
    const f: Coded = { code: "TOO_DEEP", args: { limit: 3 } };
    expect(diagOf(f, { file: "s.jsonl" }).message).toBe("JSON nesting depth exceeds 3; the line is not processed further");
    expect(coded("NO_MATCH", { pattern: "*.jsonl" })).toEqual({ code: "NO_MATCH", args: { pattern: "*.jsonl" } });
  });

  it("wrong codes and wrong args are compile errors", () => {
    const bag = new DiagnosticBag("s.jsonl");
    const attempts = [
      // @ts-expect-error not a catalogue code
      () => bag.add("PI_NO_SUCH_CODE", {}),
      // @ts-expect-error args missing
      () => bag.add("PI_DUPLICATE_ID", { line: 1 }),
      // @ts-expect-error a required arg missing
      () => bag.add("PI_DUPLICATE_ID", { line: 1 }, { id: "a" }),
      // @ts-expect-error an arg of the wrong type
      () => bag.add("PI_DUPLICATE_ID", { line: 1 }, { id: "a", firstLine: "2" }),
      // @ts-expect-error a code without args takes none
      () => bag.add("PI_NO_ROOT", { line: 1 }, { id: "a" }),
      // @ts-expect-error a sentence instead of data: the wording is the catalogue's
      () => bag.add("PROFILE_MISMATCH", {}, { detail: "Profile pi was requested but the file has a v17 marker" }),
      // @ts-expect-error a sentence instead of data (scorel invariants are worded in the catalogue)
      () => diag("SCOREL_INV_08_NON_MONOTONIC_SEQ", { file: "f" }, { detail: "seq 3 is not greater than 5" }),
      // @ts-expect-error a case the catalogue does not word
      () => diag("SCOREL_INV_08_NON_MONOTONIC_SEQ", { file: "f" }, { problem: "seq-went-sideways", seq: 3 }),
      // @ts-expect-error args of another code
      () => diagOf({ code: "TOO_DEEP", args: { pattern: "x" } }, { file: "f" }),
    ];
    expect(attempts.length).toBe(9);
    const args: ArgsOf<"PI_DUPLICATE_ID"> = { id: "a", firstLine: 1 };
    expect(args.firstLine).toBe(1);
  });
});
