// serde_json reads number lexemes and repeated keys differently from JSON.parse (lexeme.ts).
import { describe, expect, it, vi } from "vitest";
import { duplicateKeys, FloatLex, needsSerdeView, serdeView } from "../../../../src/formats/yoi/lexeme.js";
import { parseYoi } from "../../../../src/formats/yoi/index.js";
import * as b from "./builders.js";

const verdict = (line: string) => parseYoi(b.file(b.start(), line), { file: "x.jsonl", profile: "seed" }).verdict?.message ?? null;

describe("serde view of a line", () => {
  it("plain lines need no serde view", () => {
    const t = b.say('3.5 and -0 inside strings, \\"quoted\\"');
    expect(needsSerdeView(t, JSON.parse(t))).toBe(false);
    expect(needsSerdeView('{"a":[1,-2,true,false,null,{"b":{}}]}', JSON.parse('{"a":[1,-2,true,false,null,{"b":{}}]}'))).toBe(false);
  });
  it("f64 lexemes: fraction, exponent, -0, beyond u64/i64", () => {
    for (const lex of ["1.0", "1e3", "2E0", "-0", "18446744073709551616", "-9223372036854775809"]) {
      const t = `{"n":${lex}}`;
      expect(needsSerdeView(t, JSON.parse(t))).toBe(true);
      expect((serdeView(t) as { n: unknown }).n).toBeInstanceOf(FloatLex);
    }
    for (const lex of ["18446744073709551615", "-9223372036854775808", "0", "-1"]) {
      const t = `{"n":${lex}}`;
      expect(needsSerdeView(t, JSON.parse(t))).toBe(false);
    }
  });
  it("each number is read whole wherever it stands (first, last, inside arrays, after a string with digits)", () => {
    for (const [t, want] of [
      ["-0", true],
      ["10", false],
      ['{"s":"1.5","n":[1,2,-0]}', true],
      ['{"s":"1.5","n":[1,2,-3]}', false],
      ["[1,2,3.25]", true],
      ['{"n":1e-7}', true],
      ['{"n":-10}', false],
      ['{"n":1234567890123456789}', false],
      ['{"n":-12345678901234567890}', true],
    ] as const)
      expect(needsSerdeView(t, JSON.parse(t)), t).toBe(want);
  });
  it("duplicate keys are recorded, __proto__ stays an own key", () => {
    const t = '{"a":1,"a":2,"__proto__":{"x":1}}';
    expect(needsSerdeView(t, JSON.parse(t))).toBe(true);
    const v = serdeView(t) as Record<string, unknown>;
    expect(duplicateKeys.get(v)).toEqual(["a"]);
    expect(Object.hasOwn(v, "__proto__")).toBe(true);
    expect(v.a).toBe(2);
  });
  it("repeated keys are found at any depth, in objects inside arrays, and among __proto__ keys", () => {
    for (const [t, want] of [
      ['{"a":{"b":[{"c":1,"c":2}]}}', true],
      ['{"a":[[{"x":1}],{"y":{"z":{}}}],"b":{"x":1}}', false],
      ['{"__proto__":1,"a":2}', false],
      ['{"a":{"__proto__":1,"__proto__":2}}', true],
      ['[{"k":1},{"k":2},[{"k":3,"j":4}]]', false],
      ['[{"k":1},{"k":2,"k":3}]', true],
    ] as const)
      expect(needsSerdeView(t, JSON.parse(t)), t).toBe(want);
  });
  it("the serde view equals JSON.parse apart from FloatLex", () => {
    const t = '{"s":"a\\"b\\\\","arr":[[],{},[1,[2]]],"t":true,"n":null,"u":"\\u00e9"}';
    expect(serdeView(t)).toEqual(JSON.parse(t));
  });
});

describe("loader verdict with serde's number and key rules", () => {
  it("1.0 where serde wants an integer is an invalid type", () => {
    expect(verdict('{"kind":"turn_end","ts":1.0,"turn_count":1}')).toBe("invalid type: floating point `1.0`, expected u64");
    expect(verdict('{"kind":"turn_end","ts":1,"turn_count":-0}')).toBe("invalid type: floating point `-0.0`, expected usize");
    expect(verdict('{"kind":"turn_end","ts":1e3,"turn_count":1}')).toBe("invalid type: floating point `1000.0`, expected u64");
  });
  it("floats are fine in f32 fields and opaque payloads", () => {
    expect(verdict(`{"kind":"config_changed","ts":5,"config":{"temperature":0.7,"top_p":1.0,"stop_sequences":[]}}`)).toBeNull();
    expect(verdict('{"kind":"extension","ts":5,"domain":"d","payload":{"x":1.5,"x":2}}')).toBeNull();
  });
  it("a repeated struct field or tag is a duplicate field error", () => {
    expect(verdict('{"kind":"turn_end","ts":5,"turn_count":1,"turn_count":2}')).toBe("duplicate field `turn_count`");
    expect(verdict('{"kind":"turn_end","kind":"turn_end","ts":5,"turn_count":1}')).toBe("duplicate field `kind`");
    // a repeated unknown field is skipped like any unknown field
    expect(verdict('{"kind":"turn_end","ts":5,"turn_count":1,"extra":1,"extra":2}')).toBeNull();
  });
});

describe("the duplicate-key lookups", () => {
  it("are skipped until a serde view meets a repeated key, then a repeated field is reported", async () => {
    vi.resetModules();
    const lexeme = await import("../../../../src/formats/yoi/lexeme.js");
    const { checkLogEntry } = await import("../../../../src/formats/yoi/catalog.js");
    const fresh = (line: string) => checkLogEntry("seed", lexeme.needsSerdeView(line, JSON.parse(line)) ? lexeme.serdeView(line) : JSON.parse(line));
    expect(lexeme.anyDuplicateKeys()).toBe(false);
    expect(fresh('{"kind":"turn_end","ts":1.0,"turn_count":1}')).toBe("invalid type: floating point `1.0`, expected u64");
    expect(lexeme.anyDuplicateKeys()).toBe(false);
    expect(fresh('{"kind":"turn_end","ts":5,"turn_count":1,"turn_count":2}')).toBe("duplicate field `turn_count`");
    expect(lexeme.anyDuplicateKeys()).toBe(true);
    expect(fresh('{"kind":"turn_end","ts":5,"turn_count":1}')).toBeNull();
  });
});
