// Compaction diffs (design §3): a kept message changes position (pi puts the summary first, then the kept
// entries from firstKeptEntryId, pi-session-format §9), but it is kept, not changed: the unified patch shows
// it as context under one header naming both positions, never as -/+ lines. Checked on a small hand-built
// pi session and on the real pi fixture's two compactions.
import { describe, expect, it } from "vitest";
import { readSession } from "../../../src/app/read/read.js";
import { compactionDiffs, type CompactionDiff } from "../../../src/context/compaction.js";
import { isSession, parseSession } from "../../../src/formats/index.js";
import { ROOT } from "./fixture-sessions.js";
import { assistant, entry, header, jsonl, text, user } from "../formats/pi/helpers.js";

/** pi v3: six messages, a compaction keeping u2 onwards (positions 2–5 become 1–4 behind the summary). */
const asst = (id: string, parentId: string, t: string) => assistant(id, parentId, [text(t)]);
const HAND = jsonl(
  header({ id: "s1" }),
  user("u1", null, "Start the migration."),
  asst("a1", "u1", "Plan written."),
  user("u2", "a1", "Now step two."),
  asst("a2", "u2", "Step two done."),
  user("u3", "a2", "And step three."),
  asst("a3", "u3", "Step three done."),
  entry("compaction", "c1", "a3", { summary: "Migration planned.", firstKeptEntryId: "u2", tokensBefore: 40 }),
  user("u4", "c1", "Go on."),
  asst("a4", "u4", "Done."),
);

function diffsOf(text: string, file: string): CompactionDiff[] {
  const s = parseSession(text, { file });
  if (!isSession(s)) throw new Error("not a session");
  return compactionDiffs(s);
}

/** Every -/+ line of the patch belongs to a dropped or added message; kept headers are context lines. */
function expectKeptAsContext(d: CompactionDiff) {
  const changed = d.patch.split("\n").filter((l) => /^[-+]/.test(l) && !/^(---|\+\+\+) /.test(l));
  for (const p of d.keptPositions) {
    expect(changed.some((l) => l.startsWith(`-=== #${p.before} `))).toBe(false);
    expect(changed.some((l) => l.startsWith(`+=== #${p.after} `))).toBe(false);
  }
  expect(changed.filter((l) => /^[-+]=== #\d+ → #\d+ kept /.test(l))).toEqual([]);
}

describe("compaction diff: a kept message that moved is kept", () => {
  it("hand fixture: u2…a3 move from #2–#5 to #1–#4 and appear as context with both positions", () => {
    const [d] = diffsOf(HAND, "kept-moves.jsonl");
    expect(d.keptPositions).toEqual([
      { before: 2, after: 1 },
      { before: 3, after: 2 },
      { before: 4, after: 3 },
      { before: 5, after: 4 },
    ]);
    expect(d.kept.map((m) => m.sourceIds[0])).toEqual(["u2", "a2", "u3", "a3"]);
    expectKeptAsContext(d);
    expect(d.patch).toContain("\n === #2 → #1 kept user u2 ===\n Now step two.\n");
    // One hunk: the dropped pair out, the summary in; the kept run is unchanged context after it.
    expect(d.patch.match(/^@@ .* @@$/gm)).toEqual(["@@ -1,6 +1,8 @@"]);
    expect(d.patch).toContain("\n-=== #0 user u1 ===\n-Start the migration.\n");
    expect(d.patch).toMatch(/\n\+=== #0 user \(compactionSummary\) c1 ===\n/);
  });

  it("the real pi fixture: 66 and 77 kept messages, none of them shown as changed", async () => {
    const s = await readSession(`${ROOT}/fixtures/pi/before-compaction.jsonl`);
    if (!isSession(s)) throw new Error("not a session");
    const ds = compactionDiffs(s);
    expect(ds.map((d) => [d.id, d.keptPositions.length, d.keptPositions[0], d.keptPositions.at(-1)])).toEqual([
      ["359", 66, { before: 288, after: 1 }, { before: 353, after: 66 }],
      ["628", 77, { before: 258, after: 1 }, { before: 334, after: 77 }],
    ]);
    for (const d of ds) {
      expectKeptAsContext(d);
      d.keptPositions.forEach((p, k) => {
        expect(d.before.messages[p.before].text).toBe(d.kept[k].text);
        expect(d.after.messages[p.after]).toBe(d.kept[k]);
      });
    }
  });
});
