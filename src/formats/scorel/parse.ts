// The Scorel session reader: a streaming LineSink that parses each line once (records.ts) and, at finish,
// picks the generation and profile (detect.ts), runs the loader pass (load.ts / g0.ts), the loader verdict
// (verdict.ts), the audit invariants and the JSON Schemas. Never throws for bad input.
import { DiagnosticBag, diagOf, type Diagnostic } from "../../shared/diagnostics.js";
import { feedLines, splitText, type LineRecord, type LineSink } from "../../shared/lines.js";
import type { ParseOptions } from "../types.js";
import type { ScorelSession } from "./model.js";
import { chooseProfile, scanFeatures } from "./detect.js";
import { loadG0 } from "./g0.js";
import { loadPass, type Finding, type LoadResult } from "./load.js";
import { readLine, type LineRec } from "./records.js";
import { designNote, isRejected, verdictDiagnostic } from "./verdict.js";
import { auditFindings, schemaFindings } from "./validate.js";

export { sniffScorel } from "./detect.js";

export function createScorelParser(opts: ParseOptions): LineSink<ScorelSession> {
  const bag = new DiagnosticBag(opts.file);
  const recs: LineRec[] = [];
  const notes = { crlfSeen: false };
  let lineCount = 0;
  return {
    push(line: LineRecord): void {
      lineCount = line.no;
      recs.push(readLine(line, bag, notes));
    },
    finish(): ScorelSession {
      return assemble(recs, opts, bag, lineCount);
    },
  };
}

/** Parses a whole Scorel file text (splitText + feed). */
export function parseScorel(text: string, opts: ParseOptions): ScorelSession {
  return feedLines(createScorelParser(opts), splitText(text));
}

function assemble(recs: LineRec[], opts: ParseOptions, bag: DiagnosticBag, lineCount: number): ScorelSession {
  if (recs.every((r) => r.empty)) bag.add("EMPTY_FILE", recs.length > 0 ? { line: 1 } : {});
  const features = scanFeatures(recs);
  const { profile, reason, generation } = chooseProfile(features, opts.profile, bag);
  const r: LoadResult = profile === "g0" ? loadG0(recs, opts.file) : loadPass(recs, profile);
  const out: Diagnostic[] = [...bag.items];
  let verdict: Diagnostic | null = null;
  if (profile === "design") {
    const note = designNote(recs, opts.file);
    if (note) out.push(note);
  } else if (r.verdict) {
    verdict = verdictDiagnostic(r.verdict, opts.file);
    out.push(verdict);
  }
  const findings: Finding[] = [...r.findings, ...auditFindings(r, profile)];
  for (const f of [...findings, ...schemaFindings(r, profile, findings)]) {
    out.push(diagOf(f, { file: opts.file, line: f.line, eventId: f.eventId, pointer: f.pointer }));
  }
  const header = r.header;
  // Made when first read (check and TTSR read it; an audit does not): an id's line is its event's.
  let lineOf = r.lineOf;
  const byId = r.byId;
  return {
    format: "scorel",
    profile,
    profileReason: reason,
    file: opts.file,
    id: header && typeof header.sessionId === "string" ? header.sessionId : undefined,
    diagnostics: inFileOrder(out),
    tree: r.tree,
    get lineOf() {
      if (!lineOf) {
        lineOf = new Map();
        for (const [id, e] of byId) lineOf.set(id, e.line);
      }
      return lineOf;
    },
    lineCount,
    header,
    events: r.events,
    byId: r.byId,
    rejected: isRejected(profile, r),
    generation,
    verdict,
  };
}

/** File-level notes first, then by line; stable otherwise (the verdict stays before its finding). */
function inFileOrder(ds: Diagnostic[]): Diagnostic[] {
  return ds
    .map((d, i) => ({ d, i }))
    .sort((a, b) => (a.d.line ?? 0) - (b.d.line ?? 0) || a.i - b.i)
    .map((x) => x.d);
}

export { checkLeafRequest } from "./validate.js";
