// design §8 "Bad input" for the yoi reader: a clear diagnostic, no crash, no hang.
import { describe, expect, it } from "vitest";
import { parseYoi, restoreYoi, yoiFormat } from "../../../../src/formats/yoi/index.js";
import * as b from "./builders.js";

const parse = (text: string) => parseYoi(text, { file: "bad.jsonl" });

describe("yoi bad input", () => {
  it("200 000-deep nesting: recursion limit verdict, no stack overflow", () => {
    const deep = `{"kind":"extension","ts":1,"domain":"d","payload":${"[".repeat(200_000)}${"]".repeat(200_000)}}`;
    const s = parse(b.file(b.start(), deep, b.say("after")));
    expect(s.verdict).toMatchObject({ line: 2, message: "recursion limit exceeded" });
    expect(s.entries.map((e) => e.id)).toEqual(["L1", "L3"]);
  });
  it("__proto__ / constructor as kinds or keys are unknown variants or ignored fields, never prototype lookups", () => {
    expect(parse(b.file(b.start(), '{"kind":"__proto__","ts":1}')).verdict?.message).toContain("unknown variant `__proto__`");
    expect(parse(b.file(b.start(), '{"kind":"constructor","ts":1}')).verdict?.message).toContain("unknown variant `constructor`");
    const s = parse(b.file(b.start(), '{"kind":"turn_end","ts":1,"turn_count":1,"__proto__":{"polluted":true}}', b.userInput([{ kind: "__proto__" }])));
    expect(s.rejected).toBe(false);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(restoreYoi(s).history[0].item).toEqual({ kind: "message", role: "user", content: [{ kind: "text", text: "[unknown input segment]" }] });
  });
  it("blank-only and binary files", () => {
    expect(restoreYoi(parse("\n \n\t\n")).entries_count).toBe(0);
    expect(parse("\u0000\u0001garbage\n").verdict?.line).toBe(1);
  });
  it("a multi-megabyte line and a long file stay linear", () => {
    const big = b.say("x".repeat(5_000_000));
    const lines = [b.start(), big];
    for (let i = 0; i < 20_000; i++) lines.push(b.say(`q${i}`), b.assistant(b.assistantMsg(`a${i}`)));
    const t = Date.now();
    const s = parse(lines.map((l) => `${l}\n`).join(""));
    expect([...yoiFormat.turnContexts(s)]).toHaveLength(20_000);
    expect(Date.now() - t).toBeLessThan(20_000);
  });
});
