// design §3 / §8 "Bad input": where the upstream module throws, sightline returns data; nothing here
// may throw for any JSON value (fast-check).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  capsuleCheck,
  capsuleDiagnostics,
  renderCompactCapsulePrompt,
  restoreFromCapsule,
  tryCreateCompactCapsule,
  validateCompactCapsule,
} from "../../../src/capsule/index.js";
import { capsule } from "./builders.js";

const keys = [
  "hardDenySummary",
  "openQuestions",
  "resumeSnapshot",
  "currentGate",
  "writeTransactions",
  "sourceAnchors",
  "stopHook",
  "traceId",
  "createdAt",
  "completionPromiseId",
];
// Capsule-like objects: each known key dropped, kept or replaced by an arbitrary JSON value.
const edited = fc.array(fc.tuple(fc.constantFrom(...keys), fc.oneof(fc.constant(undefined), fc.jsonValue())), { maxLength: 4 }).map((edits) => {
  const c: Record<string, unknown> = { ...capsule() };
  for (const [k, v] of edits) {
    if (v === undefined) delete c[k];
    else c[k] = v;
  }
  return c;
});
const mangled = fc.oneof({ arbitrary: edited, weight: 9 }, { arbitrary: fc.jsonValue(), weight: 1 });

describe("capsule functions never throw", () => {
  it("validate / restore / render / check / diagnostics return results for any JSON", () => {
    fc.assert(
      fc.property(mangled, (c) => {
        const v = validateCompactCapsule(c);
        expect(typeof v.valid).toBe("boolean");
        const r = restoreFromCapsule(c);
        if (!r.ok) expect(r.upstreamThrows).toBe(true);
        // upstream returns a truthy non-object snapshot's missing nextAction as is (undefined)
        if (r.ok) expect(["string", "undefined"]).toContain(typeof r.state.nextAction);
        const p = renderCompactCapsulePrompt(c);
        if (p.ok) expect(p.text.startsWith("## Compact Capsule(上下文压缩恢复)\n")).toBe(true);
        expect(Array.isArray(capsuleCheck(c, "text").lost)).toBe(true);
        expect(Array.isArray(capsuleDiagnostics(c, "f.json"))).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
  it("tryCreateCompactCapsule returns a result for any run-like value", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (run) => {
        const r = tryCreateCompactCapsule(run, undefined, new Date(0));
        if (r.ok) expect(r.capsule.createdAt).toBe("1970-01-01T00:00:00.000Z");
        else expect(r.upstreamThrows).toBe(true);
      }),
    );
  });
  it("an invalid capsule never restores", () => {
    fc.assert(
      fc.property(mangled, (c) => {
        if (!validateCompactCapsule(c).valid) expect(restoreFromCapsule(c).ok).toBe(false);
      }),
      { numRuns: 200 },
    );
  });
});
