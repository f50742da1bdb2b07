// The terminal view of one message (issue 9 item 3): every native block kind of every format renders —
// text, refusals, thinking / reasoning (one line with its size unless --full), redacted thinking, tool
// calls (name, id, arguments cut with their size unless --full), tool results (cut by lines / chars unless
// --full), images (a placeholder with their size), reminders (marked) and unknown blocks — and session data
// never reaches the terminal with its control characters.
import { describe, expect, it } from "vitest";
import type { Msg } from "../../../src/formats/types.js";
import { LIMITS, renderBody } from "../../../src/report/blocks-view.js";
import { renderMessage, roleSummary, tokenFigures } from "../../../src/report/replay-view.js";

const paint = (_k: string, s: string) => s;
const msg = (role: Msg["role"], blocks: unknown[], text = "", nativeRole: string = role): Msg => ({
  role,
  nativeRole,
  text,
  blocks,
  sourceIds: ["e1"],
  reminders: [],
});
const view = (m: Msg, expand = false) => renderBody(m, { color: false, expand }, paint);

const longArgs = { path: "src/" + "x".repeat(300) + ".ts" };
const piAssistant = msg(
  "assistant",
  [
    { type: "thinking", thinking: "First line of the plan.\nSecond line.", thinkingSignature: "sig" },
    { type: "text", text: "Reading it." },
    { type: "toolCall", id: "call_1", name: "read", arguments: longArgs },
    { type: "redactedThinking", data: "QUJD" },
  ],
  "Reading it.",
);

describe("blocks: pi", () => {
  it("default: thinking collapsed with its size, tool call cut with its size, redacted thinking as a marker", () => {
    expect(view(piAssistant).split("\n")).toEqual([
      "⟦thinking · 36 chars · signed⟧ First line of the plan.",
      "Reading it.",
      `⟦tool call read · call_1 · arguments ${JSON.stringify(longArgs).length} chars⟧`,
      `${JSON.stringify(longArgs).slice(0, LIMITS.argsChars)}… (+${JSON.stringify(longArgs).length - LIMITS.argsChars} chars)`,
      "⟦redacted thinking · 4 chars of opaque data⟧",
    ]);
  });

  it("--full: the whole thinking text and the arguments as indented JSON", () => {
    const full = view(piAssistant, true);
    expect(full).toContain("⟦thinking · 36 chars · signed⟧\nFirst line of the plan.\nSecond line.\n");
    expect(full).toContain(`arguments ${JSON.stringify(longArgs).length} chars⟧\n${JSON.stringify(longArgs, null, 2)}`);
    expect(full).not.toBe(view(piAssistant));
  });

  it("images: media type and decoded size, or the blob the payload was moved to", () => {
    const m = msg(
      "user",
      [
        { type: "text", text: "see" },
        { type: "image", data: "iVBORw0KGgo=", mimeType: "image/png" },
        { type: "image", data: "blob:sha256:abc", mimeType: "image/jpeg" },
      ],
      "see",
    );
    expect(view(m).split("\n")).toEqual(["see", "⟦image image/png · 8 bytes⟧", "⟦image image/jpeg · stored as blob:sha256:abc⟧"]);
  });

  it("a text-only tool result shows its provider text, cut after 20 lines with what was left out", () => {
    const text = Array.from({ length: 30 }, (_, i) => `line ${i}`).join("\n");
    const m = msg("tool_result", [{ type: "text", text }], text, "toolResult");
    const out = view(m).split("\n");
    expect(out[0]).toBe(`⟦tool result · ${text.length} chars⟧`);
    expect(out.slice(1, 21)).toEqual(text.split("\n").slice(0, 20));
    expect(out[21]).toBe(
      `… ${text.length - text.split("\n").slice(0, 20).join("\n").length} more chars, 10 more lines (of ${text.length}; option \`full\` shows all)`,
    );
    expect(view(m, true)).toBe(`⟦tool result · ${text.length} chars⟧\n${text}`);
  });

  it("a text-only message shows its provider text (summaries and templates as sent), reminder tags marked", () => {
    const m = msg("user", [{ type: "text", text: "raw" }], "Summary:\n<system-reminder>x</system-reminder>", "compactionSummary");
    expect(view(m)).toBe("Summary:\n<system-reminder>x</system-reminder>");
  });
});

describe("blocks: Scorel", () => {
  it("thinking {text}, tool_call {toolName, args}, tool_result with reminders and images, system_reminder blocks", () => {
    const a = msg(
      "assistant",
      [
        { type: "thinking", text: "Look first." },
        { type: "tool_call", toolCallId: "c1", toolName: "read", args: { path: "a" } },
      ],
      "",
    );
    expect(view(a).split("\n")).toEqual(["⟦thinking · 11 chars⟧ Look first.", "⟦tool call read · c1 · arguments 12 chars⟧", '{"path":"a"}']);
    const r = msg(
      "tool_result",
      [
        {
          type: "tool_result",
          toolCallId: "c1",
          toolName: "read",
          isError: true,
          result: {
            content: [
              { type: "text", text: "nope" },
              { type: "system_reminder", text: "steer" },
              { type: "image", data: "AAAA", mimeType: "image/png" },
            ],
          },
        },
      ],
      "",
    );
    expect(view(r).split("\n")).toEqual([
      "⟦tool result read · c1 · error · 47 chars · 1 image⟧",
      "nope",
      "<system-reminder>",
      "steer",
      "</system-reminder>",
      "⟦image image/png · 3 bytes⟧",
    ]);
    const u = msg(
      "user",
      [
        { type: "text", text: "hi" },
        { type: "system_reminder", kind: "time", text: "now" },
      ],
      "",
    );
    expect(view(u)).toBe("hi\n<system-reminder>\nnow\n</system-reminder>");
  });

  it("a tool_result whose result has no content array shows its JSON", () => {
    const r = msg("tool_result", [{ type: "tool_result", toolCallId: "c1", toolName: "x", result: { ok: 1 } }], "");
    expect(view(r)).toBe('⟦tool result x · c1 · 8 chars⟧\n{"ok":1}');
  });
});

