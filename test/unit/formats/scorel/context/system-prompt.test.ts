// The system prompt of a request (docs/scorel.md §9): rendered from the last instruction_snapshot before it, once per
// snapshot event.
import { describe, expect, it } from "vitest";
import type { ScorelEvent } from "../../../../../src/formats/scorel/model.js";
import { renderScorelSystemPrompt, snapshotPrompt, systemPromptBefore } from "../../../../../src/formats/scorel/context/system-prompt.js";

const snap = (line: number, ...blocks: string[]): ScorelEvent => ({
  line,
  type: "instruction_snapshot",
  id: `s${line}`,
  parentId: null,
  seq: line,
  raw: { snapshot: { sections: blocks.map((renderedBlock) => ({ kind: "k", renderedBlock })) } },
  tree: false,
});
const other = (line: number): ScorelEvent => ({ line, type: "user_message", id: `u${line}`, parentId: null, seq: line, raw: {}, tree: true });

describe("snapshotPrompt / systemPromptBefore", () => {
  it("render each snapshot as renderScorelSystemPrompt does, the same string every time", () => {
    const a = snap(1, " one ", "", "two\n");
    expect(snapshotPrompt(a)).toBe(renderScorelSystemPrompt(a.raw.snapshot));
    expect(snapshotPrompt(a)).toBe("one\n\ntwo");
    expect(snapshotPrompt(snap(2, " ", ""))).toBeNull();
    const events = [other(1), a, other(3), snap(4, "later"), other(5)];
    expect(systemPromptBefore(events, 1)).toBeNull();
    expect(systemPromptBefore(events, 2)).toBe("one\n\ntwo");
    expect(systemPromptBefore(events, 3)).toBe("one\n\ntwo");
    expect(systemPromptBefore(events, 4)).toBe("later");
    expect(systemPromptBefore(events, 5)).toBe("later");
    expect(systemPromptBefore(events, 99)).toBe("later");
  });
});
