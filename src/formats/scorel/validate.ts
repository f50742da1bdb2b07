// Audit invariants (V, D) and JSON Schema findings over a loaded session, plus validateScorel(session)
// for callers that hold a ScorelSession (the library's validateSession).
import { diag, type Diagnostic } from "../../shared/diagnostics.js";
import type { AuditInput } from "./audit-context.js";
import { checkControl } from "./invariants-control.js";
import { checkDesign } from "./invariants-design.js";
import { checkMessages, checkTs, checkToolPairs } from "./invariants-messages.js";
import type { Finding, LoadResult } from "./load.js";
import type { ScorelProfile, ScorelSession } from "./model.js";
import { checkSchemaInto, eventSchema, headerSchema } from "./schemas.js";
import type { SchemaIssue } from "../../schema/ajv.js";

export function auditFindings(r: LoadResult, profile: ScorelProfile): Finding[] {
  const out: Finding[] = [];
  const a: AuditInput = { ...r, profile };
  const push = (f: Finding): void => void out.push(f);
  if (profile !== "g0") checkTs(a, push);
  checkMessages(a, push);
  checkToolPairs(a, push);
  checkControl(a, push);
  checkDesign(a, push);
  return out;
}

/**
 * SCHEMA warnings for lines the loader accepts. An issue at (or under) a pointer that an invariant already
 * reported for the same line is dropped: one finding per problem.
 */
export function schemaFindings(r: LoadResult, profile: ScorelProfile, known: readonly Finding[]): Finding[] {
  const covered = new Map<number, string[]>();
  for (const f of known) if (f.line !== undefined && f.pointer !== undefined) covered.set(f.line, [...(covered.get(f.line) ?? []), f.pointer]);
  const isCovered = (line: number, p: string): boolean => (covered.get(line) ?? []).some((c) => p === c || p.startsWith(`${c}/`));
  const out: Finding[] = [];
  // One list for every line's issues, emptied before each check.
  const issues: SchemaIssue[] = [];
  const run = (schema: object, value: unknown, line: number, eventId?: string): void => {
    issues.length = 0;
    checkSchemaInto(schema, value, issues);
    for (const i of issues) {
      // ajv also reports the if/then wrapper of a block whose own field failed: the field issue says it.
      if (/^must match "(then|else)" schema$/.test(i.detail)) continue;
      // A "required" issue sits on the parent object; compare with the missing property's own pointer.
      const missing = /^missing required property "(.*)"$/.exec(i.detail);
      const at = missing ? `${i.pointer}/${missing[1].replace(/~/g, "~0").replace(/\//g, "~1")}` : i.pointer;
      if (!isCovered(line, at)) out.push({ code: "SCHEMA", line, eventId, pointer: at, args: { pointer: at, detail: i.detail } });
    }
  };
  if (r.header && r.headerLine !== undefined && !known.some((f) => f.code === "SCOREL_INV_03_INVALID_HEADER"))
    run(headerSchema(profile), r.header, r.headerLine);
  for (const e of r.events) {
    if (r.badPayload.has(e.line)) continue;
    const s = eventSchema(profile, e.type);
    if (s) run(s, e.raw, e.line, e.id.startsWith("#line-") ? undefined : e.id);
  }
  return out;
}

/**
 * Invariant 15 for a request (`--leaf ID`, buildContext): the id must name a tree node. Returns the
 * finding, or null when the id is a usable leaf. (The real getPath throws invalid_parent "Unknown event id".)
 */
export function checkLeafRequest(session: ScorelSession, id: string): Diagnostic | null {
  if (session.tree.parent.has(id)) return null;
  const e = session.byId.get(id);
  return diag(
    "SCOREL_INV_15_LEAF_NOT_TREE",
    { file: session.file, line: e?.line, eventId: id },
    e ? { problem: "leaf-not-tree", id, type: e.type, line: e.line } : { problem: "leaf-not-tree", id },
  );
}
