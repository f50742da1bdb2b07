// validateCompactCapsule (docs/capsule.md §4): ten checks in upstream order. Checks 8–10 run even after a
// structural check failed, which makes the original throw a TypeError; the property accesses below are
// written in the same shape (`capsule.openQuestions.filter`, …) so the caught error carries the message
// V8 gives the original, and sightline returns it with upstreamThrows instead of throwing (docs/product.md §3).
import type { CompactCapsule, ValidateResult } from "./types.js";
import { toUpstreamThrow } from "./types.js";

// Labels and warnings verbatim from the seed (ASCII punctuation as the seed has it).
export const MISSING_GATE_WITH_HARD_DENY = "currentGate (hard deny 存在但 gate 状态缺失)";
export const WARN_BLOCKING_NO_SNAPSHOT = "存在 blocking question 但无 resumeSnapshot,恢复后可能丢失处理断点";
export const WARN_PLANNED_NO_ANCHOR = "存在 planned 写入事务但无 source anchor,恢复后写入校验可能失败";

export function validateCompactCapsule(input: unknown): ValidateResult {
  const capsule = input as CompactCapsule;
  const missing: string[] = [];
  const warnings: string[] = [];
  try {
    if (!capsule.traceId || typeof capsule.traceId !== "string") missing.push("traceId");
    if (!capsule.createdAt || typeof capsule.createdAt !== "string") missing.push("createdAt");
    if (!Array.isArray(capsule.hardDenySummary)) missing.push("hardDenySummary");
    if (!Array.isArray(capsule.openQuestions)) missing.push("openQuestions");
    // typeof [] is "object": an array gate passes (docs/capsule.md §4 #5).
    if (!capsule.currentGate || typeof capsule.currentGate !== "object") missing.push("currentGate");
    if (!Array.isArray(capsule.writeTransactions)) missing.push("writeTransactions");
    if (!Array.isArray(capsule.sourceAnchors)) missing.push("sourceAnchors");

    // #8: a string hardDenySummary passes `.length` here although #3 reported it missing.
    if (capsule.hardDenySummary.length > 0 && !capsule.currentGate) missing.push(MISSING_GATE_WITH_HARD_DENY);
    const blockingQuestions = capsule.openQuestions.filter((q) => q.blocking);
    if (blockingQuestions.length > 0 && !capsule.resumeSnapshot) warnings.push(WARN_BLOCKING_NO_SNAPSHOT);
    // #10 looks at `planned` only, although restore treats `blocked` as pending too (docs/capsule.md §5).
    const pendingWrites = capsule.writeTransactions.filter((t) => t.status === "planned");
    if (pendingWrites.length > 0 && capsule.sourceAnchors.length === 0) warnings.push(WARN_PLANNED_NO_ANCHOR);
  } catch (e) {
    return { valid: false, missing, warnings, ...toUpstreamThrow(e) };
  }
  return { valid: missing.length === 0, missing, warnings };
}
