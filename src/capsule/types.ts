// CompactCapsule types as the upstream module declares them (docs/capsule.md §1), plus the ActiveRun fields
// that module reads (docs/capsule.md §2: the real types.ts was not found, so only what the code forces is typed), and
// sightline's result types for the places where the upstream module throws (docs/product.md §3).

/** KdPhase: only "execute" is known (the fallback phase); anything else passes through. */
export type KdPhase = string;

export interface CompactOpenQuestion {
  id: string;
  question: string;
  blocking: boolean;
  phase: KdPhase;
}

export interface CompactResumeSnapshot {
  phase: KdPhase;
  nextAction: string;
  pendingQuestionId?: string;
}

export interface CompactGateFinding {
  severity: "hard-deny" | "soft-deny" | "evidence-required" | "warning";
  policy: string;
  message: string;
}

export interface CompactGateState {
  passed: boolean;
  reason?: string;
  findings: CompactGateFinding[];
}

export interface CompactWriteTransaction {
  id: string;
  path: string;
  status: "planned" | "blocked" | "written" | "verified";
}

export interface CompactSourceAnchor {
  path: string;
  fileHash: string;
  refCount: number;
}

export interface CompactStopHook {
  type: "done" | "blocked" | "budget-exhausted" | "stuck" | "unsafe" | "scope-drift";
  reason: string;
}

export interface CompactCapsule {
  hardDenySummary: string[];
  openQuestions: CompactOpenQuestion[];
  resumeSnapshot: CompactResumeSnapshot | null;
  currentGate: CompactGateState;
  writeTransactions: CompactWriteTransaction[];
  sourceAnchors: CompactSourceAnchor[];
  completionPromiseId?: string;
  stopHook?: CompactStopHook;
  traceId: string;
  createdAt: string;
}

export interface CompactCapsuleValidation {
  valid: boolean;
  missing: string[];
  warnings: string[];
}

/** The upstream RestoredState (not yoi's). */
export interface CapsuleRestoredState {
  phase: KdPhase;
  nextAction: string;
  pendingQuestions: CompactOpenQuestion[];
  activeHardDenies: string[];
  pendingWriteTransactions: CompactWriteTransaction[];
  staleSourceAnchors: CompactSourceAnchor[];
  resumeContext: string | null;
  isBlocked: boolean;
  blockReason?: string;
}

/** ActiveRun as far as createCompactCapsule reads it (docs/capsule.md §2). */
export interface ActiveRun {
  id: string;
  gate?: { passed: boolean; reason?: string } | null;
  resumeSnapshot?: { status: string; phase: KdPhase; nextAction: string; pendingQuestionId?: string; gateReason?: string } | null;
  repair?: { status: string; lastFailureEvidence?: string } | null;
  questions?: Array<{ id: string; question: string; blocking: boolean; phase: KdPhase; status: string }>;
  writeTransactions?: Array<{ id: string; path: string; status: CompactWriteTransaction["status"] }>;
  sourceAnchors?: Array<{ path: string; fileHash: string; refs: unknown[] }>;
}

/**
 * Where the upstream module would throw, sightline returns this instead: the error's name and message as
 * Node's V8 words them (the original's runtime is unknown; another engine words TypeErrors differently).
 */
export interface UpstreamThrow {
  upstreamThrows: true;
  errorName: string;
  message: string;
}

/** validateCompactCapsule: the validation, or (upstreamThrows) what was found before the crash. */
export type ValidateResult = CompactCapsuleValidation & ({ upstreamThrows?: undefined } | UpstreamThrow);
export type RestoreResult = { ok: true; state: CapsuleRestoredState } | ({ ok: false } & UpstreamThrow);
export type RenderResult = { ok: true; text: string } | ({ ok: false } & UpstreamThrow);

export function toUpstreamThrow(e: unknown): UpstreamThrow {
  if (e instanceof Error) return { upstreamThrows: true, errorName: e.name, message: e.message };
  return { upstreamThrows: true, errorName: "Error", message: String(e) };
}
