// The p6 builder (docs/scorel.md §16.3): the current session core's buildContext, with the places where its own
// JavaScript decides differently from sightline's p5 reading; p5 stays as it was.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { buildScorelContext } from "../../../../../src/formats/scorel/context/build.js";
import { parseScorel } from "../../../../../src/formats/scorel/parse.js";
import { A, AT, C, H, session, T, text, U, UC, X, type Raw } from "./builders.js";

const FIXTURE = join(import.meta.dirname, "../../../../../fixtures/scorel/valid/p6-model-selected.jsonl");
const build = (raws: Raw[], profile: "p5" | "p6", leaf: string) => buildScorelContext(session(raws, profile), leaf);

describe("valid/p6-model-selected.jsonl (the current session core)", () => {
  const s = parseScorel(readFileSync(FIXTURE, "utf8"), { file: "p6-model-selected.jsonl" });
  const idOf = (type: string, n: number) => s.events.filter((e) => e.type === type)[n].id;
  it("a model switch between a tool result and a runtime notice: the notice still merges into the tool result", () => {
    const c = buildScorelContext(s, idOf("assistant_message", 1));
    expect(c.messages.map((m) => m.role)).toEqual(["user", "assistant", "tool_result", "assistant"]);
    expect(c.sourceIds[2]).toEqual([idOf("tool_result", 0), idOf("harness_item", 0)]);
    const result = (c.messages[2].content as any)[0].result;
    expect(Object.keys(result)).toEqual(["content"]); // details dropped
    expect(result.content.at(-1)).toEqual({
      type: "system_reminder",
      kind: "runtime_notice",
      origin: "system",
      text: "Model switched to GPT-5 (reasoning: medium).",
      visibility: "compact",
      scope: "next_model_call",
    });
  });
  it("no event of the context comes from a model selection", () => {
    const selections = new Set(s.events.filter((e) => e.type === "session_model_selected").map((e) => e.id));
    for (const id of s.tree.nodes) for (const ids of buildScorelContext(s, id).sourceIds) for (const x of ids) expect(selections.has(x)).toBe(false);
  });
  it("at the active leaf: the trimmed compact summary, the retained window from the first tool call, the snipped side question left out", () => {
    const c = buildScorelContext(s, s.tree.activeLeafId!);
    expect(c.error).toBeUndefined();
    expect((c.messages[0].content as any)[0]).toEqual({
      type: "system_reminder",
      kind: "compact_summary",
      origin: "system",
      visibility: "model",
      scope: "session",
      text: "Earlier session context has been compacted.\n\nThe orders test failed because the pagination loop skipped the last page; src/orders.ts now loops with <=.\n\nUse this summary as continuity context. Verify current repository facts before acting.",
    });
    expect(c.sourceIds.map((ids) => ids[0])).toEqual([
      idOf("compact", 0),
      idOf("assistant_message", 0),
      idOf("tool_result", 0),
      idOf("assistant_message", 1),
      idOf("user_message", 1),
      idOf("assistant_message", 2),
      idOf("tool_result", 1),
      idOf("assistant_message", 3),
      idOf("user_message", 3),
      idOf("assistant_message", 5),
    ]);
  });
});

