import { describe, expect, it } from "vitest";
import { renderCompactCapsulePrompt } from "../../../src/capsule/index.js";
import { capsule, without } from "./builders.js";

const RULES = [
  "### 恢复后规则",
  "- 存在 hard-deny 时不得绕过,必须修复状态或补证据",
  "- 存在 blocking question 时唯一动作是回答或修订事实",
  "- 写入事务必须重新校验 source anchor 后才能继续",
  "- 不能凭记忆恢复 facts/evidence,必须从 run 状态读取",
];
const text = (c: unknown) => {
  const r = renderCompactCapsulePrompt(c);
  if (!r.ok) throw new Error(r.message);
  return r.text;
};

describe("capsule.md §6 rendering", () => {
  it("§6 rows 1, 5, 10: a minimal capsule", () => {
    expect(text(capsule())).toBe(
      ["## Compact Capsule(上下文压缩恢复)", "", "Trace ID:trace-1", "创建时间:2026-01-02T03:04:05.678Z", "", "### 门禁状态", "通过:是", "", ...RULES].join(
        "\n",
      ),
    );
  });
  it("§6 rows 1–10: every section in fixed order, no trailing newline", () => {
    const out = text(
      capsule({
        hardDenySummary: ["R1", ""],
        openQuestions: [
          { id: "q1", question: "Which?", blocking: true, phase: "p" },
          { id: "q2", question: "Maybe?", blocking: false, phase: "p" },
        ],
        resumeSnapshot: { phase: "plan", nextAction: "ask", pendingQuestionId: "q1" },
        currentGate: { passed: false, reason: "G", findings: [{ severity: "hard-deny", policy: "gate-result", message: "G" }] },
        writeTransactions: [{ id: "w1", path: "src/a.ts", status: "planned" }],
        sourceAnchors: [{ path: "src/a.ts", fileHash: "0123456789abcdef", refCount: 3 }],
        completionPromiseId: "cp-1",
        stopHook: { type: "blocked", reason: "E" },
      }),
    );
    expect(out).toBe(
      [
        "## Compact Capsule(上下文压缩恢复)",
        "",
        "Trace ID:trace-1",
        "创建时间:2026-01-02T03:04:05.678Z",
        "",
        "### Hard Deny(活跃阻断)",
        "- R1",
        "- ",
        "",
        "### 未回答问题",
        "- q1 [BLOCKING]:Which?",
        "- q2:Maybe?",
        "",
        "### 恢复断点",
        "阶段:plan",
        "下一动作:ask",
        "待处理问题:q1",
        "",
        "### 门禁状态",
        "通过:否",
        "原因:G",
        "Findings:",
        "- [hard-deny] gate-result:G",
        "",
        "### 写入事务",
        "- w1 src/a.ts [planned]",
        "",
        "### 源码锚点",
        "- src/a.ts:3 anchors,fileHash=0123456789ab",
        "",
        "### Completion Promise:cp-1",
        "",
        "### Stop Hook",
        "类型:blocked",
        "原因:E",
        "",
        ...RULES,
      ].join("\n"),
    );
    expect(out.endsWith("\n")).toBe(false);
  });
  it("§6: missing scalars print literally as undefined (no validation)", () => {
    expect(text(without(capsule(), "traceId"))).toContain("Trace ID:undefined\n");
    expect(text(capsule({ resumeSnapshot: { phase: "p" } as never }))).toContain("下一动作:undefined");
  });
  it("§6: throws (as data) when currentGate or its findings are missing", () => {
    expect(renderCompactCapsulePrompt(without(capsule(), "currentGate"))).toMatchObject({
      ok: false,
      upstreamThrows: true,
      errorName: "TypeError",
      message: "Cannot read properties of undefined (reading 'passed')",
    });
    expect(renderCompactCapsulePrompt(capsule({ currentGate: { passed: true } as never }))).toMatchObject({
      ok: false,
      message: "Cannot read properties of undefined (reading 'length')",
    });
  });
  it("§6: throws (as data) when a fileHash is not a string", () => {
    expect(renderCompactCapsulePrompt(capsule({ sourceAnchors: [{ path: "a", fileHash: 42, refCount: 1 } as never] }))).toMatchObject({
      ok: false,
      message: "a.fileHash.slice is not a function",
    });
  });
});
