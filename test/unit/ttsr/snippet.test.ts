// ttsr test core: a snippet streamed through the matcher with bucketing as a session does it.
import { describe, expect, it } from "vitest";
import { testSnippet } from "../../../src/ttsr/snippet.js";
import { R } from "./builders.js";

const base = { profile: "seed", source: "text", chunking: { kind: "whole" } } as const;

describe("testSnippet", () => {
  it("reports each rule once, at the first delta that matched, with the buffer offset", () => {
    const rules = [R("a", { condition: "foo\\(bar\\)" }, "seed"), R("b", { condition: "x" }, "seed")];
    const r = testSnippet(rules, "x = foo(bar) y", { ...base, chunking: { kind: "fixed", size: 4 } });
    expect(r.deltas).toBe(4);
    expect(r.matches).toEqual([
      { rule: "b", path: "/proj/.omp/rules/b.md", delta: 0, offset: 4 },
      { rule: "a", path: "/proj/.omp/rules/a.md", delta: 2, offset: 12 },
    ]);
  });

  it("ttsr-spec §14 #49 through ttsr test: an empty snippet is one empty delta and .* fires", () => {
    const r = testSnippet([R("a", { condition: "*.rs", scope: "text" }, "seed")], "", base);
    expect(r.deltas).toBe(1);
    expect(r.matches.map((m) => m.rule)).toEqual(["a"]);
  });

  it("tool streams get a stream key, tool name and paths; excluded rules are not registered", () => {
    const rules = [R("a", { condition: "x", scope: "tool:edit(*.ts)", interruptMode: "never" }, "seed"), R("b", { condition: "x" }, "seed")];
    const r = testSnippet(rules, "x", { ...base, source: "tool", toolName: "edit", filePaths: ["src/a.ts"], excluded: ["b"] });
    expect(r.context).toEqual({ source: "tool", toolName: "edit", filePaths: ["src/a.ts"], streamKey: "toolcall:ttsr-test" });
    expect(r.matches).toEqual([{ rule: "a", path: "/proj/.omp/rules/a.md", delta: 0, offset: 1, interruptMode: "never" }]);
    expect(r.buckets.ttsr.map((x) => x.name)).toEqual(["a"]);
  });

  it("settings apply: disabled names are dropped before registration", () => {
    const r = testSnippet([R("a", { condition: "x" }, "seed")], "x", { ...base, settings: { disabledRules: ["a"] } });
    expect(r.matches).toEqual([]);
    expect(r.buckets.dropped.map((x) => x.name)).toEqual(["a"]);
  });
});
