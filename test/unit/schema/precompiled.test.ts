// The validators the build compiles ahead of time (scripts/build-validators.mjs → dist/schema/precompiled.js for
// pi, precompiled-scorel.js for Scorel) report exactly what the schemas compiled at run time report: same errors,
// same order, on every record of the format's fixtures and on records with fields of the wrong kind. Needs the
// build (npm test builds first).
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { Ajv, type ValidateFunction } from "ajv";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
// @ts-expect-error: the build script is plain JavaScript without declarations.
import { callsLeft } from "../../../scripts/build-validators.mjs";

const ROOT = resolve(import.meta.dirname, "../../..");
const schemasOf = (folder: string) =>
  readdirSync(join(ROOT, "src/schema/json", folder))
    .filter((f) => f.endsWith(".json"))
    .map((f) => JSON.parse(readFileSync(join(ROOT, "src/schema/json", folder, f), "utf8")) as { $id: string });

function jsonl(d: string): string[] {
  return readdirSync(d).flatMap((n) => {
    const p = join(d, n);
    return statSync(p).isDirectory() ? jsonl(p) : n.endsWith(".jsonl") ? [p] : [];
  });
}

/** Every parsed record of a format's fixtures, its message and its content blocks, each also with fields of the wrong kind. */
function corpus(folder: string): unknown[] {
  const values: unknown[] = [];
  for (const f of jsonl(join(ROOT, "fixtures", folder)))
    for (const line of readFileSync(f, "utf8").split("\n")) {
      try {
        values.push(JSON.parse(line));
      } catch {}
    }
  const nested = values.flatMap((v) => {
    const m = (v as { message?: { content?: unknown } }).message;
    return m ? [m, ...(Array.isArray(m.content) ? m.content : [])] : [];
  });
  const all = [...values, ...nested];
  const wrong: unknown[] = [null, 42, "x", [], {}, true];
  const mutated = all.flatMap((v, i) =>
    typeof v === "object" && v !== null && !Array.isArray(v) ? Object.keys(v).map((k, j) => ({ ...v, [k]: wrong[(i + j) % wrong.length] })) : [],
  );
  // Every 7th mutation keeps the test fast while every kind of wrong value meets every field name somewhere.
  return [...all, ...mutated.filter((_, i) => i % 7 === 0), null, [], "session", {}];
}

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

/** Every object and array inside `v`, itself included. */
function containers(v: Json, out: (Json[] | { [k: string]: Json })[] = []): (Json[] | { [k: string]: Json })[] {
  if (v === null || typeof v !== "object") return out;
  out.push(v);
  for (const x of Array.isArray(v) ? v : Object.values(v)) containers(x, out);
  return out;
}

/** A change deep inside a record: a field or element replaced by a value of another kind, removed, or added. */
const mutation = fc.record({
  where: fc.nat(),
  key: fc.nat(),
  op: fc.constantFrom("replace", "remove", "add"),
  value: fc.oneof(
    fc.constantFrom<Json>(null, 42, -1.5, "x", "", true, [], {}, [1, "a"], { type: "text" }, { type: "tool_call" }),
    fc.jsonValue() as fc.Arbitrary<Json>,
  ),
});

function mutate(record: Json, changes: { where: number; key: number; op: string; value: Json }[]): Json {
  const copy = structuredClone(record);
  for (const m0 of changes) {
    // A value of its own each time: the constants are shared between runs, and one change may go inside another.
    const m = { ...m0, value: structuredClone(m0.value) };
    const all = containers(copy);
    const c = all[m.where % all.length];
    if (Array.isArray(c)) {
      if (m.op === "add" || c.length === 0) c.splice(m.key % (c.length + 1), 0, m.value);
      else if (m.op === "remove") c.splice(m.key % c.length, 1);
      else c[m.key % c.length] = m.value;
    } else {
      const keys = Object.keys(c);
      if (m.op === "add" || keys.length === 0) c[`k${m.key % 5}`] = m.value;
      else if (m.op === "remove") delete c[keys[m.key % keys.length]];
      else c[keys[m.key % keys.length]] = m.value;
    }
  }
  return copy;
}

/** Imports the built pi schema module with a load hook that refuses JSON modules, and checks one record. */
const WITHOUT_DOCUMENTS = `
import { register } from "node:module";
register("data:text/javascript," + encodeURIComponent('export async function load(url, ctx, next) { if (url.endsWith(".json")) throw new Error("schema document loaded: " + url); return next(url, ctx); }'));
const m = await import(process.argv[1]);
console.log(JSON.stringify(m.checkRecordSchema({ type: "message", id: "a", parentId: null, timestamp: 1, message: { role: "user" } }, 3)));
`;

