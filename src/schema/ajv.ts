// One Ajv instance for the whole program; every schema is compiled once and cached by its $id.
// Schemas allow additional properties: what the real loaders tolerate is at most a warning.
import { Ajv, type ErrorObject, type ValidateFunction } from "ajv";

// Schemas are checked against the meta-schema once, by a test (test/unit/schema), not at every start-up.
const ajv = new Ajv({ allErrors: true, strict: false, allowUnionTypes: true, validateFormats: false, validateSchema: false });
const compiled = new Map<string, ValidateFunction>();

/** Registers schemas (idempotent) so $refs between them resolve. */
export function addSchemas(schemas: readonly object[]): void {
  for (const s of schemas) {
    const id = (s as { $id?: string }).$id;
    if (id && !ajv.getSchema(id)) ajv.addSchema(s);
  }
}

export function validator(schema: object): ValidateFunction {
  const id = (schema as { $id?: string }).$id;
  if (!id) return ajv.compile(schema);
  let v = compiled.get(id);
  if (!v) {
    v = ajv.getSchema(id) ?? ajv.compile(schema);
    compiled.set(id, v);
  }
  return v;
}

export interface SchemaIssue {
  /** JSON pointer into the validated value. */
  pointer: string;
  detail: string;
}

/** Validates and returns readable issues (empty when valid). */
export function check(schema: object, value: unknown): SchemaIssue[] {
  const v = validator(schema);
  if (v(value)) return [];
  return (v.errors ?? []).map(toIssue);
}

function toIssue(e: ErrorObject): SchemaIssue {
  let detail = e.message ?? "is invalid";
  if (e.keyword === "enum") detail += `: ${JSON.stringify((e.params as { allowedValues: unknown[] }).allowedValues)}`;
  if (e.keyword === "const") detail += `: ${JSON.stringify((e.params as { allowedValue: unknown }).allowedValue)}`;
  if (e.keyword === "required")
    return { pointer: e.instancePath, detail: `missing required property "${(e.params as { missingProperty: string }).missingProperty}"` };
  return { pointer: e.instancePath, detail };
}
