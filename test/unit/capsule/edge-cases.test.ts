import { describe, expect, it } from "vitest";
import {
  createCompactCapsule,
  renderCompactCapsulePrompt,
  restoreFromCapsule,
  tryCreateCompactCapsule,
  validateCompactCapsule,
} from "../../../src/capsule/index.js";
import type { CapsuleRestoredState } from "../../../src/capsule/types.js";
import { capsule, NOW, run, without } from "./builders.js";

function restored(c: unknown): CapsuleRestoredState {
  const r = restoreFromCapsule(c);
  if (!r.ok) throw new Error(`restore failed: ${r.message}`);
  return r.state;
}

describe("capsule.md §7 edge cases", () => {
  it("§7 case 1: empty run → empty arrays, null snapshot, passed gate, valid, not blocked", () => {
    const c = createCompactCapsule(run(), undefined, NOW);
    expect(JSON.parse(JSON.stringify(c))).toEqual({
      hardDenySummary: [],
      openQuestions: [],
      resumeSnapshot: null,
      currentGate: { passed: true, findings: [] },
      writeTransactions: [],
      sourceAnchors: [],
      traceId: "run-1",
      createdAt: "2026-01-02T03:04:05.678Z",
    });
    expect(c.stopHook).toBeUndefined();
    expect(validateCompactCapsule(c)).toEqual({ valid: true, missing: [], warnings: [] });
    const s = restored(c);
    expect(s).toMatchObject({ isBlocked: false, nextAction: "继续当前阶段任务", phase: "execute", resumeContext: null });
    expect(s.blockReason).toBeUndefined();
  });

  it("§7 case 2: gate failed with reason R", () => {
    const c = createCompactCapsule(run({ gate: { passed: false, reason: "R" } }), undefined, NOW);
    expect(c.hardDenySummary).toEqual(["R"]);
    expect(c.currentGate.findings).toEqual([{ severity: "hard-deny", policy: "gate-result", message: "R" }]);
    const s = restored(c);
    expect(s.isBlocked).toBe(true);
    expect(s.blockReason).toBe("存在 1 条 hard-deny");
    expect(s.nextAction).toBe("解决 hard-deny:R");
  });

  it("§7 case 3: gate failed without reason", () => {
    const c = createCompactCapsule(run({ gate: { passed: false } }), undefined, NOW);
    expect(c.hardDenySummary).toEqual([]);
    expect(c.currentGate.findings[0].message).toBe("门禁未通过");
    const s = restored(c);
    expect(s.isBlocked).toBe(false);
    expect(s.nextAction).toBe("修复门禁:门禁未通过");
  });

  it("§7 case 4: gate reason equal to snapshot gateReason is de-duplicated", () => {
    const c = createCompactCapsule(
      run({ gate: { passed: false, reason: "R" }, resumeSnapshot: { status: "closed", phase: "plan", nextAction: "x", gateReason: "R" } }),
      undefined,
      NOW,
    );
    expect(c.hardDenySummary).toEqual(["R"]);
  });

  it("§7 case 5: repair blocked with evidence E", () => {
    const c = createCompactCapsule(run({ repair: { status: "blocked", lastFailureEvidence: "E" } }), undefined, NOW);
    expect(c.hardDenySummary).toEqual(["修复阻断:E"]);
    expect(c.stopHook).toEqual({ type: "blocked", reason: "E" });
    const s = restored(c);
    expect(s.blockReason).toBe("存在 1 条 hard-deny");
    expect(s.nextAction).toBe("处理 Stop Hook:blocked — E");
  });

  it("§7 case 6: repair blocked without evidence", () => {
    const c = createCompactCapsule(run({ repair: { status: "blocked" } }), undefined, NOW);
    expect(c.hardDenySummary).toEqual([]);
    expect(c.stopHook).toEqual({ type: "blocked", reason: "修复阻断" });
    expect(restored(c).blockReason).toBe("Stop Hook 触发:blocked — 修复阻断");
  });

  it("§7 case 7: blocking question with a snapshot that is not open → null snapshot, warning #9, blocked by question", () => {
    const c = createCompactCapsule(
      run({
        questions: [{ id: "q1", question: "Which DB?", blocking: true, phase: "plan", status: "open" }],
        resumeSnapshot: { status: "closed", phase: "plan", nextAction: "ask" },
      }),
      undefined,
      NOW,
    );
    expect(c.resumeSnapshot).toBeNull();
    expect(validateCompactCapsule(c).warnings).toEqual(["存在 blocking question 但无 resumeSnapshot,恢复后可能丢失处理断点"]);
    const s = restored(c);
    expect(s.isBlocked).toBe(true);
    expect(s.blockReason).toBe("存在 1 个 blocking question 未回答");
    expect(s.nextAction).toBe("回答 blocking question:q1 — Which DB?");
  });

  it("§7 case 8: a non-blocking open question is rendered without [BLOCKING] but ignored by restore", () => {
    const c = capsule({ openQuestions: [{ id: "q2", question: "Nice to have?", blocking: false, phase: "plan" }] });
    const r = renderCompactCapsulePrompt(c);
    expect(r.ok && r.text).toContain("### 未回答问题\n- q2:Nice to have?");
    const s = restored(c);
    expect(s.pendingQuestions).toEqual([]);
    expect(s.isBlocked).toBe(false);
    expect(s.resumeContext).toBeNull();
  });

  it("§7 case 9: planned write without anchors warns; blocked write without anchors does not", () => {
    const planned = capsule({ writeTransactions: [{ id: "w1", path: "src/a.ts", status: "planned" }] });
    expect(validateCompactCapsule(planned).warnings).toEqual(["存在 planned 写入事务但无 source anchor,恢复后写入校验可能失败"]);
    expect(restored(planned).pendingWriteTransactions).toEqual([{ id: "w1", path: "src/a.ts", status: "planned" }]);
    const blocked = capsule({ writeTransactions: [{ id: "w2", path: "src/b.ts", status: "blocked" }] });
    expect(validateCompactCapsule(blocked).warnings).toEqual([]);
    expect(restored(blocked).pendingWriteTransactions).toHaveLength(1);
  });

  it("§7 case 10: a blank hard-deny line", () => {
    const s = restored(capsule({ hardDenySummary: ["  "] }));
    expect(s.isBlocked).toBe(false);
    expect(s.activeHardDenies).toEqual([]);
    expect(s.resumeContext).toBe("1 条 hard-deny 待处理");
    expect(s.nextAction).toBe("解决 hard-deny:  ");
  });

  it("§7 case 11: stopHook null is valid, blocked, without blockReason, nextAction falls through", () => {
    const c = capsule({ stopHook: null as never });
    expect(validateCompactCapsule(c).valid).toBe(true);
    const s = restored(c);
    expect(s.isBlocked).toBe(true);
    expect(s.blockReason).toBeUndefined();
    expect(s.nextAction).toBe("继续当前阶段任务");
  });

  it('§7 case 12: traceId "" is invalid and restore throws (returned as data)', () => {
    const c = createCompactCapsule(run(), "", NOW);
    expect(c.traceId).toBe("");
    expect(validateCompactCapsule(c)).toEqual({ valid: false, missing: ["traceId"], warnings: [] });
    expect(restoreFromCapsule(c)).toEqual({ ok: false, upstreamThrows: true, errorName: "Error", message: "CompactCapsule 校验失败,缺失字段:traceId" });
  });

  it("§7 case 13: currentGate null with hard denies → two missing labels", () => {
    const v = validateCompactCapsule(capsule({ currentGate: null as never, hardDenySummary: ["R"] }));
    expect(v.missing).toEqual(["currentGate", "currentGate (hard deny 存在但 gate 状态缺失)"]);
    expect(v.valid).toBe(false);
  });

  it("§7 case 14: openQuestions absent → the upstream validation throws a TypeError", () => {
    const v = validateCompactCapsule(without(capsule(), "openQuestions"));
    expect(v.upstreamThrows).toBe(true);
    expect(v).toMatchObject({
      valid: false,
      missing: ["openQuestions"],
      errorName: "TypeError",
      message: "Cannot read properties of undefined (reading 'filter')",
    });
    const r = restoreFromCapsule(without(capsule(), "openQuestions"));
    expect(r).toMatchObject({ ok: false, upstreamThrows: true, errorName: "TypeError" });
  });

  it("§7 case 15: a fileHash shorter than 12 chars is printed whole", () => {
    const r = renderCompactCapsulePrompt(
      capsule({
        sourceAnchors: [
          { path: "src/a.ts", fileHash: "abc", refCount: 2 },
          { path: "b", fileHash: "0123456789abcdef", refCount: 1 },
        ],
      }),
    );
    expect(r.ok && r.text).toContain("### 源码锚点\n- src/a.ts:2 anchors,fileHash=abc\n- b:1 anchors,fileHash=0123456789ab");
  });

  it("§7 case 16: repair blocked with empty evidence", () => {
    const c = createCompactCapsule(run({ repair: { status: "blocked", lastFailureEvidence: "" } }), undefined, NOW);
    expect(c.hardDenySummary).toEqual([]);
    expect(c.stopHook).toEqual({ type: "blocked", reason: "" });
    const s = restored(c);
    expect(s.isBlocked).toBe(true);
    expect(s.blockReason).toBe("Stop Hook 触发:blocked — ");
  });

  it("§7 case 17: JSON round trip drops undefined keys, keeps resumeSnapshot null, restores identically", () => {
    const c = createCompactCapsule(
      run({ questions: [{ id: "q", question: "?", blocking: true, phase: "p", status: "open" }], gate: { passed: false, reason: "G" } }),
      "t",
      NOW,
    );
    expect(Object.hasOwn(c, "stopHook") && Object.hasOwn(c, "completionPromiseId")).toBe(true);
    const parsed = JSON.parse(JSON.stringify(c));
    expect(Object.hasOwn(parsed, "stopHook")).toBe(false);
    expect(Object.hasOwn(parsed, "completionPromiseId")).toBe(false);
    expect(parsed.resumeSnapshot).toBeNull();
    expect(restoreFromCapsule(parsed)).toEqual(restoreFromCapsule(c));
  });
});

