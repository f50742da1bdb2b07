// Lowering to Msg (design §5) with provider text per strings.md §2.1 (pi), §2.2–2.5 (omp17), §2.4 notices.
import { describe, expect, it } from "vitest";
import { buildPiContext } from "../../../../src/formats/pi/context.js";
import { cachedMsg, msgCacheOf, piToMsgs, toMsg } from "../../../../src/formats/pi/lower.js";
import type { PiSession } from "../../../../src/formats/pi/model.js";
import type { AgentMessage } from "../../../../src/formats/pi/messages.js";
import { formatBytes, formatOutputNotice } from "../../../../src/formats/pi/output-notice.js";
import { parseFixture } from "./helpers.js";

const m = (o: Record<string, unknown>) => o as AgentMessage;
const pi = (o: Record<string, unknown>) => toMsg(m(o), ["e1"], "pi", false);
const v17 = (o: Record<string, unknown>, interruptedNext = false) => toMsg(m(o), ["e1"], "omp17", interruptedNext);
const SUMMARY = "## Goal\n\n\nShip it.   \n| a |  b |";

describe("strings.md §2.1 pi baseline", () => {
  it("§2.1 compactionSummary: user, PREFIX + summary + SUFFIX, no format pass; blocks = raw summary", () => {
    const x = pi({ role: "compactionSummary", summary: SUMMARY, tokensBefore: 5, timestamp: 1 });
    expect(x).toEqual({
      role: "user",
      nativeRole: "compactionSummary",
      text: `The conversation history before this point was compacted into the following summary:\n\n<summary>\n${SUMMARY}\n</summary>`,
      blocks: [{ type: "text", text: SUMMARY }],
      summary: SUMMARY,
      sourceIds: ["e1"],
      reminders: [],
    });
  });

  it('§2.1 branchSummary: BRANCH_PREFIX + summary + "</summary>" with no newline before the closing tag', () => {
    expect(pi({ role: "branchSummary", summary: "S", fromId: "x", timestamp: 1 }).text).toBe(
      "The following is a summary of a branch that this conversation came back from:\n\n<summary>\nS</summary>",
    );
  });

  it("§2.1 custom becomes user with normalised content; toolResult → tool_result", () => {
    expect(pi({ role: "custom", customType: "x", content: "hi", display: true, timestamp: 1 })).toMatchObject({
      role: "user",
      nativeRole: "custom",
      text: "hi",
      blocks: [{ type: "text", text: "hi" }],
    });
    expect(
      pi({
        role: "toolResult",
        toolCallId: "t",
        toolName: "bash",
        content: [
          { type: "text", text: "a" },
          { type: "image", data: "x", mimeType: "image/png" },
          { type: "text", text: "b" },
        ],
        isError: false,
        timestamp: 1,
      }),
    ).toMatchObject({
      role: "tool_result",
      text: "a\nb",
    });
  });

  it("§2.1 bashExecution text: output, cancelled, exit code, truncation notice; excluded from context", () => {
    const base = { role: "bashExecution", command: "ls", timestamp: 1 };
    expect(pi({ ...base, output: "a\nb", exitCode: 0, cancelled: false, truncated: false }).text).toBe("Ran `ls`\n```\na\nb\n```");
    expect(pi({ ...base, output: "", exitCode: 2, cancelled: false, truncated: false }).text).toBe("Ran `ls`\n(no output)\n\nCommand exited with code 2");
    expect(pi({ ...base, output: "x", exitCode: 1, cancelled: true, truncated: false }).text).toBe("Ran `ls`\n```\nx\n```\n\n(command cancelled)");
    expect(pi({ ...base, output: "x", exitCode: null, cancelled: false, truncated: true, fullOutputPath: "/tmp/o" }).text).toBe(
      "Ran `ls`\n```\nx\n```\n\n[Output truncated. Full output: /tmp/o]",
    );
    expect(pi({ ...base, output: "x", exitCode: 0, cancelled: false, truncated: false, excludeFromContext: true })).toMatchObject({ role: "user", text: "" });
  });

  it("§9 the real fixture's truncated bashExecution lowers with its full-output notice", () => {
    const s = parseFixture("before-compaction.jsonl");
    const e = s.entries.find((x) => (x.raw.message as Record<string, unknown> | undefined)?.fullOutputPath)!;
    const msg = pi(e.raw.message as Record<string, unknown>);
    expect(msg.text.endsWith(`\n\n[Output truncated. Full output: ${(e.raw.message as Record<string, string>).fullOutputPath}]`)).toBe(true);
  });
});

