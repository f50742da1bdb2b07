// The plain-text context rendering of diffs: with `blocks`, what the provider text leaves out (thinking,
// tool calls, images) gets one line each, so a compaction diff shows a dropped tool call; without it (check
// goldens) the provider text alone.
import { describe, expect, it } from "vitest";
import { viewBlock } from "../../../src/context/blocks.js";
import { renderContextText } from "../../../src/context/render-text.js";
import type { Msg } from "../../../src/formats/types.js";

const m = (role: Msg["role"], text: string, blocks: unknown[], nativeRole: string = role): Msg => ({
  role,
  nativeRole,
  text,
  blocks,
  sourceIds: ["e1"],
  reminders: [],
});

const ctx = [
  m("assistant", "Reading.", [
    { type: "thinking", thinking: "plan" },
    { type: "text", text: "Reading." },
    { type: "toolCall", id: "c", name: "read", arguments: { path: "a" } },
  ]),
  m("user", "see", [
    { type: "text", text: "see" },
    { type: "image", data: "AAAA", mimeType: "image/png" },
  ]),
  m("assistant", '{"cmd":"ls"}', [{ kind: "tool_call", call_id: "c7", name: "Bash", arguments: '{"cmd":"ls"}' }], "tool_call"),
];

describe("renderContextText", () => {
  it("with blocks: thinking, tool calls (name and compact arguments) and images each get a line", () => {
    expect(renderContextText(null, ctx, { blocks: true })).toBe(
      [
        "=== #0 assistant e1 ===",
        "Reading.",
        "[thinking · 4 chars]",
        '[tool call read {"path":"a"}]',
        "=== #1 user e1 ===",
        "see",
        "[image image/png · 3 bytes]",
        "=== #2 assistant (tool_call) e1 ===",
        '{"cmd":"ls"}',
        "[tool call Bash]",
        "",
      ].join("\n"),
    );
  });

  it("by default (check goldens): the provider text only", () => {
    expect(renderContextText("sys", ctx)).toBe(
      '=== system prompt ===\nsys\n=== #0 assistant e1 ===\nReading.\n=== #1 user e1 ===\nsee\n=== #2 assistant (tool_call) e1 ===\n{"cmd":"ls"}\n',
    );
  });
});

describe("viewBlock: one reading of the native blocks of every format", () => {
  it.each<[string, unknown, Record<string, unknown>]>([
    [
      "pi thinking",
      { type: "thinking", thinking: "t", thinkingSignature: "s" },
      { kind: "thinking", label: "thinking", text: "t", signed: true, inText: false },
    ],
    [
      "pi toolCall",
      { type: "toolCall", id: "i", name: "n", arguments: { a: 1 } },
      { kind: "toolCall", name: "n", id: "i", argsText: '{"a":1}', argsInText: false },
    ],
    ["pi redactedThinking", { type: "redactedThinking", data: "abc" }, { kind: "redacted", chars: 3 }],
    ["pi image (blob)", { type: "image", data: "blob:sha256:x", mimeType: "image/png" }, { kind: "image", mime: "image/png", data: "blob:sha256:x" }],
    ["Scorel thinking", { type: "thinking", text: "t" }, { kind: "thinking", text: "t", signed: false }],
    ["Scorel tool_call", { type: "tool_call", toolCallId: "i", toolName: "n", args: {} }, { kind: "toolCall", name: "n", id: "i", argsText: "{}" }],
    [
      "Scorel tool_result",
      {
        type: "tool_result",
        toolCallId: "i",
        toolName: "n",
        result: {
          content: [
            { type: "text", text: "a" },
            { type: "system_reminder", text: "r" },
          ],
        },
      },
      { kind: "toolResult", name: "n", error: false, text: "a\n<system-reminder>\nr\n</system-reminder>", images: [] },
    ],
    [
      "Scorel system_reminder",
      { type: "system_reminder", kind: "time", text: "now" },
      { kind: "reminder", text: "<system-reminder>\nnow\n</system-reminder>" },
    ],
    ["yoi text part", { kind: "text", text: "x" }, { kind: "text", text: "x" }],
    ["yoi refusal", { kind: "refusal", refusal: "no" }, { kind: "refusal", text: "no" }],
    ["yoi reasoning", { kind: "reasoning", text: "r", encrypted_content: "zz" }, { kind: "thinking", label: "reasoning", encryptedChars: 2, inText: true }],
    ["yoi tool_call", { kind: "tool_call", call_id: "c", name: "B", arguments: "{}" }, { kind: "toolCall", name: "B", id: "c", argsInText: true }],
    [
      "yoi tool_result",
      { kind: "tool_result", call_id: "c", summary: "s", content: "b", is_error: true },
      { kind: "toolResult", id: "c", error: true, text: "s\nb" },
    ],
    ["unknown", { type: "audio" }, { kind: "other", type: "audio", json: '{"type":"audio"}' }],
  ])("%s", (_name, block, expected) => {
    expect(viewBlock(block)).toMatchObject(expected);
  });
});
