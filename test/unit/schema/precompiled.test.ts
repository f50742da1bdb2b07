// The validators the build compiles ahead of time (scripts/build-validators.mjs → dist/schema/precompiled.js)
// report exactly what the schemas compiled at run time report: same errors, same order, on every record of
// the pi fixtures and on records with fields of the wrong kind. Needs the build (npm test builds first).
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { Ajv, type ValidateFunction } from "ajv";
import { describe, expect, it } from "vitest";

const ROOT = resolve(import.meta.dirname, "../../..");
const BUILT = join(ROOT, "dist/schema/precompiled.js");
const PI = join(ROOT, "src/schema/json/pi");

const piSchemas = readdirSync(PI)
  .filter((f) => f.endsWith(".json"))
  .map((f) => JSON.parse(readFileSync(join(PI, f), "utf8")) as { $id: string });

function jsonl(d: string): string[] {
  return readdirSync(d).flatMap((n) => {
    const p = join(d, n);
    return statSync(p).isDirectory() ? jsonl(p) : n.endsWith(".jsonl") ? [p] : [];
  });
}

/** Every parsed record of the pi fixtures, its message and its content blocks, each also with fields of the wrong kind. */
function corpus(): unknown[] {
  const values: unknown[] = [];
  for (const f of jsonl(join(ROOT, "fixtures/pi")))
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

  it("the build wrote them", () => {
    expect(existsSync(BUILT), "run npm run build").toBe(true);
  });

  it("one per pi schema, each reporting what the runtime compiler reports", async () => {
    const { validators } = (await import(pathToFileURL(BUILT).href)) as { validators: Map<string, ValidateFunction> };
    expect([...validators.keys()].sort()).toEqual(piSchemas.map((s) => s.$id).sort());
    // The options of src/schema/ajv.ts.
    const ajv = new Ajv({ allErrors: true, strict: false, allowUnionTypes: true, validateFormats: false, validateSchema: false });
    for (const s of piSchemas) ajv.addSchema(s);
    const values = corpus();
    expect(values.length).toBeGreaterThan(500);
    let failures = 0;
    const differ: string[] = [];
    for (const s of piSchemas) {
      const runtime = ajv.getSchema(s.$id)!;
      const built = validators.get(s.$id)!;
      for (const v of values) {
        const ok = runtime(v);
        if (!ok) failures++;
        if (built(v) !== ok || (!ok && JSON.stringify(built.errors) !== JSON.stringify(runtime.errors)))
          differ.push(`${s.$id}: ${JSON.stringify(v).slice(0, 200)}`);
      }
    }
    expect(differ.slice(0, 5)).toEqual([]);
    // The corpus exercises the error paths, not only valid records.
    expect(failures).toBeGreaterThan(1000);
  }, 60_000);
});