describe("strings.md §2.2–2.3 omp17", () => {
  it("§2.3 compaction summary: template, format pass on the summary (vector)", () => {
    expect(v17({ role: "compactionSummary", summary: SUMMARY, tokensBefore: 5, timestamp: 1 })).toMatchObject({
      role: "user",
      text: "Prior model work/tool state available.\nMUST build on prior work; NEVER duplicate prior work.\n\n<summary>\n## Goal\nShip it.\n|a|b|\n</summary>",
      blocks: [{ type: "text", text: SUMMARY }],
      summary: SUMMARY,
    });
  });

  it("§2.3 branch summary: template with \\n before </summary>", () => {
    expect(v17({ role: "branchSummary", summary: "S  \n\n\nT", fromId: "x", timestamp: 1 }).text).toBe("Branch-return summary:\n\n<summary>\nS\nT\n</summary>");
  });

  it("§2.3 custom: developer by default (ttsr-injection, interrupted-thinking)", () => {
    expect(
      v17({ role: "custom", customType: "ttsr-injection", content: "<system-interrupt x>", display: false, attribution: "agent", timestamp: 1 }),
    ).toMatchObject({ role: "developer", text: "<system-interrupt x>" });
    expect(v17({ role: "custom", customType: "interrupted-thinking", content: "n", display: false, timestamp: 1 }).role).toBe("developer");
  });

  it("§2.3 collab-prompt with attribution user is a steering wrap (user); skill-prompt with user is user, with agent developer", () => {
    expect(
      v17({ role: "custom", customType: "collab-prompt", content: "use  yarn\n\n\nnot npm", attribution: "user", display: true, timestamp: 1 }),
    ).toMatchObject({
      role: "user",
      text: "<system-notice>\nUser interjection during work: priority; supersedes conflicting prior instructions. Re-read; ensure current work reflects user intent.\n</system-notice>\nuse  yarn\nnot npm",
    });
    expect(v17({ role: "custom", customType: "collab-prompt", content: "", attribution: "user", display: true, timestamp: 1 })).toMatchObject({
      role: "user",
      text: "",
    });
    expect(v17({ role: "custom", customType: "skill-prompt", content: "do it", attribution: "user", display: true, timestamp: 1 })).toMatchObject({
      role: "user",
      text: "do it",
    });
    expect(v17({ role: "custom", customType: "skill-prompt", content: "do it", attribution: "agent", display: true, timestamp: 1 }).role).toBe("developer");
  });

  it("§2.3 image-bearing custom: developer text plus 'Images attached to <type>.'", () => {
    const img = { type: "image", data: "x", mimeType: "image/png" };
    expect(v17({ role: "custom", customType: "shot", content: [{ type: "text", text: "look" }, img], display: true, timestamp: 1 })).toMatchObject({
      role: "developer",
      text: "look\nImages attached to shot.",
    });
    expect(v17({ role: "custom", customType: "shot", content: [img], display: true, timestamp: 1 })).toMatchObject({
      role: "user",
      text: "Images attached to shot.",
    });
  });

  it("§2.3 content that is neither string nor array gives no text", () => {
    expect(v17({ role: "custom", customType: "x", content: 5, display: true, timestamp: 1 }).text).toBe("");
  });

  it("§2.3 steering user messages are wrapped (string and array content); empty text is left alone", () => {
    const wrapped =
      "<system-notice>\nUser interjection during work: priority; supersedes conflicting prior instructions. Re-read; ensure current work reflects user intent.\n</system-notice>\nuse  yarn\nnot npm";
    expect(v17({ role: "user", content: "use  yarn\n\n\nnot npm", steering: true, timestamp: 1 }).text).toBe(wrapped);
    expect(
      v17({
        role: "user",
        content: [
          { type: "text", text: "use  yarn" },
          { type: "text", text: "\n\nnot npm" },
        ],
        steering: true,
        timestamp: 1,
      }).text,
    ).toBe(wrapped);
    expect(v17({ role: "user", content: "", steering: true, timestamp: 1 }).text).toBe("");
    expect(pi({ role: "user", content: "plain", steering: true, timestamp: 1 }).text).toBe("plain");
  });

  it("§2.3 fileMention: text files → developer, joined with \\n, no wrapper; image files → user", () => {
    expect(v17({ role: "fileMention", files: [{ path: "a.md", content: "A" }, { path: "b.md" }], timestamp: 1 })).toMatchObject({
      role: "developer",
      text: '<file path="a.md">\nA\n</file>\n<file path="b.md">\n</file>',
    });
    expect(v17({ role: "fileMention", files: [{ path: "p.png", image: { type: "image", data: "x", mimeType: "image/png" } }], timestamp: 1 })).toMatchObject({
      role: "user",
      text: '<file path="p.png">\n</file>',
    });
  });

  it('§2.2 toolResult pruning: text blocks joined with "" or [Output truncated]', () => {
    expect(
      v17({
        role: "toolResult",
        toolCallId: "t",
        toolName: "x",
        content: [
          { type: "text", text: "a" },
          { type: "text", text: "b" },
        ],
        prunedAt: 5,
        isError: false,
        timestamp: 1,
      }).text,
    ).toBe("ab");
    expect(v17({ role: "toolResult", toolCallId: "t", toolName: "x", content: [], prunedAt: 5, isError: false, timestamp: 1 }).text).toBe("[Output truncated]");
  });

  it("§2.2 bash and python executions with formatOutputNotice", () => {
    const meta = {
      truncation: { totalLines: 900, outputLines: 100, shownRange: { start: 1, end: 100 }, truncatedBy: "lines", nextOffset: 101, artifactId: "a1" },
    };
    expect(
      v17({ role: "bashExecution", command: "ls", output: "x", exitCode: 0, cancelled: false, truncated: true, fullOutputPath: "/p", meta, timestamp: 1 }).text,
    ).toBe("Ran `ls`\n```\nx\n```\n\n[Showing lines 1-100 of 900. Use :101 to continue. Read artifact://a1 for full output]");
    expect(v17({ role: "pythonExecution", code: "print(1)", output: "", exitCode: 3, cancelled: false, timestamp: 1 }).text).toBe(
      "Ran Python:\n```python\nprint(1)\n```\n(no output)\n\nExecution failed with code 3",
    );
  });

  it("§2.5 an assistant followed by interrupted-thinking loses the trailing unsigned thinking run (provider view only)", () => {
    const a = {
      role: "assistant",
      content: [
        { type: "text", text: "before" },
        { type: "thinking", thinking: "signed", thinkingSignature: "s" },
        { type: "thinking", thinking: "half" },
        { type: "text", text: "  " },
      ],
      stopReason: "aborted",
      timestamp: 1,
    };
    expect(v17(a, true).text).toBe("before");
    expect(v17(a, true).blocks).toHaveLength(4);
    expect(v17(a, false).text).toBe("before\n  ");
  });
});

