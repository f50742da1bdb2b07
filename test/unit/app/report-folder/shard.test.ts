import { describe, expect, it } from "vitest";
import { parseShard, shardFiles } from "../../../../src/app/report-folder/shard.js";

describe("app/shard: --shard i/n", () => {
  it("parses i/n (1-based) and rejects anything else with a message", () => {
    expect(parseShard("2/4")).toEqual({ index: 2, count: 4 });
    expect(parseShard("0/4")).toMatch(/1 <= i <= n/);
    expect(parseShard("5/4")).toMatch(/1 <= i <= n/);
    expect(parseShard("2of4")).toMatch(/must look like i\/n/);
  });
  it("deals sorted paths round-robin; the shards partition the corpus", () => {
    const files = ["c.jsonl", "a.jsonl", "e.jsonl", "b.jsonl", "d.jsonl"];
    const parts = [1, 2, 3].map((i) => shardFiles(files, { index: i, count: 3 }));
    expect(parts).toEqual([["a.jsonl", "d.jsonl"], ["e.jsonl", "b.jsonl"], ["c.jsonl"]]);
    expect(parts.flat().sort()).toEqual([...files].sort());
  });
  it("is independent of input order and keeps input order inside a shard", () => {
    const a = shardFiles(["x", "y", "z", "w"], { index: 1, count: 2 });
    const b = shardFiles(["w", "z", "y", "x"], { index: 1, count: 2 });
    expect(new Set(a)).toEqual(new Set(b));
    expect(a).toEqual(["y", "w"]);
    expect(b).toEqual(["w", "y"]);
  });
  it("without a shard returns every file in input order", () => {
    expect(shardFiles(["b", "a"], undefined)).toEqual(["b", "a"]);
  });
});
