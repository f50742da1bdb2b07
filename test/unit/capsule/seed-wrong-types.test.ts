// Every capsule field (and every run field createCompactCapsule reads) given each wrong JSON type, against what the
// seed capsule module does (docs/capsule.md §6.1). test/golden/capsule/seed-wrong-types.json records the seed module's own outcomes, run
// once over these inputs: its return value, or the error it throws. sightline returns the same value, or reports the
// same error as data (upstreamThrows) instead of throwing.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { renderCompactCapsulePrompt, restoreFromCapsule, tryCreateCompactCapsule, validateCompactCapsule } from "../../../src/capsule/index.js";

type Outcome = { value?: unknown; throws?: string };
interface Case {
  fn: "validate" | "restore" | "render" | "create";
  field: string;
  type: string;
  seed: Outcome;
}
interface Recording {
  capsule: Record<string, unknown>;
  run: Record<string, unknown>;
  wrong: Record<string, unknown>;
  cases: Case[];
}
const rec = JSON.parse(readFileSync(join(import.meta.dirname, "../../golden/capsule/seed-wrong-types.json"), "utf8")) as Recording;

function withField(o: Record<string, unknown>, path: string[], v: unknown): Record<string, unknown> {
  const c = structuredClone(o);
  let x = c;
  for (const p of path.slice(0, -1)) x = x[p] as Record<string, unknown>;
  x[path[path.length - 1]] = structuredClone(v);
  return c;
}

/** sightline's outcome in the recording's terms. */
function sightline(c: Case): Outcome {
  const v = rec.wrong[c.type];
  const thrown = (r: { errorName: string; message: string }): Outcome => ({ throws: `${r.errorName}: ${r.message}` });
  if (c.fn === "create") {
    const r = tryCreateCompactCapsule(withField(rec.run, c.field.split(".").slice(1), v), "trace-1", new Date(0));
    if (!r.ok) return thrown(r);
    const { createdAt: _clock, ...rest } = JSON.parse(JSON.stringify(r.capsule)) as Record<string, unknown>;
    return { value: rest };
  }
  const capsule = withField(rec.capsule, c.field.split("."), v);
  if (c.fn === "validate") {
    const r = validateCompactCapsule(capsule);
    if (r.upstreamThrows) return thrown(r);
    return { value: { valid: r.valid, missing: r.missing, warnings: r.warnings } };
  }
  if (c.fn === "restore") {
    const r = restoreFromCapsule(capsule);
    return r.ok ? { value: JSON.parse(JSON.stringify(r.state)) } : thrown(r);
  }
  const r = renderCompactCapsulePrompt(capsule);
  return r.ok ? { value: r.text } : thrown(r);
}

describe("capsule fields of the wrong JSON type: sightline does what the seed module does", () => {
  it("the recording covers every field with every wrong type, for render, restore, validate and create", () => {
    const fields = (fn: string) => new Set(rec.cases.filter((c) => c.fn === fn).map((c) => c.field));
    for (const fn of ["render", "restore", "validate"]) for (const k of Object.keys(rec.capsule)) expect(fields(fn)).toContain(k);
    for (const k of Object.keys(rec.run)) expect(fields("create")).toContain(`run.${k}`);
    expect(rec.cases.length).toBe(576);
    expect(rec.cases.filter((c) => c.seed.throws !== undefined).length).toBeGreaterThan(100);
  });

  it.each(rec.cases.map((c) => [c.fn, c.field, c.type, c] as const))("%s: %s as %s", (_fn, _field, _type, c) => {
    expect(sightline(c)).toEqual(c.seed);
  });

  it("a string hardDenySummary: render reports the seed's forEach error instead of rendering its characters", () => {
    const r = renderCompactCapsulePrompt({ ...rec.capsule, hardDenySummary: "str" });
    expect(r).toMatchObject({ ok: false, upstreamThrows: true, errorName: "TypeError", message: "capsule.hardDenySummary.forEach is not a function" });
  });
});
