// No source file over 400 lines (issue 20; the developers' guide: ~50-200, over 400 is a design question that
// gets answered by a split, not by an exception).
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const SRC = resolve(import.meta.dirname, "../../src");
const LIMIT = 400;

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? files(p) : p.endsWith(".ts") ? [p] : [];
  });
}

/** Lines as an editor numbers them: a last line without a newline counts, an empty file has none. */
const lines = (text: string): number => (text === "" ? 0 : text.split("\n").length - (text.endsWith("\n") ? 1 : 0));

describe("architecture: file size", () => {
  it("counts lines as an editor numbers them", () => {
    expect([lines(""), lines("a\n"), lines("a\nb"), lines("a\nb\n")]).toEqual([0, 1, 2, 2]);
  });

  it(`no file in src/ has more than ${LIMIT} lines`, () => {
    const big = files(SRC)
      .map((f) => ({ file: relative(SRC, f), lines: lines(readFileSync(f, "utf8")) }))
      .filter((x) => x.lines > LIMIT);
    expect(big).toEqual([]);
  });
});
