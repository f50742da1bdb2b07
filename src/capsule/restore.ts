// restoreFromCapsule (docs/capsule.md §5). Both priority orders are kept as upstream has them: blockReason
// ranks hard-deny > blocking question > stop hook, nextAction ranks stop hook first (docs/capsule.md §5 "Inconsistencies").
// Where upstream throws (invalid capsule, crashes on malformed members), the error comes back as data.
import type { CapsuleRestoredState, CompactCapsule, RestoreResult } from "./types.js";
import { toUpstreamThrow } from "./types.js";
import { validateCompactCapsule } from "./validate.js";

// Runtime strings verbatim from the seed (004_eb952969c8824f76.txt), ASCII punctuation as there.
export const RESTORE_FAILED_PREFIX = "CompactCapsule 校验失败,缺失字段:";
export const DEFAULT_NEXT_ACTION = "继续当前阶段任务";
export const GATE_NOT_PASSED = "门禁未通过";

export function restoreFromCapsule(input: unknown): RestoreResult {
  const v = validateCompactCapsule(input);
  if (v.upstreamThrows) return { ok: false, upstreamThrows: true, errorName: v.errorName, message: v.message };
  if (!v.valid) return { ok: false, upstreamThrows: true, errorName: "Error", message: `${RESTORE_FAILED_PREFIX}${v.missing.join(", ")}` };
  try {
    return { ok: true, state: restoreValid(input as CompactCapsule) };
  } catch (e) {
    return { ok: false, ...toUpstreamThrow(e) };
  }
}

function restoreValid(capsule: CompactCapsule): CapsuleRestoredState {
  const pendingQuestions = capsule.openQuestions.filter((q) => q.blocking);
  const activeHardDenies = capsule.hardDenySummary.filter((d) => d.trim().length > 0);
  const pendingWrites = capsule.writeTransactions.filter((t) => t.status === "planned" || t.status === "blocked");
  // `!== undefined`: an explicit null stop hook counts as blocked (docs/capsule.md §7 case 11).
  const isBlocked = activeHardDenies.length > 0 || pendingQuestions.length > 0 || capsule.stopHook !== undefined;
  let blockReason: string | undefined;
  if (activeHardDenies.length > 0) blockReason = `存在 ${activeHardDenies.length} 条 hard-deny`;
  else if (pendingQuestions.length > 0) blockReason = `存在 ${pendingQuestions.length} 个 blocking question 未回答`;
  else if (capsule.stopHook) blockReason = `Stop Hook 触发:${capsule.stopHook.type} — ${capsule.stopHook.reason}`;
  const resumeContext = buildResumeContext(capsule);
  const nextAction = determineNextAction(capsule);
  return {
    phase: capsule.resumeSnapshot?.phase ?? "execute",
    nextAction,
    pendingQuestions,
    activeHardDenies,
    pendingWriteTransactions: pendingWrites,
    staleSourceAnchors: capsule.sourceAnchors,
    resumeContext,
    isBlocked,
    blockReason,
  };
}

/** docs/capsule.md §5.8: parts joined with ";" (the seed's ASCII form of a full-width semicolon). Blank hard-deny lines count. */
function buildResumeContext(capsule: CompactCapsule): string | null {
  const parts: string[] = [];
  if (capsule.resumeSnapshot) parts.push(`阶段 ${capsule.resumeSnapshot.phase},下一动作:${capsule.resumeSnapshot.nextAction}`);
  const blocking = capsule.openQuestions.filter((q) => q.blocking);
  if (blocking.length > 0) parts.push(`${blocking.length} 个 blocking question 待回答`);
  if (capsule.hardDenySummary.length > 0) parts.push(`${capsule.hardDenySummary.length} 条 hard-deny 待处理`);
  return parts.length > 0 ? parts.join(";") : null;
}

/** docs/capsule.md §5.9: Stop Hook > Hard Deny (raw first entry, even blank) > Blocking Question > Resume Snapshot > Gate. */
function determineNextAction(capsule: CompactCapsule): string {
  if (capsule.stopHook) return `处理 Stop Hook:${capsule.stopHook.type} — ${capsule.stopHook.reason}`;
  if (capsule.hardDenySummary.length > 0) return `解决 hard-deny:${capsule.hardDenySummary[0]}`;
  const blockingQuestions = capsule.openQuestions.filter((q) => q.blocking);
  if (blockingQuestions.length > 0) return `回答 blocking question:${blockingQuestions[0].id} — ${blockingQuestions[0].question}`;
  if (capsule.resumeSnapshot) return capsule.resumeSnapshot.nextAction;
  // `??`: only null/undefined take the default; an empty reason stays empty.
  if (!capsule.currentGate.passed) return `修复门禁:${capsule.currentGate.reason ?? GATE_NOT_PASSED}`;
  return DEFAULT_NEXT_ACTION;
}
