// The omp18 context-notes bound is 16 KiB counted in UTF-8 bytes (18.3.4 context-notes.ts): pinned at and around
// 16,384 bytes with texts whose UTF-16 length differs from their byte length, so a counter of UTF-16 units fails.
import { describe, expect, it } from "vitest";
import { buildPiContext } from "../../../../src/formats/pi/context.js";
import { assistant, entry, header, jsonl, parseText, text, user } from "./helpers.js";

const notes = (id: string, parentId: string, t: string) =>
  entry("custom", id, parentId, { customType: "experimental_context_notes", data: { version: 1, text: t } });

/** Which notes revision the context shows first: an earlier "old" one, then a revision of `t`. */
function shown(t: string): string | undefined {
  const s = parseText(jsonl(header(), user("u1", null, "start"), notes("n0", "u1", "old"), notes("n1", "n0", t), assistant("a1", "n1", [text("ok")])), "omp18");
  const c = buildPiContext(s, "a1");
  return c.messages[0].customType === "experimental_context_notes" ? c.sourceIds[0][0] : undefined;
}

const bytes = (t: string) => Buffer.byteLength(t, "utf8");

describe("omp18 context notes: at most 16,384 UTF-8 bytes", () => {
  const cases: Array<[string, string, "n1" | "n0"]> = [
    ["16,384 ASCII bytes", "a".repeat(16_384), "n1"],
    ["16,385 ASCII bytes", "a".repeat(16_385), "n0"],
    ["8,192 × é = 16,384 bytes (8,192 UTF-16 units)", "é".repeat(8_192), "n1"],
    ["8,193 × é = 16,386 bytes (8,193 UTF-16 units)", "é".repeat(8_193), "n0"],
    ["9,000 × é = 18,000 bytes (9,000 UTF-16 units)", "é".repeat(9_000), "n0"],
    ["16,383 × a + é = 16,385 bytes (16,384 UTF-16 units)", `${"a".repeat(16_383)}é`, "n0"],
    ["4,096 × 😀 = 16,384 bytes (8,192 UTF-16 units)", "😀".repeat(4_096), "n1"],
    ["4,096 × 😀 + a = 16,385 bytes", `${"😀".repeat(4_096)}a`, "n0"],
    ["5,461 × € + a = 16,384 bytes (5,462 UTF-16 units)", `${"€".repeat(5_461)}a`, "n1"],
    ["5,462 × € = 16,386 bytes", "€".repeat(5_462), "n0"],
  ];
  it.each(cases)("%s: revision %s is shown", (_name, t, want) => {
    expect(shown(t)).toBe(want);
  });
  it("the cases straddle the bound in bytes while a UTF-16 count would place them differently", () => {
    for (const [, t, want] of cases) expect(bytes(t) <= 16_384).toBe(want === "n1");
    expect(cases.some(([, t, want]) => want === "n0" && t.length <= 16_384)).toBe(true);
  });
});
