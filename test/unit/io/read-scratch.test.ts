// io/read.ts ReadScratch: small files read into one reused buffer (an audit worker reads one file at a time).
import { appendFileSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ReadScratch, readSmallFileSync } from "../../../src/io/read.js";

const tmp = mkdtempSync(join(tmpdir(), "sightline-read-scratch-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe("io/read: ReadScratch", () => {
  it("reads what readSmallFileSync reads, growing its buffer as files grow", () => {
    const scratch = new ReadScratch(1 << 20);
    for (const [name, body] of [
      ["a.jsonl", "x\n"],
      ["b.jsonl", "y".repeat(200_000)],
      ["c.jsonl", "é\u{1F600}\n"],
      ["empty.jsonl", ""],
    ] as const) {
      const p = join(tmp, name);
      writeFileSync(p, body);
      expect(scratch.read(p)?.toString("utf8"), name).toBe(readSmallFileSync(p, 1 << 20)?.toString("utf8"));
    }
  });
  it("reuses one buffer: a later read overwrites the bytes of an earlier one", () => {
    const scratch = new ReadScratch(1 << 20);
    const a = join(tmp, "first");
    const b = join(tmp, "second");
    writeFileSync(a, "aaaa");
    writeFileSync(b, "bbbb");
    const first = scratch.read(a)!;
    expect(first.toString()).toBe("aaaa");
    scratch.read(b);
    expect(first.toString()).toBe("bbbb");
  });
  it("reads only regular files within the limit, as readSmallFileSync", () => {
    const scratch = new ReadScratch(4);
    const p = join(tmp, "five");
    writeFileSync(p, "12345");
    expect(scratch.read(p)).toBeUndefined();
    expect(scratch.read(p, 5)?.toString()).toBe("12345");
    expect(scratch.read(tmp, 1 << 20)).toBeUndefined();
    expect(scratch.read(join(tmp, "missing"))).toBeUndefined();
    expect(scratch.read("-")).toBeUndefined();
  });
  it("reads a file whole even when it grew past its size since the buffer was sized", () => {
    const scratch = new ReadScratch(1 << 20);
    const p = join(tmp, "growing");
    writeFileSync(p, "ab");
    expect(scratch.read(p)?.toString()).toBe("ab");
    appendFileSync(p, "c".repeat(100_000));
    expect(scratch.read(p)?.length).toBe(100_002);
  });
});
