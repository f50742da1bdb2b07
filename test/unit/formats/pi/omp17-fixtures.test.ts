// The real v17 recordings: buildSessionContext(entries, parentId) for every assistant entry, the leaves and
// the active leaf must equal what @oh-my-pi 17.2.15 returned (expected.json, recorded with the real package).
import { describe, expect, it } from "vitest";
import { buildPiContext } from "../../../../src/formats/pi/context.js";
import { json, parseFixture, readFixture } from "./helpers.js";

const NAMES = ["omp17-branch-after-gap", "omp17-deferred-then-compaction", "omp17-interrupt-then-tool-reminder"];

interface Expected {
  activeLeafId: string;
  entryCount: number;
  leaves: { leafId: string; active: boolean; path: string[]; context: Record<string, unknown> }[];
  contexts: { assistantEntryId: string; parentId: string; context: Record<string, unknown> }[];
}

const pick = (c: ReturnType<typeof buildPiContext>) =>
  json({ messages: c.messages, injectedTtsrRules: c.injectedTtsrRules, thinkingLevel: c.thinkingLevel, models: c.models, mode: c.mode });

describe.each(NAMES)("pi-session-format §6.2 [oracle] %s", (name) => {
  const expected = JSON.parse(readFixture(`${name}/expected.json`)) as Expected;
  const s = parseFixture(`${name}/session.jsonl`);

  it("is read as omp17 because of its title slot, with no error", () => {
    expect(s.profile).toBe("omp17");
    expect(s.profileReason).toBe("title slot on line 1");
    expect(s.diagnostics.filter((d) => d.severity !== "info")).toEqual([]);
    expect(s.entries.length).toBe(expected.entryCount);
  });

  it("has the recorded active leaf and leaves", () => {
    expect(s.tree.activeLeafId).toBe(expected.activeLeafId);
    expect(s.tree.leaves).toEqual(expected.leaves.map((l) => l.leafId));
  });

  it.each(expected.contexts.map((c) => [c.assistantEntryId, c] as const))("context before assistant %s equals the real buildSessionContext", (_id, c) => {
    expect(pick(buildPiContext(s, c.parentId))).toEqual(c.context);
  });

  it.each(expected.leaves.map((l) => [l.leafId, l] as const))("context at leaf %s equals the real one", (_id, l) => {
    expect(pick(buildPiContext(s, l.leafId))).toEqual(l.context);
  });
});
