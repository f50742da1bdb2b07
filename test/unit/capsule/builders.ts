// Tiny typed builders for capsule tests.
import type { ActiveRun, CompactCapsule } from "../../../src/capsule/types.js";

export const NOW = new Date("2026-01-02T03:04:05.678Z");

export const run = (over: Partial<ActiveRun> = {}): ActiveRun => ({ id: "run-1", ...over });

export const capsule = (over: Partial<CompactCapsule> & Record<string, unknown> = {}): CompactCapsule => ({
  hardDenySummary: [],
  openQuestions: [],
  resumeSnapshot: null,
  currentGate: { passed: true, findings: [] },
  writeTransactions: [],
  sourceAnchors: [],
  traceId: "trace-1",
  createdAt: NOW.toISOString(),
  ...over,
});

/** A capsule with a member removed (for the robustness cases). */
export function without(c: CompactCapsule, key: keyof CompactCapsule): Record<string, unknown> {
  const o: Record<string, unknown> = { ...c };
  delete o[key];
  return o;
}