describe("strings.md §2.4 formatOutputNotice", () => {
  it("§2.4 test vector", () => {
    expect(
      formatOutputNotice({
        truncation: { totalLines: 900, outputLines: 100, shownRange: { start: 1, end: 100 }, truncatedBy: "lines", nextOffset: 101, artifactId: "a1" },
      }),
    ).toBe("\n\n[Showing lines 1-100 of 900. Use :101 to continue. Read artifact://a1 for full output]");
  });

  it("§2.4 bytes, limits, column truncation, middle elision, no meta", () => {
    expect(formatOutputNotice(undefined)).toBe("");
    expect(formatOutputNotice({ truncation: { totalLines: 10, outputLines: 4, truncatedBy: "bytes", maxBytes: 2048 } })).toBe(
      "\n\n[Showing 4 of 10 lines (2.0KB limit)]",
    );
    expect(
      formatOutputNotice({
        limits: { matchLimit: { reached: 50, suggestion: 100 }, resultLimit: { reached: 5, suggestion: 10 }, columnTruncated: { maxColumn: 80 } },
      }),
    ).toBe("\n\n[50 matches limit reached. Use limit=100 for more. 5 results limit reached. Use limit=10 for more. Some lines truncated to 80 chars]");
    expect(
      formatOutputNotice({
        truncation: {
          direction: "middle",
          headRange: { start: 1, end: 5 },
          tailRange: { start: 96, end: 100 },
          totalLines: 100,
          outputLines: 10,
          elidedLines: 1,
          elidedBytes: 10,
        },
      }),
    ).toBe("\n\n[Showing lines 1-5 and 96-100 of 100; 1 middle line (10B) elided]");
    expect(formatBytes(1536)).toBe("1.5KB");
    expect(formatBytes(3 * 1024 * 1024)).toBe("3.0MB");
  });
});

