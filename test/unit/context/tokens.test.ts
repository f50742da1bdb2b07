// design §3 "Tokens": every figure says how it was counted; the default is chars/4, --tokens exact is a BPE
// count, and both count the same things: everything the file shows being sent to the model (text,
// thinking sent back, tool-call names and arguments, tool results, images by the 1600-token rule).
import { describe, expect, it } from "vitest";
import { readSession } from "../../../src/app/read/read.js";
import { exactCounter } from "../../../src/context/tokens-exact.js";
import { charsPer4, contextTokens, estimatorName, IMAGE_TOKENS, ListTokenCache, msgTokens, unrecordedIn } from "../../../src/context/tokens.js";
import { iterTurnViews } from "../../../src/context/turns.js";
import { isSession } from "../../../src/formats/index.js";
import type { Msg } from "../../../src/formats/types.js";
import { UsageError } from "../../../src/shared/errors.js";
import { fromArray, push } from "../../../src/shared/plist.js";
import { ROOT } from "./fixture-sessions.js";

const msg = (text: string, over: Partial<Msg> = {}): Msg => ({ role: "user", nativeRole: "user", text, blocks: [], sourceIds: ["x"], reminders: [], ...over });
const assistant = (text: string, blocks: unknown[]) => msg(text, { role: "assistant", nativeRole: "assistant", blocks });
/** A counter that makes every counted piece visible: one token per character. */
const len = { name: "len", count: (t: string) => t.length };

describe("token counters", () => {
  it("chars/4 rounds up and names itself", () => {
    expect(charsPer4.name).toBe("chars/4");
    expect([0, 1, 4, 5].map((n) => charsPer4.count("a".repeat(n)))).toEqual([0, 1, 1, 2]);
  });

  it("exact counting uses o200k_base and names its encoding", async () => {
    const c = await exactCounter();
    expect(c.name).toBe("o200k_base (gpt-tokenizer)");
    expect(c.count("")).toBe(0);
    expect(c.count("hello world")).toBe(2);
  });

  it("without the optional gpt-tokenizer package, exact counting is a usage error that says how to install it, naming no CLI flag", async () => {
    const missing = () => Promise.reject(Object.assign(new Error("Cannot find package 'gpt-tokenizer'"), { code: "ERR_MODULE_NOT_FOUND" }));
    await expect(exactCounter(missing)).rejects.toMatchObject({
      name: "MissingPackageError",
      packageName: "gpt-tokenizer",
      message: expect.stringContaining("npm install gpt-tokenizer"),
    });
    await expect(exactCounter(missing)).rejects.toSatisfy((e: Error) => e instanceof UsageError && !e.message.includes("--"));
    const broken = () => Promise.reject(new Error("disk on fire"));
    await expect(exactCounter(broken)).rejects.toThrow("disk on fire");
  });

  it("the estimator name states the image rule", async () => {
    expect(IMAGE_TOKENS).toBe(1600);
    expect(estimatorName(charsPer4)).toBe("chars/4 + 1600/image");
    expect(estimatorName(await exactCounter())).toBe("o200k_base (gpt-tokenizer) + 1600/image");
  });

  it("ListTokenCache totals a persistent list once per cell and agrees with a direct sum", () => {
    let calls = 0;
    const counter = { name: "len", count: (t: string) => (calls++, t.length) };
    const cache = new ListTokenCache(counter);
    const base = fromArray([msg("ab"), msg("cde")]);
    expect(cache.total(base)).toBe(5);
    const a = push(base, msg("f"));
    const b = push(base, msg("ghij"));
    expect(cache.total(a)).toBe(6);
    expect(cache.total(b)).toBe(9);
    expect(calls).toBe(4); // ab, cde, f, ghij: shared cells are never counted twice
  });
});