describe("capsule.md §3 construction details", () => {
  it("§3: keys in upstream order, optional keys present as undefined", () => {
    const c = createCompactCapsule(run(), "t", NOW);
    expect(Object.keys(c)).toEqual([
      "hardDenySummary",
      "openQuestions",
      "resumeSnapshot",
      "currentGate",
      "writeTransactions",
      "sourceAnchors",
      "completionPromiseId",
      "stopHook",
      "traceId",
      "createdAt",
    ]);
    expect(Object.keys(c.currentGate)).toEqual(["passed", "reason", "findings"]);
  });
  it("§3: traceId null/undefined → run.id; open questions projected; anchors count refs", () => {
    const c = createCompactCapsule(
      run({
        questions: [
          { id: "a", question: "A?", blocking: true, phase: "plan", status: "open" },
          { id: "b", question: "B?", blocking: true, phase: "plan", status: "answered" },
        ],
        writeTransactions: [{ id: "w", path: "p", status: "written" }],
        sourceAnchors: [{ path: "s.ts", fileHash: "h", refs: [1, 2, 3] }],
        resumeSnapshot: { status: "open", phase: "exec", nextAction: "go", pendingQuestionId: "a" },
      }),
      null,
      NOW,
    );
    expect(c.traceId).toBe("run-1");
    expect(c.openQuestions).toEqual([{ id: "a", question: "A?", blocking: true, phase: "plan" }]);
    expect(c.sourceAnchors).toEqual([{ path: "s.ts", fileHash: "h", refCount: 3 }]);
    expect(c.resumeSnapshot).toEqual({ phase: "exec", nextAction: "go", pendingQuestionId: "a" });
    expect(c.writeTransactions).toEqual([{ id: "w", path: "p", status: "written" }]);
  });
  it("§3: malformed questions (not an array) are ignored; a passed gate has no findings", () => {
    const c = createCompactCapsule(run({ questions: "x" as never, gate: { passed: true, reason: "fine" } }), undefined, NOW);
    expect(c.openQuestions).toEqual([]);
    expect(c.currentGate).toEqual({ passed: true, reason: "fine", findings: [] });
    expect(c.hardDenySummary).toEqual([]);
  });
  it("tryCreateCompactCapsule returns the upstream TypeError for a malformed run", () => {
    expect(tryCreateCompactCapsule({ id: "r", sourceAnchors: [{ path: "p", fileHash: "h" }] }, undefined, NOW)).toMatchObject({
      ok: false,
      upstreamThrows: true,
      errorName: "TypeError",
    });
    expect(tryCreateCompactCapsule({ id: "r" }, undefined, NOW)).toMatchObject({ ok: true });
  });
});
