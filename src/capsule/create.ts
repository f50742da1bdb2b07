// createCompactCapsule (docs/capsule.md §3). Keys are created in upstream order and optional ones are present
// with `undefined` (they vanish on JSON serialisation, docs/capsule.md §7 case 17). `now` replaces the wall clock.
import type { ActiveRun, CompactCapsule, CompactGateFinding, CompactStopHook, UpstreamThrow } from "./types.js";
import { toUpstreamThrow } from "./types.js";

// Runtime strings verbatim from the seed, ASCII punctuation as there.
export const REPAIR_BLOCKED = "修复阻断";
const GATE_NOT_PASSED = "门禁未通过";

export function createCompactCapsule(run: ActiveRun, traceId?: string | null, now: Date = new Date()): CompactCapsule {
  return {
    hardDenySummary: hardDenySummary(run),
    openQuestions: (Array.isArray(run.questions) ? run.questions : [])
      .filter((q) => q.status === "open")
      .map((q) => ({ id: q.id, question: q.question, blocking: q.blocking, phase: q.phase })),
    resumeSnapshot:
      !run.resumeSnapshot || run.resumeSnapshot.status !== "open"
        ? null
        : { phase: run.resumeSnapshot.phase, nextAction: run.resumeSnapshot.nextAction, pendingQuestionId: run.resumeSnapshot.pendingQuestionId },
    currentGate: gateState(run),
    writeTransactions: (Array.isArray(run.writeTransactions) ? run.writeTransactions : []).map((t) => ({ id: t.id, path: t.path, status: t.status })),
    sourceAnchors: (Array.isArray(run.sourceAnchors) ? run.sourceAnchors : []).map((a) => ({ path: a.path, fileHash: a.fileHash, refCount: a.refs.length })),
    // Reserved upstream: never produced.
    completionPromiseId: undefined,
    stopHook: stopHook(run),
    // `??`: an empty string is kept (and later fails validation, docs/capsule.md §7 case 12).
    traceId: traceId ?? run.id,
    createdAt: now.toISOString(),
  };
}

/** Gate reason, snapshot gateReason, blocked repair evidence; de-duplicated, first occurrence wins. */
function hardDenySummary(run: ActiveRun): string[] {
  const lines: string[] = [];
  if (run.gate && !run.gate.passed && run.gate.reason) lines.push(run.gate.reason);
  if (run.resumeSnapshot?.gateReason) lines.push(run.resumeSnapshot.gateReason);
  if (run.repair?.status === "blocked" && run.repair.lastFailureEvidence) lines.push(`${REPAIR_BLOCKED}:${run.repair.lastFailureEvidence}`);
  return [...new Set(lines)];
}

function gateState(run: ActiveRun): CompactCapsule["currentGate"] {
  const findings: CompactGateFinding[] = [];
  if (run.gate && !run.gate.passed) findings.push({ severity: "hard-deny", policy: "gate-result", message: run.gate.reason ?? GATE_NOT_PASSED });
  return { passed: run.gate?.passed ?? true, reason: run.gate?.reason, findings };
}

/** A blocked repair becomes a stop hook (so it shows twice: hard-deny line and stop hook, docs/capsule.md §3). */
function stopHook(run: ActiveRun): CompactStopHook | undefined {
  if (run.repair?.status === "blocked") return { type: "blocked", reason: run.repair.lastFailureEvidence ?? REPAIR_BLOCKED };
  return undefined;
}

/**
 * createCompactCapsule for untrusted input: upstream throws a TypeError on a malformed run (a null
 * question, an anchor without `refs`); this returns that error as data instead.
 */
export function tryCreateCompactCapsule(
  run: unknown,
  traceId?: string | null,
  now?: Date,
): { ok: true; capsule: CompactCapsule } | ({ ok: false } & UpstreamThrow) {
  try {
    return { ok: true, capsule: createCompactCapsule(run as ActiveRun, traceId, now) };
  } catch (e) {
    return { ok: false, ...toUpstreamThrow(e) };
  }
}