describe("design §5 reminders and source ids", () => {
  it("per-tool TTSR reminders in tool results and ttsr-injection custom messages become reminders", () => {
    const s = parseFixture("omp17-written-tool-reminder.jsonl");
    const msgs = piToMsgs(s, buildPiContext(s, undefined));
    expect(msgs.map((x) => [x.role, x.nativeRole, x.sourceIds, x.reminders])).toEqual([
      ["user", "user", ["f52234d4"], []],
      ["assistant", "assistant", ["c9a0345b"], []],
      ["tool_result", "toolResult", ["aca8be7e"], [{ kind: "ttsr", origin: "rule:no-any", sourceId: "aca8be7e" }]],
      ["developer", "custom", ["34044101"], [{ kind: "ttsr", origin: "rule:r1", sourceId: "34044101" }]],
    ]);
    expect(msgs[2].text).toBe('<system-reminder reason="rule_violation" rule="no-any" path=".omp/rules/no-any.md">\n...\n</system-reminder>\nok');
  });

  it("messages without reminders share one empty list, which stays empty; each with reminders has its own", () => {
    const s = parseFixture("omp17-written-tool-reminder.jsonl");
    const msgs = piToMsgs(s, buildPiContext(s, undefined));
    const none = msgs.filter((x) => x.reminders.length === 0);
    expect(none).toHaveLength(2);
    expect(none[0].reminders).toBe(none[1].reminders);
    const some = msgs.filter((x) => x.reminders.length > 0);
    expect(some.map((x) => x.reminders)).not.toContain(none[0].reminders);
    expect(some[0].reminders).not.toBe(some[1].reminders);
  });

  it("the same session under profile pi: the custom message goes as user", () => {
    const s = parseFixture("omp17-written-tool-reminder.jsonl", "pi");
    expect(piToMsgs(s, buildPiContext(s, undefined)).map((x) => x.role)).toEqual(["user", "assistant", "tool_result", "user"]);
  });

  it("the real interrupt fixture: reminders for the interrupt and the tool reminder", () => {
    const s = parseFixture("omp17-interrupt-then-tool-reminder/session.jsonl");
    const msgs = piToMsgs(s, buildPiContext(s, undefined));
    expect(msgs.flatMap((x) => x.reminders)).toEqual([
      { kind: "ttsr", origin: "rule:no-ts-ignore", sourceId: "00000004" },
      { kind: "ttsr", origin: "rule:no-sudo", sourceId: "0000000c" },
    ]);
  });
});

