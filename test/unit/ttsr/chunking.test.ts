// design §3 chunking: whole, fixed:N code points (never splitting a pair), random:SEED with mulberry32, sizes 1–64.
import { describe, expect, it } from "vitest";
import { chunkText, formatChunking, mulberry32, parseChunking } from "../../../src/ttsr/chunking.js";

describe("chunking", () => {
  it("parses and formats specs", () => {
    expect(parseChunking("whole")).toEqual({ kind: "whole" });
    expect(parseChunking("fixed:3")).toEqual({ kind: "fixed", size: 3 });
    expect(parseChunking("random:42")).toEqual({ kind: "random", seed: 42 });
    for (const bad of ["fixed:0", "fixed:", "random:x", "chunks", "fixed:1.5"]) expect(parseChunking(bad)).toBeUndefined();
    expect(formatChunking({ kind: "fixed", size: 3 })).toBe("fixed:3");
  });
  it("whole gives one delta; empty text none", () => {
    expect(chunkText("abc", { kind: "whole" })).toEqual(["abc"]);
    expect(chunkText("", { kind: "fixed", size: 2 })).toEqual([]);
  });
  it("fixed counts code points and never splits a surrogate pair", () => {
    expect(chunkText("a😀b😀c", { kind: "fixed", size: 2 })).toEqual(["a😀", "b😀", "c"]);
    expect(chunkText("😀😀😀", { kind: "fixed", size: 1 })).toEqual(["😀", "😀", "😀"]);
  });
  it("random is reproducible, sizes within 1–64, and recomposes", () => {
    const t = "x".repeat(1000) + "😀".repeat(50);
    const a = chunkText(t, { kind: "random", seed: 7 });
    expect(chunkText(t, { kind: "random", seed: 7 })).toEqual(a);
    expect(a.join("")).toBe(t);
    for (const c of a) {
      const n = Array.from(c).length;
      expect(n).toBeGreaterThanOrEqual(1);
      expect(n).toBeLessThanOrEqual(64);
    }
    expect(chunkText(t, { kind: "random", seed: 8 })).not.toEqual(a);
  });
  it("mulberry32 reference values (seed 1)", () => {
    const r = mulberry32(1);
    expect([r(), r()].map((x) => x.toFixed(10))).toEqual(["0.6270739406", "0.0027357212"]);
  });
});
