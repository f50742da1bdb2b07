// The hand-built capsule fixtures, one scenario per file.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { capsuleDiagnostics, findCapsule, renderCompactCapsulePrompt, restoreFromCapsule, validateCompactCapsule } from "../../../src/capsule/index.js";

const load = (name: string): unknown => JSON.parse(readFileSync(resolve(import.meta.dirname, "../../../fixtures/capsules", name), "utf8"));

describe("capsule fixtures", () => {
  it("valid-blocked-by-gate: valid, blocked by the hard deny, nextAction names it", () => {
    const c = load("valid-blocked-by-gate.json");
    expect(validateCompactCapsule(c)).toEqual({ valid: true, missing: [], warnings: [] });
    const r = restoreFromCapsule(c);
    expect(r.ok && r.state).toMatchObject({
      isBlocked: true,
      blockReason: "存在 1 条 hard-deny",
      nextAction: "解决 hard-deny:写入 config/prod.yaml 被拒绝:缺少审批证据",
      phase: "plan",
      resumeContext: "阶段 plan,下一动作:ask the user about the database;1 个 blocking question 待回答;1 条 hard-deny 待处理",
    });
    const p = renderCompactCapsulePrompt(c);
    expect(p.ok && p.text).toContain("- src/db.ts:2 anchors,fileHash=9f86d081884c");
    expect(capsuleDiagnostics(c, "x")).toEqual([]);
  });
  it("embedded-in-compaction-details: found under details.capsule; blocked write is pending but not warned", () => {
    const c = findCapsule(load("embedded-in-compaction-details.json"));
    expect(validateCompactCapsule(c)).toEqual({ valid: true, missing: [], warnings: [] });
    const r = restoreFromCapsule(c);
    expect(r.ok && r.state.pendingWriteTransactions).toEqual([{ id: "w2", path: "src/api.ts", status: "blocked" }]);
  });
  it("invalid-empty-trace-id: missing traceId, restore would throw", () => {
    const c = load("invalid-empty-trace-id.json");
    expect(validateCompactCapsule(c).missing).toEqual(["traceId"]);
    expect(restoreFromCapsule(c)).toMatchObject({ ok: false, upstreamThrows: true, message: "CompactCapsule 校验失败,缺失字段:traceId" });
  });
  it("crash-open-questions-absent: validation would throw a TypeError", () => {
    const c = load("crash-open-questions-absent.json");
    expect(validateCompactCapsule(c)).toMatchObject({ upstreamThrows: true, errorName: "TypeError", missing: ["openQuestions"] });
    expect(capsuleDiagnostics(c, "x").map((d) => d.code)).toEqual(["CAPSULE_MISSING", "CAPSULE_UPSTREAM_THROWS", "SCHEMA"]);
  });
  it("null-stop-hook: valid but blocked without a reason", () => {
    const r = restoreFromCapsule(load("null-stop-hook.json"));
    expect(r.ok && r.state.isBlocked).toBe(true);
    expect(r.ok && r.state.blockReason).toBeUndefined();
  });
});