describe("blocks: yoi", () => {
  it("reasoning with encrypted content, a tool call with string arguments, a tool result with an attachment, a refusal", () => {
    expect(view(msg("assistant", [{ kind: "reasoning", text: "why", encrypted_content: "zzzz" }], "why", "reasoning"))).toBe(
      "⟦reasoning · 3 chars · 4 chars encrypted⟧ why",
    );
    const call = msg("assistant", [{ kind: "tool_call", call_id: "c7", name: "Bash", arguments: '{"cmd":"ls"}' }], '{"cmd":"ls"}', "tool_call");
    expect(view(call)).toBe('⟦tool call Bash · c7 · arguments 12 chars⟧\n{"cmd":"ls"}');
    expect(view(call, true)).toBe('⟦tool call Bash · c7 · arguments 12 chars⟧\n{\n  "cmd": "ls"\n}');
    const res = msg(
      "tool_result",
      [
        {
          kind: "tool_result",
          call_id: "c7",
          summary: "exit 1",
          content: "boom",
          is_error: true,
          attachments: [{ kind: "image", mime_type: "image/png", data: "AAAA" }],
        },
      ],
      "exit 1\nboom",
    );
    expect(view(res).split("\n")).toEqual(["⟦tool result · c7 · error · 11 chars · 1 image⟧", "exit 1", "boom", "⟦image image/png · 3 bytes⟧"]);
    expect(view(msg("assistant", [{ kind: "refusal", refusal: "no" }], "no", "message:assistant"))).toBe("⟦refusal⟧ no");
  });
});

describe("blocks: unknown kinds and hostile data", () => {
  it("an unknown block shows its kind, size and JSON preview", () => {
    expect(
      view(
        msg(
          "user",
          [
            { type: "text", text: "a" },
            { type: "audio", data: "xyz" },
          ],
          "a",
        ),
      ),
    ).toBe('a\n⟦audio block · 29 chars⟧ {"type":"audio","data":"xyz"}');
  });

  it("control characters in names, arguments, thinking and text are shown visibly, never written", () => {
    const m = msg(
      "assistant",
      [
        { type: "thinking", thinking: "t\u001b]0;x\u0007" },
        { type: "toolCall", id: "i\u001b", name: "r\u009bead", arguments: { p: "\u202e" } },
        { type: "text", text: "\u001b[2J" },
      ],
      "\u001b[2J",
    );
    for (const out of [view(m), view(m, true)]) {
      expect(out).not.toMatch(/[\u001b\u0007\u009b\u202e]/);
      expect(out).toContain("r\\x9bead");
    }
  });
});

describe("message head and listing helpers", () => {
  it("renderMessage marks merges, reminders and summaries and escapes ids", () => {
    const m: Msg = {
      ...msg("tool_result", [{ type: "text", text: "ok" }], "ok", "toolResult"),
      sourceIds: ["a", "b\u001b"],
      reminders: [{ kind: "ttsr", origin: "rule:x", sourceId: "b" }],
    };
    expect(renderMessage(m, 3, false).split("\n").slice(0, 3)).toEqual([
      "── #3 tool_result (toolResult) · from a, b\\x1b",
      "   ⟦merged: b\\x1b into a⟧",
      "   ⟦reminder ttsr/rule:x from b⟧",
    ]);
  });

  it("roleSummary collapses runs and, past six runs, counts roles", () => {
    expect(roleSummary([])).toBe("");
    expect(roleSummary(["assistant", "tool_result", "tool_result"])).toBe("assistant, tool_result ×2");
    const long = ["user", ...Array.from({ length: 10 }, (_, i) => (i % 2 ? "tool_result" : "assistant"))];
    expect(roleSummary(long)).toBe("1 user, 5 assistant, 5 tool_result");
  });

  it("tokenFigures: — for a missing logged figure, † when it counts what the file does not record", () => {
    expect(tokenFigures({ estimated: 12, estimator: "chars/4 + 1600/image" })).toBe("≈12 tok · logged —");
    expect(tokenFigures({ estimated: 12, estimator: "e", logged: 40, loggedAlsoCounts: ["toolDefinitions"] })).toBe("≈12 tok · logged 40†");
  });
});

describe("blocks: text and images keep the provider text", () => {
  it("an omp17 custom message with an image shows the text as sent (with its image note), then the image", () => {
    const m = msg(
      "developer",
      [
        { type: "text", text: "Screenshot" },
        { type: "image", data: "AAAA", mimeType: "image/png" },
      ],
      "Screenshot\nImages attached to shot.",
      "custom",
    );
    expect(view(m)).toBe("Screenshot\nImages attached to shot.\n⟦image image/png · 3 bytes⟧");
  });

  it("a pi tool result with an image: its text under the tool-result line, then the image", () => {
    const m = msg(
      "tool_result",
      [
        { type: "text", text: "shot" },
        { type: "image", data: "AAAA", mimeType: "image/png" },
      ],
      "shot",
      "toolResult",
    );
    expect(view(m)).toBe("⟦tool result · 4 chars · 1 image⟧\nshot\n⟦image image/png · 3 bytes⟧");
  });
});
