// isOtherBlock (blocks.ts) tells viewBlock's "other" kind without building it (token counting skips those blocks):
// it must agree with viewBlock on every block type viewBlock has a case for and on any other value.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isOtherBlock, viewBlock } from "../../../src/context/blocks.js";

const source = readFileSync(join(import.meta.dirname, "../../../src/context/blocks.ts"), "utf8");
const body = source.slice(source.indexOf("export function viewBlock"));
const cases = [...body.matchAll(/case "([^"]+)":/g)].map((m) => m[1] as string);

describe("isOtherBlock", () => {
  it("is false for every type viewBlock has a case for, as type or as kind", () => {
    expect(cases.length).toBeGreaterThan(10);
    for (const type of cases)
      for (const b of [{ type }, { kind: type }, { type, text: "x", content: [] }]) {
        expect(viewBlock(b).kind).not.toBe("other");
        expect(isOtherBlock(b)).toBe(false);
      }
  });

  it("agrees with viewBlock on any value", () => {
    const type = fc.oneof(
      fc.constantFrom(...cases, "message", "function_call", "function_call_output", "custom"),
      fc.string(),
      fc.integer(),
      fc.constant(null),
    );
    const block = fc.oneof(
      fc.record({ type, text: fc.string() }, { requiredKeys: [] }),
      fc.record({ kind: type, type: fc.option(type, { nil: undefined }) }, { requiredKeys: [] }),
      fc.jsonValue(),
    );
    fc.assert(fc.property(block, (b) => isOtherBlock(b) === (viewBlock(b).kind === "other")));
  });
});