describe("precompiled pi validators", () => {
  it("a built reader loads no schema document (every validator it needs is precompiled)", () => {
    const r = spawnSync(process.execPath, ["--input-type=module", "-e", WITHOUT_DOCUMENTS, pathToFileURL(join(ROOT, "dist/formats/pi/schema.js")).href], {
      encoding: "utf8",
    });
    expect(r.stderr).toBe("");
    expect(JSON.parse(r.stdout)).toEqual([
      { pointer: "/timestamp", detail: "must be string" },
      { pointer: "/message", detail: 'missing required property "content"' },
      { pointer: "/message", detail: 'missing required property "timestamp"' },
    ]);
  });
});

describe.each([
  { folder: "pi", module: "precompiled.js", minValues: 500, minFailures: 1000 },
  { folder: "scorel", module: "precompiled-scorel.js", minValues: 500, minFailures: 1000 },
])("precompiled $folder validators", ({ folder, module, minValues, minFailures }) => {
  const built = join(ROOT, "dist/schema", module);
  const schemas = schemasOf(folder);

  it("the build wrote them", () => {
    expect(existsSync(built), "run npm run build").toBe(true);
  });

  it("one per schema, each reporting what the runtime compiler reports", async () => {
    const { validators } = (await import(pathToFileURL(built).href)) as { validators: Map<string, ValidateFunction> };
    expect([...validators.keys()].sort()).toEqual(schemas.map((s) => s.$id).sort());
    // The options of src/schema/ajv.ts.
    const ajv = new Ajv({ allErrors: true, strict: false, allowUnionTypes: true, validateFormats: false, validateSchema: false });
    for (const s of schemas) ajv.addSchema(s);
    const values = corpus(folder);
    expect(values.length).toBeGreaterThan(minValues);
    let failures = 0;
    const differ: string[] = [];
    for (const s of schemas) {
      const runtime = ajv.getSchema(s.$id)!;
      const fromBuild = validators.get(s.$id)!;
      for (const v of values) {
        const ok = runtime(v);
        if (!ok) failures++;
        if (fromBuild(v) !== ok || (!ok && JSON.stringify(fromBuild.errors) !== JSON.stringify(runtime.errors)))
          differ.push(`${s.$id}: ${JSON.stringify(v).slice(0, 200)}`);
      }
    }
    expect(differ.slice(0, 5)).toEqual([]);
    // The corpus exercises the error paths, not only valid records.
    expect(failures).toBeGreaterThan(minFailures);
  }, 120_000);

  it("no call between validators builds an options object or an instance path (they are made on failure)", () => {
    const code = readFileSync(built, "utf8");
    expect(callsLeft(code)).toBe(0);
    expect(code).toContain("prefixPaths(");
  });

  it("generated records changed deep inside get the runtime compiler's errors, paths included", async () => {
    const { validators } = (await import(pathToFileURL(built).href)) as { validators: Map<string, ValidateFunction> };
    const ajv = new Ajv({ allErrors: true, strict: false, allowUnionTypes: true, validateFormats: false, validateSchema: false });
    for (const s of schemas) ajv.addSchema(s);
    // The fixture records that hold nested blocks (a message, an item, entries), where the paths are longest.
    // (A fixture nested too deep for JSON.stringify is left out.)
    const records = corpus(folder).filter((v) => {
      let text: string | undefined;
      try {
        text = JSON.stringify(v);
      } catch {}
      return text !== undefined && (text.includes('"content":[') || text.includes('"item":'));
    }) as Json[];
    expect(records.length).toBeGreaterThan(20);
    let nested = 0;
    fc.assert(
      fc.property(fc.nat(), fc.array(mutation, { minLength: 1, maxLength: 4 }), (which, changes) => {
        const v = mutate(records[which % records.length], changes);
        for (const s of schemas) {
          const runtime = ajv.getSchema(s.$id)!;
          const fromBuild = validators.get(s.$id)!;
          const ok = runtime(v);
          expect(fromBuild(v)).toBe(ok);
          if (!ok) {
            expect(JSON.stringify(fromBuild.errors)).toBe(JSON.stringify(runtime.errors));
            if (runtime.errors!.some((e) => e.instancePath.split("/").length > 3)) nested++;
          }
        }
      }),
      { numRuns: 300 },
    );
    // Errors deep inside records (below a nested validator's call) were compared, not only top-level ones.
    expect(nested).toBeGreaterThan(50);
  }, 120_000);
});
