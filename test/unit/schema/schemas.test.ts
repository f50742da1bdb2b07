// Every shipped JSON Schema is a valid schema (checked here once; the runtime Ajv skips meta-validation
// for start-up speed), has a unique $id, and compiles with all its $refs resolved.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { Ajv } from "ajv";
import Ajv2020 from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";

const DIR = resolve(import.meta.dirname, "../../../src/schema/json");

function schemaFiles(d: string): string[] {
  return readdirSync(d).flatMap((n) => {
    const p = join(d, n);
    return statSync(p).isDirectory() ? schemaFiles(p) : n.endsWith(".json") ? [p] : [];
  });
}

describe("shipped JSON Schemas", () => {
  const files = schemaFiles(DIR);
  const schemas = files.map((f) => ({ file: relative(DIR, f), schema: JSON.parse(readFileSync(f, "utf8")) as { $id?: string; $schema?: string } }));

  it("there are schemas for every area", () => {
    const areas = new Set(schemas.map((s) => s.file.split("/")[0]));
    for (const a of ["contract", "scorel", "pi", "yoi", "capsule", "settings"]) expect(areas).toContain(a);
  });

  it("the build ships every schema (package export sightline/schemas/* → dist/schema/json/*)", () => {
    const dist = resolve(DIR, "../../../dist/schema/json");
    const shipped = schemaFiles(dist)
      .map((f) => relative(dist, f))
      .sort();
    expect(shipped).toEqual(schemas.map((s) => s.file).sort());
  });

  it("every schema has a unique $id", () => {
    const ids = schemas.map((s) => s.schema.$id);
    expect(ids.filter((id) => !id)).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("every schema is valid against its meta-schema and compiles with its $refs", () => {
    const draft7 = new Ajv({ strict: false, allowUnionTypes: true, validateSchema: true });
    const d2020 = new Ajv2020.default({ strict: false, allowUnionTypes: true, validateSchema: true });
    const pick = (s: { $schema?: string }) => (s.$schema?.includes("2020-12") ? d2020 : draft7);
    for (const s of schemas) pick(s.schema).addSchema(s.schema);
    const problems: string[] = [];
    for (const s of schemas) {
      try {
        pick(s.schema).getSchema(s.schema.$id!);
      } catch (e) {
        problems.push(`${s.file}: ${(e as Error).message}`);
      }
    }
    expect(problems).toEqual([]);
  });
});
