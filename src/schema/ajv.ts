// One Ajv instance for the whole program; every schema is compiled once and cached by its $id.
// Schemas allow additional properties: what the real loaders tolerate is at most a warning.
// The build compiles the pi and Scorel schemas ahead of time (scripts/build-validators.mjs → dist/schema/precompiled*.js):
// those validators are used as they are, and Ajv itself is loaded only when a schema has to be compiled here,
// so a worker thread reading a pi file neither loads nor runs the compiler (docs/performance.md §4.14).
import { createRequire } from "node:module";
import type { Ajv as AjvClass, ErrorObject, ValidateFunction } from "ajv";

/** Precompiled validators by $id; none when running from the sources (tests), where everything compiles here. */
const precompiled = new Map<string, ValidateFunction>();

/**
 * Adds the validators of one module the build wrote beside this one (`./precompiled.js`: pi, loaded here;
 * `./precompiled-scorel.js`: loaded by the Scorel reader, so that only a thread reading Scorel carries it).
 * A missing module (running from the sources) adds none.
 */
export async function loadPrecompiled(module: `./precompiled${string}.js`): Promise<void> {
  const m = await import(module).then(
    (x: { validators: ReadonlyMap<string, ValidateFunction> }) => x,
    () => undefined,
  );
  for (const [id, v] of m?.validators ?? []) precompiled.set(id, v);
}
await loadPrecompiled("./precompiled.js");

/** Whether the build precompiled the validator of this $id (then the schema document itself is never read). */
export const isPrecompiled = (id: string): boolean => precompiled.has(id);

let ajv: AjvClass | undefined;
/** Schemas registered before the compiler was needed, so that $refs between them resolve once it is. */
const registered = new Map<string, object>();
const compiled = new Map<string, ValidateFunction>();

function compiler(): AjvClass {
  if (!ajv) {
    const { Ajv } = createRequire(import.meta.url)("ajv") as typeof import("ajv");
    // Schemas are checked against the meta-schema once, by a test (test/unit/schema), not at every start-up.
    // The same options in scripts/build-validators.mjs.
    ajv = new Ajv({ allErrors: true, strict: false, allowUnionTypes: true, validateFormats: false, validateSchema: false });
    for (const s of registered.values()) ajv.addSchema(s);
  }
  return ajv;
}

/** Registers schemas (idempotent) so $refs between them resolve. */
export function addSchemas(schemas: readonly object[]): void {
  for (const s of schemas) {
    const id = (s as { $id?: string }).$id;
    if (!id || registered.has(id)) continue;
    registered.set(id, s);
    if (ajv && !ajv.getSchema(id)) ajv.addSchema(s);
  }
}

export function validator(schema: object): ValidateFunction {
  const id = (schema as { $id?: string }).$id;
  if (!id) return compiler().compile(schema);
  let v = compiled.get(id);
  if (!v) {
    v = precompiled.get(id);
    if (!v) {
      const c = compiler();
      v = c.getSchema(id) ?? c.compile(schema);
    }
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
  const out: SchemaIssue[] = [];
  checkInto(schema, value, out);
  return out;
}

/** Validates and appends readable issues to `out`, each pointer after `prefix` (no array made for a valid value). */
export function checkInto(schema: object, value: unknown, out: SchemaIssue[], prefix = ""): void {
  const v = validator(schema);
  if (v(value)) return;
  for (const e of v.errors ?? []) {
    const i = toIssue(e);
    out.push(prefix === "" ? i : { pointer: prefix + i.pointer, detail: i.detail });
  }
}

function toIssue(e: ErrorObject): SchemaIssue {
  let detail = e.message ?? "is invalid";
  if (e.keyword === "enum") detail += `: ${JSON.stringify((e.params as { allowedValues: unknown[] }).allowedValues)}`;
  if (e.keyword === "const") detail += `: ${JSON.stringify((e.params as { allowedValue: unknown }).allowedValue)}`;
  if (e.keyword === "required")
    return { pointer: e.instancePath, detail: `missing required property "${(e.params as { missingProperty: string }).missingProperty}"` };
  return { pointer: e.instancePath, detail };
}
