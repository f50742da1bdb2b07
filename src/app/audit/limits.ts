// The resource limits of the audit pool's workers, from the largest input (a module of its own: the launcher
// starts the workers before the orchestrator loads, early.ts).
import type { ResourceLimits } from "node:worker_threads";

/**
 * A worker holds one session at a time, so a small young generation suffices: with 8 MB instead of V8's default
 * the peak RSS of an audit of many small files is ≈ 45 MB lower (two workers) for the same CPU time (issue 21).
 * Its old generation is capped by the largest input too: without a cap V8 lets garbage from earlier sessions pile
 * up to ≈ 50 MB per worker before a full collection (≈ 40 MB of peak RSS on 500 small files). A session's live
 * heap is ≈ 3–5× its file's size and a worker's own modules hold ≈ 6 MB, so the cap leaves twice both (at least
 * 32 MB: lower, collections start to cost CPU on small files). A file that still overruns it is audited again in
 * this thread (no cap), so the cap never changes a result. (A 48 MB floor held ≈ 10 MB more at the peak of the
 * Claude Code archive, where the largest file is 1.3 MB, for the same CPU.)
 * The young generation grows with the largest input past 8 MB, to 3.5× its size and at most 32 MB: with 8 MB a
 * worker scavenges every ≈ 3 MB it allocates (917 scavenges in an audit of the synthetic corpus), and a large
 * session's build keeps much of what it allocates (its live heap is 3–5× its file). On that corpus (largest 9.3 MB),
 * four alternating runs each: 8 MB 14.9–16.5 s of CPU (median 15.9), 32 MB 14.4–15.2 s (15.0), 48 MB 14.0–15.4 s
 * (15.0), 64 MB 14.6–15.3 s (14.7); peak RSS 192–198, 264–277, 255–284 and 304–310 MB (docs/performance.md §4.25).
 * One 95 MB real session: 8 MB 3.3 s, 32 MB 3.0 s, peak 288 → 313 MB. Not for medium files: on the 80 real
 * sessions of 2.3 MB, 32 MB cost ≈ 20 % more CPU (16 MB: the same as 8), so files up to 2.3 MB keep 8 MB, and so
 * do the small-file and agent archives whose peaks have goals.
 */
export function auditWorkerLimits(largestBytes: number): ResourceLimits {
  const largestMb = largestBytes / 2 ** 20;
  return {
    maxYoungGenerationSizeMb: Math.min(32, Math.max(8, Math.floor(3.5 * largestMb))),
    maxOldGenerationSizeMb: Math.max(32, Math.ceil(12 + 10 * largestMb)),
  };
}

/** auditWorkerLimits for a run of files of these sizes (its largest). */
export const limitsForSizes = (sizes: readonly number[]): ResourceLimits => auditWorkerLimits(sizes.reduce((a, b) => Math.max(a, b), 0));
