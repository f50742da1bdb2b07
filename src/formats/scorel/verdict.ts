// The loader verdict per profile (docs/scorel.md §1, §3, §12, §15.3/6/7): the one diagnostic that says what the real
// loadSession of that generation does with the file. The real loader stops at its first error; load.ts
// finds that error in the same order, this file turns it into the verdict diagnostic.
import { diag, type Diagnostic } from "../../shared/diagnostics.js";
import { catalogue, type CodesWithArgs } from "../../shared/codes.js";
import { loadPass, type LoadResult, type Verdict } from "./load.js";
import type { ScorelProfile } from "./model.js";
import type { LineRec } from "./records.js";

export function verdictDiagnostic(v: Verdict, file: string): Diagnostic {
  return diag(v.code as CodesWithArgs<{ message: string }>, { file, line: v.line, eventId: v.eventId }, { message: v.message });
}

/** The design model has no loader. Report what the P5 loader would do as a note, not an error. */
export function designNote(recs: readonly LineRec[], file: string): Diagnostic | null {
  const p5 = loadPass(recs, "p5").verdict;
  if (!p5) return null;
  return diag("SCOREL_DESIGN_NOT_SHIPPED", { file, line: p5.line, eventId: p5.eventId }, { code: p5.code, message: p5.message, line: p5.line });
}

/** True when the file is rejected: shipped/G0 = the loader verdict; design = any loader-level (E) finding. */
export function isRejected(profile: ScorelProfile, r: LoadResult): boolean {
  if (profile !== "design") return r.verdict !== null;
  // E-level invariants are exactly the SCOREL_INV_* codes whose catalogue severity is error.
  return r.findings.some((f) => f.code.startsWith("SCOREL_INV_") && catalogue[f.code].severity === "error");
}
