// The page's extra strings per format (report/page-extras.ts): each message is built by its format's own Msg
// construction, so "the message text holds it" is what each format really puts in its text.
import { describe, expect, it } from "vitest";
import { apiMessageToMsg } from "../../../src/formats/claude-code/msgs.js";
import { itemToMsg } from "../../../src/formats/codex/msgs.js";
import { toMsg } from "../../../src/formats/pi/lower.js";
import type { ScorelSession } from "../../../src/formats/scorel/model.js";
import { scorelMsg } from "../../../src/formats/scorel/context/lower.js";
import { yoiItemToMsg } from "../../../src/formats/yoi/context.js";
import type { YoiItem } from "../../../src/formats/yoi/model.js";
import { blockExtras, EXTRA_MAX } from "../../../src/report/page-extras.js";
import { pageMessage } from "../../../src/report/html.js";
import type { Msg } from "../../../src/formats/types.js";

const PNG = "iVBORw0KGgo="; // 8 bytes decoded
const scorel = (msg: { role: string; content: unknown }): Msg => scorelMsg({ byId: new Map() } as unknown as ScorelSession, "p5", msg, ["e1"]);
const yoi = (item: YoiItem): Msg => yoiItemToMsg({ item, sourceId: "L1" });
const codex = (item: Record<string, unknown>): Msg => itemToMsg({ item, sourceId: "L1" });

describe("report/page-extras: pi", () => {
  it("an assistant turn with text, signed thinking and a tool call: the thinking and the call, not the text", () => {
    const m = toMsg(
      {
        role: "assistant",
        content: [
          { type: "thinking", thinking: "check the file first", thinkingSignature: "sig" },
          { type: "text", text: "Reading it." },
          { type: "toolCall", id: "call_1", name: "read", arguments: { path: "a.ts" } },
        ],
      },
      ["e1"],
      "pi",
      false,
    );
    expect(blockExtras(m)).toEqual(["[thinking · signed]\ncheck the file first", '[tool call read · call_1]\n{"path":"a.ts"}']);
  });
  it("a tool result with an image: the image as its type and size, the text not again", () => {
    const m = toMsg(
      {
        role: "toolResult",
        toolCallId: "call_1",
        toolName: "shot",
        content: [
          { type: "text", text: "screenshot taken" },
          { type: "image", mimeType: "image/png", data: PNG },
        ],
      },
      ["e2"],
      "pi",
      false,
    );
    expect(m.text).toContain("screenshot taken");
    expect(blockExtras(m)).toEqual(["[image image/png · 8 bytes]"]);
  });
  it("a compaction summary the text holds: no [summary] again", () => {
    const m = toMsg({ role: "compactionSummary", summary: "we did things", tokensBefore: 10 }, ["e3"], "pi", false);
    expect(m.text).toContain("we did things");
    expect(blockExtras(m)).toEqual([]);
  });
});

describe("report/page-extras: Scorel", () => {
  it("a tool result whose result text and reminder the message text holds: its name and id only", () => {
    const m = scorel({
      role: "tool_result",
      content: [
        {
          type: "tool_result",
          toolCallId: "call_7",
          toolName: "bash",
          isError: true,
          result: {
            content: [
              { type: "text", text: "exit 1\nno such file" },
              { type: "system_reminder", text: "stay on task" },
            ],
          },
        },
      ],
    });
    expect(m.text).toBe("exit 1\nno such file\n<system-reminder>\nstay on task\n</system-reminder>");
    expect(blockExtras(m)).toEqual(["[tool result bash · call_7 · error]"]);
  });
  it("a user message with a stored system_reminder block: nothing, the text shows it rendered", () => {
    const m = scorel({
      role: "user",
      content: [
        { type: "text", text: "go on" },
        { type: "system_reminder", kind: "todo", text: "3 todos open" },
      ],
    });
    expect(blockExtras(m)).toEqual([]);
    expect(pageMessage(m)).not.toHaveProperty("extra");
  });
  it("an assistant tool call: name, id and arguments (the text does not hold them)", () => {
    const m = scorel({
      role: "assistant",
      content: [
        { type: "text", text: "ok" },
        { type: "tool_call", toolCallId: "c1", toolName: "grep", args: { pattern: "x" } },
      ],
    });
    expect(blockExtras(m)).toEqual(['[tool call grep · c1]\n{"pattern":"x"}']);
  });
});