describe("msgTokens: every block kind of every format", () => {
  it("pi: text (provider text), thinking, tool call name + arguments; redacted thinking is opaque", () => {
    const m = assistant("Done.", [
      { type: "thinking", thinking: "plan", thinkingSignature: "sig" },
      { type: "text", text: "Done." },
      { type: "toolCall", id: "c1", name: "read", arguments: { path: "a.ts" } },
      { type: "redactedThinking", data: "opaque-bytes" },
    ]);
    expect(msgTokens(m, len)).toBe("Done.".length + "plan".length + "read".length + '{"path":"a.ts"}'.length);
  });

  it("pi: images in user and tool-result content count 1600 each, their text once (already in text)", () => {
    const img = { type: "image", data: "iVBORw0KGgo=", mimeType: "image/png" };
    expect(msgTokens(msg("look", { blocks: [{ type: "text", text: "look" }, img, img] }), len)).toBe(4 + 2 * IMAGE_TOKENS);
    const tr = msg("out", {
      role: "tool_result",
      nativeRole: "toolResult",
      blocks: [
        { type: "text", text: "out" },
        { type: "image", data: "blob:sha256:ab", mimeType: "image/png" },
      ],
    });
    expect(msgTokens(tr, len)).toBe(3 + IMAGE_TOKENS);
  });

  it("Scorel: thinking {text} and tool_call {toolName, args} in assistants; dropped from user messages (§9.1)", () => {
    const blocks = [
      { type: "thinking", text: "hmm" },
      { type: "text", text: "ok" },
      { type: "tool_call", toolCallId: "t1", toolName: "bash", args: { cmd: "ls" } },
    ];
    expect(msgTokens(assistant("ok", blocks), len)).toBe(2 + 3 + 4 + '{"cmd":"ls"}'.length);
    expect(msgTokens(msg("ok", { blocks }), len)).toBe(2);
  });

  it("Scorel: a tool_result's text is the provider text; images inside result.content count by the rule", () => {
    const block = {
      type: "tool_result",
      toolCallId: "t1",
      toolName: "shot",
      result: {
        content: [
          { type: "text", text: "png:" },
          { type: "image", data: "AAAA", mimeType: "image/png" },
        ],
      },
    };
    expect(msgTokens(msg("png:", { role: "tool_result", nativeRole: "tool_result", blocks: [block] }), len)).toBe(4 + IMAGE_TOKENS);
  });

  it("yoi: a tool_call item's text is its arguments, the name is added; reasoning is its text; attachments are images", () => {
    const call = msg('{"cmd":"ls"}', {
      role: "assistant",
      nativeRole: "tool_call",
      blocks: [{ kind: "tool_call", call_id: "c", name: "Bash", arguments: '{"cmd":"ls"}' }],
    });
    expect(msgTokens(call, len)).toBe('{"cmd":"ls"}'.length + "Bash".length);
    const reasoning = msg("why", { role: "assistant", nativeRole: "reasoning", blocks: [{ kind: "reasoning", text: "why", encrypted_content: "xxxxxxxx" }] });
    expect(msgTokens(reasoning, len)).toBe(3);
    const result = msg("ok\nbody", {
      role: "tool_result",
      nativeRole: "tool_result",
      blocks: [{ kind: "tool_result", call_id: "c", summary: "ok", content: "body", attachments: [{ kind: "image", mime_type: "image/png", data: "AAAA" }] }],
    });
    expect(msgTokens(result, len)).toBe(7 + IMAGE_TOKENS);
  });

  it("--tokens exact counts the same pieces with the BPE encoding", async () => {
    const c = await exactCounter();
    const m = assistant("Done.", [
      { type: "thinking", thinking: "plan the edit" },
      { type: "text", text: "Done." },
      { type: "toolCall", id: "c1", name: "read", arguments: { path: "src/a.ts" } },
    ]);
    expect(msgTokens(m, c)).toBe(c.count("Done.") + c.count("plan the edit") + c.count("read") + c.count('{"path":"src/a.ts"}'));
    expect(contextTokens("You are helpful.", [m], c)).toBe(c.count("You are helpful.") + msgTokens(m, c));
  });

  it("what a logged figure counts beyond the file: tool definitions, plus the system prompt when none is recorded", () => {
    expect(unrecordedIn(null)).toEqual(["systemPrompt", "toolDefinitions"]);
    expect(unrecordedIn("You are helpful.")).toEqual(["toolDefinitions"]);
  });
});

/** The recorded tool calls of one response, read from the file itself (not from the Msg). */
async function turnOf(path: string, index: number) {
  const s = await readSession(`${ROOT}/${path}`);
  if (!isSession(s)) throw new Error(path);
  const [t] = [...iterTurnViews(s, { scope: "all", turn: index })];
  return t as typeof t & { messages: Msg[] };
}

type B = Record<string, unknown>;
const bs = (m: Msg): B[] => m.blocks as B[];
const S = String;

describe("real fixtures: the estimate counts tool-call arguments and thinking", () => {
  const cases: Array<[path: string, turn: number, calls: (m: Msg) => string[]]> = [
    // pi: assistant toolCall blocks (before-compaction.jsonl line 16: thinking + a bash call)
    [
      "fixtures/pi/before-compaction.jsonl",
      6,
      (m) => bs(m).flatMap((b) => (b.type === "toolCall" ? [S(b.name), JSON.stringify(b.arguments)] : b.type === "thinking" ? [S(b.thinking)] : [])),
    ],
    [
      "fixtures/pi/omp17-interrupt-then-tool-reminder/session.jsonl",
      4,
      (m) => bs(m).flatMap((b) => (b.type === "toolCall" ? [S(b.name), JSON.stringify(b.arguments)] : [])),
    ],
    [
      "fixtures/scorel/valid/p5-session.jsonl",
      4,
      (m) =>
        m.role === "assistant"
          ? bs(m).flatMap((b) => (b.type === "tool_call" ? [S(b.toolName), JSON.stringify(b.args)] : b.type === "thinking" ? [S(b.text)] : []))
          : [],
    ],
    ["fixtures/yoi/seed-era-realistic.jsonl", 2, (m) => bs(m).flatMap((b) => (b.kind === "tool_call" ? [S(b.name)] : []))],
  ];
  it.each(cases)("%s turn %i", async (path, index, extra) => {
    const t = await turnOf(path, index);
    const pieces = t.messages.flatMap(extra);
    expect(pieces.length).toBeGreaterThan(0);
    const textOnly = t.messages.reduce((n, m) => n + charsPer4.count(m.text), t.systemPrompt ? charsPer4.count(t.systemPrompt) : 0);
    expect(t.tokens.estimated).toBe(textOnly + pieces.reduce((n, p) => n + charsPer4.count(p), 0));
    expect(t.tokens.estimator).toBe("chars/4 + 1600/image");
  });
});