describe("cachedMsg: one Msg per message, profile, interrupted flag and source ids", () => {
  it("returns the same Msg for the same arguments and a distinct one when any of them differs", () => {
    const msg = m({ role: "assistant", content: [{ type: "text", text: "hi" }] });
    const a = cachedMsg(msg, ["e1"], "pi", false);
    expect(cachedMsg(msg, ["e1"], "pi", false)).toBe(a);
    // Equal ids in another array are the same key.
    expect(cachedMsg(msg, ["e" + "1"], "pi", false)).toBe(a);
    const others = [
      cachedMsg(msg, ["e1"], "omp17", false),
      cachedMsg(msg, ["e1"], "omp17", true),
      cachedMsg(msg, ["e2"], "pi", false),
      cachedMsg(msg, ["e1", "e2"], "pi-1.5", false),
    ];
    expect(new Set([a, ...others]).size).toBe(5);
    // Each one is found again (the first inline, the others by key), and equals toMsg.
    expect(cachedMsg(msg, ["e1"], "omp17", true)).toBe(others[1]);
    expect(cachedMsg(msg, ["e1", "e2"], "pi-1.5", false)).toBe(others[3]);
    expect(others[3]).toEqual(toMsg(msg, ["e1", "e2"], "pi-1.5", false));
    expect(cachedMsg(msg, ["e1"], "pi", false)).toBe(a);
  });

  it('keeps ids that hold commas apart (a joined key would merge ["a,b"] and ["a", "b"])', () => {
    const msg = m({ role: "user", content: "x" });
    const joined = cachedMsg(msg, ["x"], "pi", false);
    const one = cachedMsg(msg, ["a,b"], "pi", false);
    const two = cachedMsg(msg, ["a", "b"], "pi", false);
    expect(new Set([joined, one, two]).size).toBe(3);
    expect(one.sourceIds).toEqual(["a,b"]);
    expect(two.sourceIds).toEqual(["a", "b"]);
  });
});

describe("cachedMsg with a session's cache (msgCacheOf)", () => {
  it("one Msg per message within a session's cache, apart from the shared cache and other sessions' caches", () => {
    const msg = { role: "user", content: "hi", timestamp: 1 } as unknown as AgentMessage;
    const s1 = {} as PiSession;
    const s2 = {} as PiSession;
    const c1 = msgCacheOf(s1);
    expect(msgCacheOf(s1)).toBe(c1);
    const a = cachedMsg(msg, ["e1"], "pi", false, c1);
    expect(cachedMsg(msg, ["e1"], "pi", false, msgCacheOf(s1))).toBe(a);
    expect(cachedMsg(msg, ["e1", "e2"], "pi-1.5", false, c1)).not.toBe(a);
    const b = cachedMsg(msg, ["e1"], "pi", false, msgCacheOf(s2));
    expect(b).not.toBe(a);
    expect(b).toEqual(a);
    expect(cachedMsg(msg, ["e1"], "pi", false)).not.toBe(a);
  });
});

describe("piToMsgs keeps its Msgs in the session's cache", () => {
  it("the same context lowers to the very same Msgs; the same file parsed again to equal, other ones", () => {
    const s = parseFixture("omp17-written-tool-reminder.jsonl");
    const leaf = s.tree.activeLeafId;
    const ctx = buildPiContext(s, leaf);
    const a = piToMsgs(s, ctx);
    expect(a.length).toBeGreaterThan(1);
    const b = piToMsgs(s, ctx);
    for (const [i, x] of b.entries()) expect(x).toBe(a[i]);
    const again = parseFixture("omp17-written-tool-reminder.jsonl");
    const c = piToMsgs(again, buildPiContext(again, leaf));
    expect(c).toEqual(a);
    expect(c[0]).not.toBe(a[0]);
  });
});