describe("report/page-extras: yoi", () => {
  it("a message of text and refusal parts: nothing (before: each part again as [block] JSON)", () => {
    const m = yoi({
      kind: "message",
      role: "assistant",
      content: [
        { kind: "text", text: "Sure." },
        { kind: "refusal", refusal: "Not that." },
      ],
    });
    expect(m.text).toBe("Sure.\nNot that.");
    expect(blockExtras(m)).toEqual([]);
  });
  it("a tool call, whose text is its arguments: its name and id", () => {
    expect(blockExtras(yoi({ kind: "tool_call", call_id: "call_1", name: "bash", arguments: '{"command":"ls"}' }))).toEqual(["[tool call bash · call_1]"]);
  });
  it("a failed tool result with an attachment: id, error flag and the image's size; its summary and content are the text", () => {
    const m = yoi({
      kind: "tool_result",
      call_id: "call_1",
      summary: "ran ls",
      content: "a\nb",
      is_error: true,
      attachments: [{ kind: "image", mime_type: "image/png", data: PNG }],
    });
    expect(blockExtras(m)).toEqual(["[tool result · call_1 · error]", "[image image/png · 8 bytes]"]);
  });
  it("a reasoning item: its size (the text is the reasoning) and the summary lines the text does not hold", () => {
    const m = yoi({ kind: "reasoning", text: "think think", summary: ["short version"], signature: "s" });
    expect(blockExtras(m)).toEqual(["[reasoning · 11 chars, in the message text · signed]", "[reasoning summary]\nshort version"]);
  });
});

describe("report/page-extras: Claude Code", () => {
  it("a user message of tool results: id and flag; the result text is the message text", () => {
    const m = apiMessageToMsg(
      {
        role: "user",
        content: [
          { type: "tool_result", tool_use_id: "toolu_1", content: "file contents" },
          {
            type: "tool_result",
            tool_use_id: "toolu_2",
            is_error: true,
            content: [
              { type: "text", text: "denied" },
              { type: "image", source: { type: "base64", media_type: "image/jpeg", data: PNG } },
            ],
          },
        ],
      },
      ["u1"],
    );
    expect(blockExtras(m)).toEqual(["[tool result · toolu_1]", "[tool result · toolu_2 · error]", "[image image/jpeg · 8 bytes]"]);
  });
  it("an assistant message with thinking and a tool use, all in its text: their sizes and names only", () => {
    const m = apiMessageToMsg(
      {
        role: "assistant",
        content: [
          { type: "thinking", thinking: "let me look", signature: "abc" },
          { type: "tool_use", id: "toolu_3", name: "Read", input: { file_path: "/x" } },
        ],
      },
      ["a1"],
    );
    expect(blockExtras(m)).toEqual(["[thinking · 11 chars, in the message text · signed]", "[tool call Read · toolu_3]"]);
  });
  it("a redacted thinking block: its size", () => {
    const m = apiMessageToMsg({ role: "assistant", content: [{ type: "redacted_thinking", data: "opaque" }] }, ["a2"]);
    expect(blockExtras(m)).toEqual(["[redacted thinking · 6 chars of opaque data]"]);
  });
});

