// Capsule findings as diagnostics (for `validate` and `capsule validate`): the upstream validation, the
// crashes of the upstream module, and JSON Schema findings (warnings: the module checks far less).
import { DiagnosticBag, type Diagnostic } from "../shared/diagnostics.js";
import { check } from "../schema/ajv.js";
import schema from "../schema/json/capsule/compact-capsule.json" with { type: "json" };
import { renderCompactCapsulePrompt } from "./render.js";
import { restoreFromCapsule } from "./restore.js";
import { validateCompactCapsule } from "./validate.js";

export const compactCapsuleSchema: object = schema;

export function capsuleDiagnostics(capsule: unknown, file: string): Diagnostic[] {
  const bag = new DiagnosticBag(file);
  const v = validateCompactCapsule(capsule);
  for (const label of v.missing) bag.add("CAPSULE_MISSING", {}, { label });
  for (const warning of v.warnings) bag.add("CAPSULE_WARNING", {}, { warning });
  if (v.upstreamThrows) bag.add("CAPSULE_UPSTREAM_THROWS", {}, { fn: "validateCompactCapsule", errorName: v.errorName, message: v.message });
  else if (v.valid) {
    // Restore and render only crash on members validation does not look at (docs/capsule.md §4 "Not validated").
    const r = restoreFromCapsule(capsule);
    if (!r.ok) bag.add("CAPSULE_UPSTREAM_THROWS", {}, { fn: "restoreFromCapsule", errorName: r.errorName, message: r.message });
  }
  if (!v.upstreamThrows) {
    const p = renderCompactCapsulePrompt(capsule);
    if (!p.ok) bag.add("CAPSULE_UPSTREAM_THROWS", {}, { fn: "renderCompactCapsulePrompt", errorName: p.errorName, message: p.message });
  }
  for (const issue of check(schema, capsule)) bag.add("SCHEMA", { pointer: issue.pointer }, { pointer: issue.pointer, detail: issue.detail });
  return bag.items;
}
