// Compactions of Claude Code sessions (docs/claude-code.md §6): the instruction text per release and trigger,
// and where the "before" of a compaction is a recorded context rather than one rebuilt from the lines.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CC2_1_328_COMPACT_AUTO, CC2_1_328_COMPACT_MANUAL } from "../../../../src/formats/claude-code/compact-strings.js";
import { compactInstruction } from "../../../../src/formats/claude-code/compaction.js";
import { withoutCacheControl } from "../../../../src/formats/claude-code/hash.js";
import { wireForm } from "../../../../src/formats/claude-code/requests.js";
import type { ApiMessage, CcSession } from "../../../../src/formats/claude-code/model.js";
import { isSession, moduleOf, parseSession } from "../../../../src/formats/index.js";
// @ts-expect-error: a plain ESM helper of the conformance harness, shared with the adapter
import { isCompactionRequest, linesPart } from "../../../conformance/claude-code/compare.mjs";

const fileOf = (release: string, scenario: string) => {
  const dir = join(import.meta.dirname, "../../../../fixtures/claude-code", release, scenario, "projects/-tmp-cc-project");
  return join(dir, readdirSync(dir).find((n) => n.endsWith(".jsonl")) as string);
};
const session = (release: string, scenario: string) => {
  const f = fileOf(release, scenario);
  const s = parseSession(readFileSync(f, "utf8"), { file: f });
  if (!isSession(s)) throw new Error("not read");
  return s;
};

describe("compaction instruction", () => {
  it("2.1.328 keeping a reply in the tail: the longer text; otherwise the shorter one; 2.1.220 always the shorter", () => {
    expect(compactInstruction("cc-2.1", true, "")).toBe(CC2_1_328_COMPACT_MANUAL);
    expect(compactInstruction("cc-2.1", false, "")).toBe(CC2_1_328_COMPACT_AUTO);
    expect(compactInstruction("cc-2.1-early", true, "")).toBe(CC2_1_328_COMPACT_AUTO);
  });

  it("the /compact arguments go before the closing reminder", () => {
    const t = compactInstruction("cc-2.1-early", true, "Keep the fruit.");
    expect(t).toContain("</example>\n\n\nAdditional Instructions:\nKeep the fruit.\n\nREMINDER: Do NOT call any tools.");
    expect(t.length).toBe(CC2_1_328_COMPACT_AUTO.length + "\n\nAdditional Instructions:\nKeep the fruit.".length);
  });
});

describe("before and after of a compaction", () => {
  for (const scenario of ["compact", "compact-args", "compact-first-turn"])
    it(`2.1.328 ${scenario}: before is the last request and its response, as the compaction request holds them`, () => {
      const s = session("2.1.328", scenario);
      const m = moduleOf(s);
      const [c] = m.compactions(s);
      if (!c?.request) throw new Error("no compaction request");
      const before = m.buildContext(s, c.beforeLeafId).messages as ApiMessage[];
      const sent = (c.request.messages as ApiMessage[]).slice(0, -1).map((x) => wireForm(withoutCacheControl(x) as ApiMessage));
      expect(before).toEqual(sent);
      expect(c.notRecorded?.map((n) => n.path)).toEqual(["$.system[0]", "$.metadata", "$.messages", "after"]);
    });

  it("2.1.328: the after (from the lines) carries the system prompt of the request sent after it, not null", () => {
    const s = session("2.1.328", "compact");
    const m = moduleOf(s);
    const [c] = m.compactions(s);
    if (!c) throw new Error("no compaction");
    const after = m.buildContext(s, c.afterLeafId).systemPrompt;
    expect(after).toMatch(/^You are a Claude agent/);
    expect(after).toBe(m.buildContext(s, c.beforeLeafId).systemPrompt);
  });

  it("2.1.328 automatic after a tool call: the call's result, then the longer instruction, in one user message", () => {
    const s = session("2.1.328", "autocompact-tool");
    const [c] = moduleOf(s).compactions(s);
    expect(c?.trigger).toBe("automatic");
    const last = (c?.request?.messages as ApiMessage[] | undefined)?.at(-1);
    expect(last?.role).toBe("user");
    expect(last?.content).toEqual([
      { type: "tool_result", tool_use_id: "toolu_cc51", content: "3 notes.txt", is_error: false },
      { type: "text", text: CC2_1_328_COMPACT_MANUAL },
    ]);
    // The same session with a second call in that response: not rebuilt, and said.
    const text = readFileSync(fileOf("2.1.328", "autocompact-tool"), "utf8").replace(
      '"name":"Bash","input":{"command":"wc -l notes.txt","description":"Count lines"}}',
      '"name":"Bash","input":{"command":"wc -l notes.txt","description":"Count lines"}},{"type":"tool_use","id":"toolu_cc52","name":"Bash","input":{}}',
    );
    const two = parseSession(text, { file: "t.jsonl" });
    if (!isSession(two)) throw new Error("not read");
    const [c2] = moduleOf(two).compactions(two);
    expect(c2?.request).toBeUndefined();
    expect(c2?.notRecorded?.[0]?.why).toMatch(/^the response before the compaction called tools whose results/);
  });

  it("2.1.220 automatic: the context before the preserved tail, with the release's one instruction, as sent", () => {
    // The recording (a configured 100k window, a reply reporting 92k input tokens, then a third prompt): the
    // release summarises every group of messages but the last (the last reply and the new prompt), which it keeps.
    const s = session("2.1.220", "autocompact");
    const m = moduleOf(s);
    const [c] = m.compactions(s);
    if (!c?.request) throw new Error("no compaction request");
    const boundary = (s as CcSession).records.find((r) => r.raw.subtype === "compact_boundary");
    expect((boundary?.raw.compactMetadata as { trigger?: string } | undefined)?.trigger).toBe("auto");
    // As sent, without the user-context block the lines do not record (compare.mjs).
    const sent = JSON.parse(readFileSync(join(import.meta.dirname, "../../../../fixtures/claude-code/2.1.220/autocompact/requests.json"), "utf8"))
      .filter((q: { other?: boolean }) => !q.other)
      .map((q: { body: unknown }) => q.body);
    const compaction = sent.filter(isCompactionRequest);
    expect(compaction).toHaveLength(1);
    expect(c.request.messages).toEqual(linesPart(compaction[0]));
    const last = (c.request.messages as ApiMessage[]).at(-1)?.content as Array<{ text: string }>;
    expect(last.map((b) => b.text)).toEqual(["Go on with it.\n", compactInstruction("cc-2.1-early", true, "")]);
    // The prompt that triggered it is written twice (a slug added): a note, and one message in the context after.
    expect(s.diagnostics.map((d) => `${d.severity} ${d.code}`)).toEqual(["info CC_ENTRY_REWRITTEN"]);
    const after = m.buildContext(s, c.afterLeafId).messages as ApiMessage[];
    expect(after.filter((x) => JSON.stringify(x.content).includes("Continue the task."))).toHaveLength(1);
  });

  it("2.1.220: before and after are said to be rebuilt from the lines", () => {
    const s = session("2.1.220", "compact");
    const [c] = moduleOf(s).compactions(s);
    expect(c?.notRecorded?.filter((n) => n.path === "before" || n.path === "after").map((n) => n.why)).toEqual([
      "rebuilt from the conversation lines (this release records no request)",
      "rebuilt from the conversation lines (this release records no request)",
    ]);
  });
});