describe("report/page-extras: Codex", () => {
  it("a message item: nothing (its text parts are the text); an image part as its size", () => {
    const m = codex({
      type: "message",
      role: "user",
      content: [
        { type: "input_text", text: "hi" },
        { type: "input_image", image_url: `data:image/png;base64,${PNG}` },
      ],
    });
    expect(blockExtras(m)).toEqual(["[image image/png · 8 bytes]"]);
  });
  it("a function call and its output: name and id, the rest is the text", () => {
    expect(blockExtras(codex({ type: "function_call", name: "shell", arguments: '{"cmd":["ls"]}', call_id: "c1" }))).toEqual(["[tool call shell · c1]"]);
    expect(blockExtras(codex({ type: "function_call_output", call_id: "c1", output: "a\nb" }))).toEqual(["[tool result · c1]"]);
  });
  it("a structured function call output: its JSON, the text it shares given as a size", () => {
    const long = "x".repeat(100);
    const m = codex({ type: "function_call_output", call_id: "c1", output: [{ type: "input_text", text: long }] });
    expect(m.text).toBe(long);
    expect(blockExtras(m)).toEqual([
      '[function_call_output] {"type":"function_call_output","call_id":"c1","output":[{"type":"input_text","text":"⟨100 chars, in the message text⟩"}]}',
    ]);
  });
  it("a reasoning item: its JSON (summary and content), nothing of it lost", () => {
    const m = codex({
      type: "reasoning",
      summary: [{ type: "summary_text", text: "sum" }],
      content: [{ type: "reasoning_text", text: "full reasoning" }],
      encrypted_content: null,
    });
    const [x] = blockExtras(m);
    expect(x).toContain("full reasoning");
    expect(x.startsWith("[reasoning] ")).toBe(true);
  });
  it("an item no reading knows, whose text is its JSON: nothing", () => {
    expect(blockExtras(codex({ type: "web_search_call", status: "completed" }))).toEqual([]);
  });
});

describe("report/page-extras: what no reading knows, and the cut", () => {
  const bare = (text: string, blocks: unknown[]): Msg => ({ role: "user", nativeRole: "user", text, blocks, sourceIds: [], reminders: [] });
  it("an unknown block: its type and JSON, as before", () => {
    expect(blockExtras(bare("", [{ type: "document", title: "t" }]))).toEqual(['[document] {"type":"document","title":"t"}']);
  });
  it("a text block the message text does not hold: shown in full", () => {
    expect(
      blockExtras(
        bare("one", [
          { type: "text", text: "one" },
          { type: "text", text: "two" },
        ]),
      ),
    ).toEqual(["[text]\ntwo"]);
  });
  it("a text block the message text does not hold, longer than an extra: cut as every extra is, whether type or kind says text", () => {
    const long = "y".repeat(EXTRA_MAX + 5);
    for (const b of [
      { type: "text", text: long },
      { kind: "text", text: long },
    ])
      expect(blockExtras(bare("one", [{ type: "text", text: "one" }, b]))).toEqual([`[text]\n${"y".repeat(EXTRA_MAX)}… (5 more chars)`]);
  });
  it("a short text the message text holds only earlier than where it comes: shown (no accidental match)", () => {
    expect(
      blockExtras(
        bare("ok then", [
          { type: "text", text: "ok then" },
          { type: "text", text: "ok" },
        ]),
      ),
    ).toEqual(["[text]\nok"]);
  });
  it("a tool result larger than the cut: cut, with how much was left out", () => {
    const big = "y".repeat(EXTRA_MAX + 5);
    const [x] = blockExtras(bare("", [{ type: "tool_result", tool_use_id: "t", content: big }]));
    expect(x).toBe(`[tool result · t]\n${"y".repeat(EXTRA_MAX)}… (5 more chars)`);
  });
  it("a read-back message (merge-reports: no blocks, its extra strings): kept as they are", () => {
    const m = { role: "user", nativeRole: "user", text: "", sourceIds: [], reminders: [], extra: ["[tool call x]"] } as unknown as Msg;
    expect(pageMessage(m)).toMatchObject({ extra: ["[tool call x]"] });
  });
});

describe("report/page-extras: summaries", () => {
  it("a Scorel compaction summary the text holds trimmed: not again", () => {
    const m: Msg = {
      role: "user",
      nativeRole: "user",
      text: "<system-reminder>\nEarlier session context has been compacted.\n\nwe fixed it\n</system-reminder>",
      blocks: [],
      sourceIds: [],
      reminders: [],
      summary: "  we fixed it  ",
    };
    expect(blockExtras(m)).toEqual([]);
    expect(blockExtras({ ...m, text: "something else" })).toEqual(["[summary]\n  we fixed it  "]);
  });
});
