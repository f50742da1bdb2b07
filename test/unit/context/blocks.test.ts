// sentBeyondText (blocks.ts) reads what a block adds to a message's tokens without building viewBlock's view
// (token estimates run for every block of a session): it must agree with the rule read from the view
// (tokens.ts) on every block type viewBlock has a case for and on any other value.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { sentBeyondText, viewBlock } from "../../../src/context/blocks.js";

const source = readFileSync(join(import.meta.dirname, "../../../src/context/blocks.ts"), "utf8");
const body = source.slice(source.indexOf("export function viewBlock"), source.indexOf("export function sentBeyondText"));
const cases = [...body.matchAll(/case "([^"]+)":/g)].map((m) => m[1] as string);
/** Every counted piece visible: one token per character, plus one per piece so empty pieces count too. */
const counter = { count: (t: string) => t.length + 1 };
const IMAGE = 1600;

/** The rule as tokens.ts states it, read from the view. */
function fromView(b: unknown, assistant: boolean): number {
  const v = viewBlock(b);
  switch (v.kind) {
    case "image":
      return IMAGE;
    case "thinking":
      return assistant && !v.inText ? counter.count(v.text) : 0;
    case "toolCall":
      return assistant ? counter.count(v.name) + (v.argsInText ? 0 : counter.count(v.argsText)) : 0;
    case "toolResult":
      return IMAGE * v.images.length;
    default:
      return 0;
  }
}

describe("sentBeyondText", () => {
  it("counts what the view of each type viewBlock has a case for sends beyond the text", () => {
    expect(cases.length).toBeGreaterThan(10);
    const image = { type: "image", data: "aGk=" };
    for (const type of cases)
      for (const b of [
        { type },
        { kind: type },
        { type, text: "x", thinking: "th", name: "n", toolName: "tn", input: { a: 1 }, arguments: { b: [2] }, args: "s" },
        { type, tool_use_id: "u", content: [image, { type: "text", text: "t" }, image] },
        { type, result: { content: [image, 7] }, attachments: [image, null, {}] },
      ])
        for (const assistant of [true, false]) expect(sentBeyondText(b, assistant, counter, IMAGE)).toBe(fromView(b, assistant));
    expect(sentBeyondText({ type: "toolCall", name: "read", arguments: { path: "a" } }, true, counter, IMAGE)).toBe(5 + 13);
    expect(sentBeyondText({ type: "tool_result", tool_use_id: "u", content: [image, image] }, false, counter, IMAGE)).toBe(2 * IMAGE);
  });

  it("agrees with the view on any value", () => {
    const type = fc.oneof(
      fc.constantFrom(...cases, "message", "function_call", "function_call_output", "custom"),
      fc.string(),
      fc.integer(),
      fc.constant(null),
    );
    const item = fc.oneof(fc.record({ type: fc.constantFrom("image", "text"), text: fc.string() }), fc.jsonValue());
    const block = fc.oneof(
      fc.record(
        {
          type,
          text: fc.string(),
          thinking: fc.jsonValue(),
          name: fc.jsonValue(),
          toolName: fc.string(),
          input: fc.jsonValue(),
          arguments: fc.jsonValue(),
          args: fc.jsonValue(),
          tool_use_id: fc.oneof(fc.string(), fc.integer()),
          content: fc.oneof(fc.array(item), fc.jsonValue()),
          result: fc.oneof(fc.record({ content: fc.array(item) }), fc.jsonValue()),
          attachments: fc.oneof(fc.array(item), fc.jsonValue()),
        },
        { requiredKeys: [] },
      ),
      fc.record({ kind: type, type: fc.option(type, { nil: undefined }), name: fc.string() }, { requiredKeys: [] }),
      fc.jsonValue(),
    );
    fc.assert(
      fc.property(block, fc.boolean(), (b, assistant) => sentBeyondText(b, assistant, counter, IMAGE) === fromView(b, assistant)),
      { numRuns: 2000 },
    );
  });
});
