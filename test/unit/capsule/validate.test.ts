import { describe, expect, it } from "vitest";
import { validateCompactCapsule } from "../../../src/capsule/index.js";
import { capsule, without } from "./builders.js";

describe("capsule.md §4 validation", () => {
  it("§4 #1: traceId falsy or not a string", () => {
    expect(validateCompactCapsule(capsule({ traceId: 5 as never })).missing).toEqual(["traceId"]);
    expect(validateCompactCapsule(without(capsule(), "traceId")).missing).toEqual(["traceId"]);
  });
  it("§4 #2: createdAt falsy or not a string; format is not checked", () => {
    expect(validateCompactCapsule(capsule({ createdAt: "" })).missing).toEqual(["createdAt"]);
    expect(validateCompactCapsule(capsule({ createdAt: "yesterday" })).valid).toBe(true);
  });
  it("§4 #3: a string hardDenySummary is missing at #3 but passes #8's .length", () => {
    expect(validateCompactCapsule(capsule({ hardDenySummary: "R" as never }))).toEqual({ valid: false, missing: ["hardDenySummary"], warnings: [] });
  });
  it("§4 #4 / #9: openQuestions as an object → missing, then #9 throws `filter is not a function`", () => {
    const v = validateCompactCapsule(capsule({ openQuestions: {} as never }));
    expect(v).toMatchObject({
      valid: false,
      missing: ["openQuestions"],
      upstreamThrows: true,
      errorName: "TypeError",
      message: "capsule.openQuestions.filter is not a function",
    });
  });
  it("§4 #5: an array gate passes (typeof [] is object); a string gate is missing", () => {
    expect(validateCompactCapsule(capsule({ currentGate: [] as never })).valid).toBe(true);
    expect(validateCompactCapsule(capsule({ currentGate: "x" as never })).missing).toEqual(["currentGate"]);
  });
  it("§4 #6 / #10: writeTransactions not an array → missing, then #10 throws", () => {
    const v = validateCompactCapsule(capsule({ writeTransactions: "w" as never }));
    expect(v).toMatchObject({ missing: ["writeTransactions"], upstreamThrows: true, message: "capsule.writeTransactions.filter is not a function" });
  });
  it("§4 #7: sourceAnchors not an array is only dereferenced when a planned write exists", () => {
    expect(validateCompactCapsule(capsule({ sourceAnchors: null as never }))).toEqual({ valid: false, missing: ["sourceAnchors"], warnings: [] });
    const v = validateCompactCapsule(capsule({ sourceAnchors: null as never, writeTransactions: [{ id: "w", path: "p", status: "planned" }] }));
    expect(v).toMatchObject({ missing: ["sourceAnchors"], upstreamThrows: true, message: "Cannot read properties of null (reading 'length')" });
  });
  it("§4 #8: hardDenySummary null/undefined crashes at #8", () => {
    expect(validateCompactCapsule(capsule({ hardDenySummary: null as never }))).toMatchObject({
      missing: ["hardDenySummary"],
      upstreamThrows: true,
      message: "Cannot read properties of null (reading 'length')",
    });
    expect(validateCompactCapsule(without(capsule(), "hardDenySummary"))).toMatchObject({ message: "Cannot read properties of undefined (reading 'length')" });
  });
  it("§4 #8: hard denies with a missing gate add the second label after #5's", () => {
    expect(validateCompactCapsule(without(capsule({ hardDenySummary: ["R"] }), "currentGate")).missing).toEqual([
      "currentGate",
      "currentGate (hard deny 存在但 gate 状态缺失)",
    ]);
  });
  it("§4 #9: a blocking question with resumeSnapshot undefined warns; with a snapshot it does not", () => {
    const q = [{ id: "q", question: "?", blocking: true, phase: "p" }];
    expect(validateCompactCapsule(without(capsule({ openQuestions: q }), "resumeSnapshot")).warnings).toHaveLength(1);
    expect(validateCompactCapsule(capsule({ openQuestions: q, resumeSnapshot: { phase: "p", nextAction: "n" } })).warnings).toEqual([]);
  });
  it("§4: both warnings, order #9 then #10; warnings never affect validity", () => {
    const v = validateCompactCapsule(
      capsule({ openQuestions: [{ id: "q", question: "?", blocking: true, phase: "p" }], writeTransactions: [{ id: "w", path: "p", status: "planned" }] }),
    );
    expect(v.valid).toBe(true);
    expect(v.warnings).toEqual([
      "存在 blocking question 但无 resumeSnapshot,恢复后可能丢失处理断点",
      "存在 planned 写入事务但无 source anchor,恢复后写入校验可能失败",
    ]);
  });
  it("§4: missing labels come in check order", () => {
    expect(validateCompactCapsule({ hardDenySummary: [], openQuestions: [], writeTransactions: [] }).missing).toEqual([
      "traceId",
      "createdAt",
      "currentGate",
      "sourceAnchors",
    ]);
  });
  it("§4 not validated: resumeSnapshot shape, stopHook, enums, element shapes", () => {
    const v = validateCompactCapsule(
      capsule({ resumeSnapshot: 3 as never, stopHook: { type: "nope", reason: 1 } as never, writeTransactions: [{ status: "odd" } as never] }),
    );
    expect(v).toEqual({ valid: true, missing: [], warnings: [] });
  });
  it("§4: a null capsule throws at the first access", () => {
    expect(validateCompactCapsule(null)).toMatchObject({ upstreamThrows: true, message: "Cannot read properties of null (reading 'traceId')", missing: [] });
  });
});
