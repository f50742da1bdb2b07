import { describe, expect, it } from "vitest";
import { restoreFromCapsule } from "../../../src/capsule/index.js";
import type { CapsuleRestoredState } from "../../../src/capsule/types.js";
import { capsule } from "./builders.js";

const q = (id: string, blocking: boolean) => ({ id, question: `${id}?`, blocking, phase: "p" });
function restored(c: unknown): CapsuleRestoredState {
  const r = restoreFromCapsule(c);
  if (!r.ok) throw new Error(r.message);
  return r.state;
}

describe("capsule.md §5 restore", () => {
  it('§5.1: the failure message joins all missing labels with ", "', () => {
    expect(restoreFromCapsule({ hardDenySummary: [], openQuestions: [], writeTransactions: [] })).toEqual({
      ok: false,
      upstreamThrows: true,
      errorName: "Error",
      message: "CompactCapsule 校验失败,缺失字段:traceId, createdAt, currentGate, sourceAnchors",
    });
    // {} crashes inside validation (#8) before restore can word its own error.
    expect(restoreFromCapsule({})).toMatchObject({
      ok: false,
      upstreamThrows: true,
      errorName: "TypeError",
      message: "Cannot read properties of undefined (reading 'length')",
    });
  });
  it("§5.2–5.5: pending questions, active denies, pending writes, stale anchors", () => {
    const anchors = [{ path: "a", fileHash: "h", refCount: 1 }];
    const s = restored(
      capsule({
        openQuestions: [q("a", true), q("b", false)],
        hardDenySummary: ["X", " ", "Y"],
        writeTransactions: [
          { id: "1", path: "p1", status: "planned" },
          { id: "2", path: "p2", status: "blocked" },
          { id: "3", path: "p3", status: "written" },
          { id: "4", path: "p4", status: "verified" },
        ],
        sourceAnchors: anchors,
      }),
    );
    expect(s.pendingQuestions.map((x) => x.id)).toEqual(["a"]);
    expect(s.activeHardDenies).toEqual(["X", "Y"]);
    expect(s.pendingWriteTransactions.map((t) => t.id)).toEqual(["1", "2"]);
    expect(s.staleSourceAnchors).toEqual(anchors);
  });
  it("§5.7: blockReason ranks hard-deny above blocking question above stop hook", () => {
    const hook = { type: "stuck" as const, reason: "loop" };
    expect(restored(capsule({ hardDenySummary: ["R", "S"], openQuestions: [q("a", true)], stopHook: hook })).blockReason).toBe("存在 2 条 hard-deny");
    expect(restored(capsule({ openQuestions: [q("a", true), q("b", true)], stopHook: hook })).blockReason).toBe("存在 2 个 blocking question 未回答");
    expect(restored(capsule({ stopHook: hook })).blockReason).toBe("Stop Hook 触发:stuck — loop");
  });
  it("§5.9: nextAction ranks stop hook first (inconsistent with blockReason, kept)", () => {
    const s = restored(capsule({ hardDenySummary: ["R"], stopHook: { type: "unsafe", reason: "rm" } }));
    expect(s.blockReason).toBe("存在 1 条 hard-deny");
    expect(s.nextAction).toBe("处理 Stop Hook:unsafe — rm");
  });
  it("§5.9.2–3: hard deny (raw first entry) before blocking question", () => {
    expect(restored(capsule({ hardDenySummary: ["", "R"], openQuestions: [q("a", true)] })).nextAction).toBe("解决 hard-deny:");
    expect(restored(capsule({ openQuestions: [q("b", false), q("a", true)] })).nextAction).toBe("回答 blocking question:a — a?");
  });
  it("§5.9.4: resume snapshot nextAction verbatim, even empty", () => {
    expect(restored(capsule({ resumeSnapshot: { phase: "verify", nextAction: "" } })).nextAction).toBe("");
    expect(restored(capsule({ resumeSnapshot: { phase: "verify", nextAction: "run tests" } })).nextAction).toBe("run tests");
  });
  it("§5.9.5: failed gate; an empty reason stays empty", () => {
    expect(restored(capsule({ currentGate: { passed: false, reason: "", findings: [] } })).nextAction).toBe("修复门禁:");
    expect(restored(capsule({ currentGate: { passed: false, findings: [] } })).nextAction).toBe("修复门禁:门禁未通过");
  });
  it("§5 inconsistency: a failed gate with hard-deny findings alone never sets isBlocked", () => {
    const s = restored(capsule({ currentGate: { passed: false, reason: "G", findings: [{ severity: "hard-deny", policy: "gate-result", message: "G" }] } }));
    expect(s.isBlocked).toBe(false);
    expect(s.blockReason).toBeUndefined();
  });
  it("§5.8: resumeContext parts joined with ';'", () => {
    const s = restored(capsule({ resumeSnapshot: { phase: "plan", nextAction: "ask" }, openQuestions: [q("a", true)], hardDenySummary: ["R", "  "] }));
    expect(s.resumeContext).toBe("阶段 plan,下一动作:ask;1 个 blocking question 待回答;2 条 hard-deny 待处理");
  });
  it("§5.10: phase from the snapshot, else execute", () => {
    expect(restored(capsule({ resumeSnapshot: { phase: "verify", nextAction: "x" } })).phase).toBe("verify");
    expect(restored(capsule()).phase).toBe("execute");
  });
  it("§5: restore crashes on members validation does not check (returned as data)", () => {
    expect(restoreFromCapsule(capsule({ hardDenySummary: [5 as never] }))).toMatchObject({
      ok: false,
      upstreamThrows: true,
      errorName: "TypeError",
      message: "d.trim is not a function",
    });
  });
});