describe("p6 replays the current builder's own tests where p5 reads differently", () => {
  it("any path event with a `message` key is a message: a harness item carrying one is copied as that message", () => {
    const h = { ...H("h2", "u1", 2, "steer", "user", "go on"), message: { role: "user", content: [text("stray")] } };
    expect(build([U("u1", null, 1, "hi"), h], "p6", "h2").messages[1]).toEqual({ role: "user", content: [text("stray")] });
    expect(build([U("u1", null, 1, "hi"), h], "p5", "h2").messages[1].content).toEqual([
      { type: "system_reminder", kind: "steer", origin: "user", text: "go on", visibility: "display", scope: "next_model_call" },
    ]);
  });
  it("a compact carrying a `message` key is copied as that message, not a summary", () => {
    const c = { ...C("c2", "u1", 2, "u1", "sum", 8), message: { role: "user", content: [text("m")] } };
    expect(build([U("u1", null, 1, "hi"), c], "p6", "c2").messages).toEqual([
      { role: "user", content: [text("hi")] },
      { role: "user", content: [text("m")] },
    ]);
    expect(build([U("u1", null, 1, "hi"), c], "p5", "c2").messages[0].meta).toEqual({ source: "compact", compactedThrough: "u1" });
  });
  // The main walk skips hidden events, but the retained-window search does not look at the hidden set (§7.7):
  // a hidden assistant message at the window start is read by the search only.
  const hiddenStart = (a2: Raw): Raw[] => [U("u1", null, 1, "hi"), a2, U("u3", "a2", 3, "next"), X("x4", 4, "u1", "a2"), C("c5", "u3", 5, "u3", "s", 2)];
  it("the retained-window search reads assistant content unguarded: a string content there is a type_error under p6", () => {
    const raws = hiddenStart(A("a2", "u1", 2, "x", { content: "plain" }));
    expect(build(raws, "p6", "c5").error).toMatchObject({
      code: "type_error",
      eventId: "a2",
      message: expect.stringContaining("message.content is not an array"),
    });
    expect(build(raws, "p5", "c5").sourceIds).toEqual([["c5"], ["u3"]]);
  });
  it("the search stops at the first tool call (Array.prototype.some): a null block after it is never read, one before it throws", () => {
    const withBlocks = (blocks: unknown[]) => hiddenStart({ ...AT("a2", "u1", 2), message: { role: "assistant", content: blocks } });
    const callBlock = { type: "tool_call", toolCallId: "c", toolName: "t", args: {} };
    expect(build(withBlocks([callBlock, null]), "p6", "c5").sourceIds).toEqual([["c5"], ["u3"]]);
    expect(build(withBlocks([null, callBlock]), "p6", "c5").error).toMatchObject({
      code: "type_error",
      eventId: "a2",
      message: expect.stringContaining("a content block is null"),
    });
    expect(build(withBlocks([null, callBlock]), "p5", "c5").sourceIds).toEqual([["c5"], ["u3"]]);
  });
  it("copying a message reads every block: a null block is a type_error under p6, kept as is under p5", () => {
    const raws = [UC("u1", null, 1, [text("a"), null])];
    expect(build(raws, "p6", "u1").error).toMatchObject({ code: "type_error", eventId: "u1" });
    expect(build(raws, "p5", "u1").messages[0].content).toEqual([text("a"), null]);
  });
  it("a non-object block is spread as the current builder spreads it (a string becomes an object of its characters)", () => {
    const raws = [UC("u1", null, 1, ["ab", 7, [1]])];
    expect(build(raws, "p6", "u1").messages[0].content).toEqual([{ 0: "a", 1: "b" }, {}, { 0: 1 }]);
    expect(build(raws, "p5", "u1").messages[0].content).toEqual(["ab", 7, [1]]);
  });
  it("a stored reminder block keeps a falsy `data` (the clone spreads the block first); p5 drops it", () => {
    const rem = (data: unknown) => ({ type: "system_reminder", kind: "message_ref", origin: "system", text: "t", data, visibility: "model", scope: "message" });
    const raws = [UC("u1", null, 1, [text("x"), rem(null), rem(0), rem({ a: 1 }), rem("ab")])];
    const p6 = build(raws, "p6", "u1").messages[0].content as Raw[];
    expect(p6.slice(1).map((b) => b.data)).toEqual([null, 0, { a: 1 }, { 0: "a", 1: "b" }]);
    expect(Object.keys(p6[1])).toEqual(["type", "kind", "origin", "text", "data", "visibility", "scope"]);
    const p5 = build(raws, "p5", "u1").messages[0].content as Raw[];
    expect(p5.slice(1).map((b) => "data" in b)).toEqual([false, false, true, true]);
  });
  it("well-formed turns build the same under both (tool turn, merge, compact window)", () => {
    const raws = [
      U("u1", null, 1, "hi"),
      AT("a2", "u1", 2),
      T("t3", "a2", 3, "out"),
      H("h4", "t3", 4, "runtime_notice", "system", "n"),
      A("a5", "h4", 5, "done"),
      C("c6", "a5", 6, "a5", " s ", 8),
    ];
    expect(build(raws, "p6", "c6")).toEqual({ ...build(raws, "p5", "c6"), profile: "p6" });
  });
});
